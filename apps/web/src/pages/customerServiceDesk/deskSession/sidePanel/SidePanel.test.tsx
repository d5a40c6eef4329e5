import type { FanDetailView } from '@app/core'
import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../../api/desk'
import { i18n } from '../../../../i18n'
import { makeSession } from '../../../../test/fixtures'
import { renderAt } from '../../../../test/testUtils'
import { SidePanel } from './SidePanel'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('../../group/GroupPanel', () => ({ GroupPanel: () => <div data-testid="group-panel" /> }))
vi.mock('../../../../components/label/FanLabels', () => ({
  FanLabels: ({ fanId }: { fanId: number }) => <div data-testid="fan-labels">{fanId}</div>,
}))
vi.mock('../../../../api/desk', () => ({ sessionDetail: vi.fn(), updateSessionFan: vi.fn() }))

configure({ asyncUtilTimeout: 5000 })

const session = makeSession({ id: 5, fanId: 11 })
const fan: FanDetailView = {
  id: 11,
  nickname: '',
  pushName: 'Ollie',
  remark: 'old',
  phone: '447700900123',
  jid: '447700900123@s.whatsapp.net',
  lid: null,
  phoneHidden: false,
  accountId: 7,
  accountPhone: '8613800000001',
  accountGroupName: 'Sales',
  source: 'passive_add',
  country: 'GB',
  repeat: false,
  invalid: false,
  massSendEnabled: false,
  createdAt: Date.UTC(2026, 0, 5, 8, 0, 0),
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.sessionDetail).mockResolvedValue({ session, fan, group: null })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('customer side panel', { timeout: 30_000 }, () => {
  it('shows the customer: phone, account, source, group, country from the number, labels', async () => {
    renderAt(<SidePanel session={session} />, '/')
    expect(await screen.findByTestId('desk-panel-country')).toHaveTextContent('United Kingdom')
    expect(screen.getByText('+447700900123')).toBeInTheDocument()
    expect(screen.getByText('+8613800000001')).toBeInTheDocument()
    expect(screen.getByText('Passive add')).toBeInTheDocument()
    expect(screen.getByText('Sales')).toBeInTheDocument()
    expect(screen.getByTestId('desk-panel-mass-send')).toHaveTextContent('Mass send forbidden')
    expect(screen.getByTestId('fan-labels')).toHaveTextContent('11')
    expect(screen.getByTestId('desk-nickname-input')).toHaveAttribute('placeholder', 'Ollie')
  })

  it('saves an edited remark when the field is left, and only when it changed', async () => {
    vi.mocked(api.updateSessionFan).mockResolvedValue({
      session,
      fan: { ...fan, remark: 'VIP' },
      group: null,
    })
    renderAt(<SidePanel session={session} />, '/')
    const remark = await screen.findByTestId('desk-remark-input')
    expect(remark).toHaveValue('old')
    fireEvent.blur(remark)
    expect(api.updateSessionFan).not.toHaveBeenCalled()
    fireEvent.change(remark, { target: { value: ' VIP ' } })
    fireEvent.blur(remark)
    await waitFor(() => expect(api.updateSessionFan).toHaveBeenCalledWith({ sessionId: 5, remark: 'VIP' }))
    await waitFor(() => expect(screen.getByTestId('desk-remark-input')).toHaveValue('VIP'))
  })

  it('puts a failed save back', async () => {
    vi.mocked(api.updateSessionFan).mockRejectedValue(new Error('refused'))
    renderAt(<SidePanel session={session} />, '/')
    const remark = await screen.findByTestId('desk-remark-input')
    fireEvent.change(remark, { target: { value: 'new' } })
    fireEvent.blur(remark)
    await waitFor(() => expect(screen.getByTestId('desk-remark-input')).toHaveValue('old'))
  })

  it('shows the group panel for a group session', async () => {
    renderAt(<SidePanel session={makeSession({ id: 6, type: 'group', fanId: null, groupChatId: 3 })} />, '/')
    expect(await screen.findByTestId('group-panel')).toBeInTheDocument()
    expect(api.sessionDetail).not.toHaveBeenCalled()
  })
})
