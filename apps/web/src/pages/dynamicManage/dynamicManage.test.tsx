import type { DynamicPostDetail, DynamicPostView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as desk from '../../api/desk'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import * as api from './api'
import DynamicManagePage from './index'

vi.mock('../../realtime', () => import('../../test/testUtils'))
vi.mock('./api')
vi.mock('../../api/desk')

const post = (over: Partial<DynamicPostView> = {}): DynamicPostView => ({
  id: 7,
  kind: 'text',
  text: 'Spring sale',
  backgroundColor: '#25D366',
  font: 0,
  mediaId: null,
  scheduledAt: Date.UTC(2026, 0, 5, 8),
  createdAt: Date.UTC(2026, 0, 5, 8),
  counts: { total: 2, pending: 0, posted: 1, failed: 1, cancelled: 0, views: 1 },
  ...over,
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(desk.listDeskAccounts).mockResolvedValue([
    { id: 1, phone: '8613800000001', pushName: '', remark: '', status: 'online', abnormalReason: null },
  ] as never)
})
afterEach(() => i18n.changeLanguage('zh'))

describe('WS dynamics', { timeout: 60_000 }, () => {
  it('lists posts with their results and shows each account’s outcome with the failure reason', async () => {
    vi.mocked(api.pageDynamics).mockResolvedValue({ list: [post()], total: 1 })
    const detail: DynamicPostDetail = {
      ...post(),
      targets: [
        {
          accountId: 1,
          phone: '8613800000001',
          state: 'posted',
          reason: null,
          detail: null,
          audience: 3,
          postedAt: Date.UTC(2026, 0, 5, 8),
          viewers: [{ viewer: '447700900001', viewedAt: Date.UTC(2026, 0, 5, 9) }],
        },
        {
          accountId: 2,
          phone: '8613800000002',
          state: 'failed',
          reason: 'account_offline',
          detail: 'account device_removed',
          audience: 0,
          postedAt: null,
          viewers: [],
        },
      ],
    }
    vi.mocked(api.dynamicDetail).mockResolvedValue(detail)
    renderWithProviders(<DynamicManagePage />)
    expect(await screen.findByTestId('dynamic-result-7')).toHaveTextContent('Posted 1 / failed 1 / waiting 0')
    fireEvent.click(screen.getByTestId('dynamic-detail-7'))
    const targets = await screen.findByTestId('dynamic-targets')
    await waitFor(() =>
      expect(within(targets).getByText('The account is offline or logged out')).toBeInTheDocument(),
    )
    expect(within(targets).getByText('Posted')).toBeInTheDocument()
    expect(within(targets).getByText('+447700900001')).toBeInTheDocument()
  })

  it('refuses an empty text and no accounts in the user’s language, then posts a text now', async () => {
    vi.mocked(api.pageDynamics).mockResolvedValue({ list: [], total: 0 })
    vi.mocked(api.createDynamic).mockResolvedValue({ id: 9 })
    renderWithProviders(<DynamicManagePage />)
    expect(await screen.findByText('No status posted yet')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('dynamic-create'))
    fireEvent.click(await screen.findByTestId('dynamic-submit'))
    expect(await screen.findByText('Choose the accounts to post from')).toBeInTheDocument()
    expect(await screen.findByText('Enter the text of the status')).toBeInTheDocument()
    expect(api.createDynamic).not.toHaveBeenCalled()

    fireEvent.change(screen.getByTestId('dynamic-text'), { target: { value: 'Hello all' } })
    const select = screen.getByTestId('dynamic-accounts').querySelector('input') as HTMLInputElement
    fireEvent.mouseDown(select)
    fireEvent.click(await screen.findByText('+8613800000001'))
    fireEvent.click(screen.getByTestId('dynamic-submit'))
    await waitFor(() => expect(api.createDynamic).toHaveBeenCalled())
    expect(vi.mocked(api.createDynamic).mock.calls[0]?.[0]).toMatchObject({
      kind: 'text',
      text: 'Hello all',
      accountIds: [1],
      backgroundColor: '#128C7E',
      font: 0,
    })
    expect(vi.mocked(api.createDynamic).mock.calls[0]?.[0]).not.toHaveProperty('scheduledAt')
  })
})
