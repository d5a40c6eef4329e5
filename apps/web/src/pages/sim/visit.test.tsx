import type { SimChatView, SimMessageView, SimPhoneView } from '@app/core'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/sim'
import { setFeedback } from '../../app/feedback'
import { queryClient } from '../../app/queryClient'
import { i18n } from '../../i18n'
import SimPage from './index'

vi.mock('../../api/sim')
const mocked = vi.mocked(api)

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const SHOP = '8613800000001'
const ALICE = '447700900001'

const phone = (over: Partial<SimPhoneView>): SimPhoneView => ({
  number: ALICE,
  name: 'Alice',
  registered: true,
  isAccount: false,
  linked: false,
  online: false,
  accountIds: [],
  banned: false,
  restrictedUntil: null,
  updateRequired: false,
  addressing: 'phone',
  ...over,
})
const shop = phone({
  number: SHOP,
  name: 'Shop',
  isAccount: true,
  linked: true,
  online: true,
  accountIds: [3],
})
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

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/sim', element: <SimPage /> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

const success = vi.fn()
beforeEach(async () => {
  await i18n.changeLanguage('en')
  const noop = vi.fn()
  const dialog = vi.fn(() => ({ destroy: noop }))
  setFeedback({
    message: { error: noop, success, warning: noop, info: noop, loading: vi.fn() },
    modal: { confirm: dialog, warning: dialog, info: dialog },
    notification: { info: noop },
  })
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
