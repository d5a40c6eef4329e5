import type { SimChatView, SimMessageView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/sim'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { ALICE, phone, renderSimAt, SHOP, shop } from './simTestData'

vi.mock('../../api/sim')
const mocked = vi.mocked(api)

const greeting: SimMessageView = {
  id: 'M1',
  from: ALICE,
  fromName: 'Alice',
  fromMe: true,
  timestamp: Date.UTC(2025, 0, 1, 8, 30),
  kind: 'text',
  text: 'Hi, I saw your ad #ABC234',
  status: 'sent',
  revoked: false,
  edited: false,
  reactions: [],
  viaDevice: false,
}
const chat: SimChatView = {
  peer: SHOP,
  type: 'direct',
  title: 'Shop',
  lastAt: 1,
  last: { kind: 'text', text: greeting.text, fromMe: true, revoked: false },
  unread: 0,
  member: true,
}

const renderAt = renderSimAt

const success = vi.fn()
beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback({ success })
  mocked.listSimPhones.mockResolvedValue([shop, phone({})])
  mocked.listSimChats.mockResolvedValue([])
  mocked.listSimMessages.mockResolvedValue({ list: [], hasMore: false })
  mocked.listPendingQrs.mockResolvedValue([])
  mocked.readSimChat.mockResolvedValue(null)
  mocked.listSimDiversionLinks.mockResolvedValue([
    { code: 'spring', name: 'Spring ads', enabled: true },
    { code: 'old', name: 'Old ads', enabled: false },
  ])
})
afterEach(async () => {
  queryClient.clear()
  vi.clearAllMocks()
  await i18n.changeLanguage('zh')
})

describe('/sim: visit a diversion link as this phone', { timeout: 30_000 }, () => {
  it('is offered on a customer’s phone, not on one of the product’s numbers', async () => {
    renderAt(`/sim?phone=${SHOP}`)
    expect(await screen.findByTestId('sim-current-phone')).toHaveTextContent('Shop')
    expect(screen.queryByTestId('sim-visit')).toBeNull()
  })

  it('visits the chosen link, says where the greeting went and opens that chat', async () => {
    mocked.visitAsPhone.mockImplementation(async () => {
      mocked.listSimChats.mockResolvedValue([chat])
      mocked.listSimMessages.mockResolvedValue({ list: [greeting], hasMore: false })
      return { account: SHOP, message: greeting }
    })
    const router = renderAt(`/sim?phone=${ALICE}`)
    fireEvent.click(await screen.findByTestId('sim-visit'))
    const select = await screen.findByTestId('sim-visit-link')
    expect(screen.getByTestId('sim-visit-submit')).toBeDisabled()
    fireEvent.mouseDown(within(select).getByRole('combobox'))
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === 'Spring ads (spring)',
      )
      if (!found) throw new Error('option not shown')
      return found
    })
    expect(document.querySelector('.ant-select-item-option[title="Old ads (old) · disabled"]')).not.toBeNull()
    fireEvent.click(option)
    fireEvent.click(screen.getByTestId('sim-visit-submit'))

    await waitFor(() => expect(mocked.visitAsPhone).toHaveBeenCalledWith(ALICE, 'spring'))
    await waitFor(() => expect(router.state.location.search).toBe(`?phone=${ALICE}&peer=${SHOP}`))
    expect(success).toHaveBeenCalledWith({ content: `Greeting sent to +${SHOP}` })
    expect(await screen.findByText('Hi, I saw your ad #ABC234')).toBeInTheDocument()
  })

  it('says where to make a link when there is none', async () => {
    mocked.listSimDiversionLinks.mockResolvedValue([])
    renderAt(`/sim?phone=${ALICE}`)
    fireEvent.click(await screen.findByTestId('sim-visit'))
    expect(await screen.findByTestId('sim-visit-empty')).toHaveTextContent('Marketing → Diversion links')
  })
})
