import { DESK_ID_HEADER, Header, Role } from '@app/core'
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/desk'
import { resetDialogs } from '../../../api/dialogs'
import { ApiError } from '../../../api/request'
import { setFeedback } from '../../../app/feedback'
import { queryClient } from '../../../app/queryClient'
import { i18n } from '../../../i18n'
import { useAppStore } from '../../../stores/app'
import { deskHeaders, useDesk } from '../../../stores/desk'
import { useSession } from '../../../stores/session'
import { makeMessage, makeSession, makeUser } from '../../../test/fixtures'
import { emitSocket } from '../../../test/testUtils'
import DeskLayout from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../hooks/useAnnouncements', () => ({ useAnnouncementNotifications: () => undefined }))
// the mentions bell: no mentions unless a test says so
vi.mock('../../../api/deskNotes', () => ({
  unreadMentionCount: vi.fn(async () => 0),
  pageMentions: vi.fn(async () => ({ list: [], nextCursor: null, unreadCount: 0 })),
  markMentionsRead: vi.fn(async () => ({ unreadCount: 0 })),
}))
vi.mock('../../../api/desk', () => ({
  enterDesk: vi.fn(),
  sessionCounts: vi.fn(),
  listAgents: vi.fn(),
  listDeskAccounts: vi.fn(),
  getTargetLanguage: vi.fn(),
  setTargetLanguage: vi.fn(),
}))

configure({ asyncUtilTimeout: 5000 })

const counts = { all: 12, unread: 5, noReply: 2, pinned: 1, manual: 10, ai: 2, group: 3, invalid: 4 }
const confirm = vi.fn((_config: { content?: unknown; title?: unknown }) => ({ destroy: vi.fn() }))

function renderDesk(path = '/customerServiceDesk/deskSession') {
  const router = createMemoryRouter(
    [
      {
        element: <DeskLayout />,
        children: [
          { path: '/customerServiceDesk/deskSession', element: <div data-testid="desk-page">sessions</div> },
          { path: '/customerServiceDesk/myAccount', element: <div data-testid="desk-page">accounts</div> },
        ],
      },
      { path: '/404', element: <div data-testid="not-found" /> },
    ],
    { initialEntries: [path] },
  )
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  )
  return router
}

const signIn = (role: 'customerMaster' | 'customerUser' | 'admin', id = 10) =>
  useSession.setState({ token: 't', user: makeUser({ id, roles: [role] }), roles: [Role[role]] })

beforeEach(async () => {
  vi.clearAllMocks()
  queryClient.clear()
  resetDialogs()
  await i18n.changeLanguage('en')
  const noop = vi.fn()
  setFeedback({
    message: { error: noop, success: noop, warning: noop, info: noop, loading: vi.fn() },
    modal: { confirm, warning: confirm, info: confirm },
    notification: { info: noop },
  })
  useDesk.getState().setActing(null)
  vi.mocked(api.enterDesk).mockImplementation(async (customerUserId) => ({
    deskId: customerUserId ? `desk-as-${customerUserId}` : 'desk-1',
    userId: customerUserId ?? 10,
    nickname: customerUserId ? 'Agent Ann' : 'Master',
    acting: !!customerUserId,
    replacedDeskId: null,
  }))
  vi.mocked(api.sessionCounts).mockResolvedValue(counts)
  vi.mocked(api.listAgents).mockResolvedValue([{ id: 21, username: 'ann', nickname: 'Agent Ann' }])
})
afterEach(async () => {
  useSession.setState({ token: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('desk layout', { timeout: 30_000 }, () => {
  it('enters the desk, then shows the page and every sidebar entry with the session counts', async () => {
    signIn('customerUser')
    renderDesk()
    expect(await screen.findByTestId('desk-page')).toHaveTextContent('sessions')
    expect(api.enterDesk).toHaveBeenCalledWith(null)
    expect(await screen.findByTestId('desk-filter-count-unread')).toHaveTextContent('5')
    expect(screen.getByTestId('desk-filter-count-all')).toHaveTextContent('12')
    expect(screen.getByTestId('desk-filter-count-noReply')).toHaveTextContent('2')
    expect(screen.getByTestId('desk-filter-count-group')).toHaveTextContent('3')
    expect(screen.getByTestId('desk-filter-count-invalidCustomer')).toHaveTextContent('4')
    expect(screen.getByTestId('desk-filter-unread')).toHaveAttribute(
      'href',
      '/customerServiceDesk/deskSession?filter=unread',
    )
    expect(screen.getByTestId('desk-filter-all')).toHaveAttribute('aria-current', 'page')
    expect(screen.getByTestId('desk-filter-myCustomer')).toHaveAttribute(
      'href',
      '/customerServiceDesk/deskFansList',
    )
    expect(screen.getByTestId('desk-filter-autoReply')).toHaveAttribute(
      'href',
      '/customerServiceDesk/automaticReplyDesk',
    )
    for (const key of [
      'massSend',
      'myMaterial',
      'marketingInteraction',
      'labelManage',
      'deleteRecord',
      'myAccount',
    ])
      expect(screen.getByTestId(`desk-filter-${key}`).getAttribute('href')).toMatch(
        /^\/customerServiceDesk\//,
      )
    expect(screen.getByTestId('desk-filter-settings')).toBeInTheDocument()
    expect(screen.getByTestId('desk-filter-logout')).toBeInTheDocument()
    // an agent has no "act as" picker
    expect(screen.queryByTestId('desk-acting-agent')).not.toBeInTheDocument()
  })

  it('lists the sessions waiting on us, and names the no-reply entry by what it counts', async () => {
    signIn('customerUser')
    renderDesk('/customerServiceDesk/deskSession?view=waiting&sessionId=7')
    const waiting = await screen.findByTestId('desk-filter-waiting')
    expect(waiting).toHaveTextContent('Waiting on us')
    // the page's title is its one heading
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      i18n.t('menu.deskSession', { lng: 'en' }),
    )
    expect(waiting).toHaveAttribute('aria-current', 'page')
    // the open chat stays open when moving between session lists
    expect(waiting).toHaveAttribute('href', '/customerServiceDesk/deskSession?view=waiting&sessionId=7')
    expect(screen.getByTestId('desk-filter-all')).not.toHaveAttribute('aria-current')
    const noReply = screen.getByTestId('desk-filter-noReply')
    expect(noReply).toHaveTextContent("Customer hasn't replied")
    expect(noReply).toHaveAttribute('href', '/customerServiceDesk/deskSession?filter=noReply&sessionId=7')
    await i18n.changeLanguage('zh')
    expect(await screen.findByText('等待我们回复')).toBeInTheDocument()
    expect(screen.getByTestId('desk-filter-noReply')).toHaveTextContent('客户未回复')
  })

  it('recounts when a message arrives', async () => {
    signIn('customerUser')
    renderDesk()
    expect(await screen.findByTestId('desk-filter-count-unread')).toHaveTextContent('5')
    vi.mocked(api.sessionCounts).mockResolvedValue({ ...counts, unread: 6 })
    act(() => emitSocket('message.new', { message: makeMessage(), session: makeSession() }))
    await waitFor(() => expect(screen.getByTestId('desk-filter-count-unread')).toHaveTextContent('6'))
  })

  it('puts the desk id on desk calls only', async () => {
    signIn('customerUser')
    renderDesk()
    await screen.findByTestId('desk-page')
    expect(deskHeaders('/damai/customer/session/page')).toEqual({ [DESK_ID_HEADER]: 'desk-1' })
    expect(deskHeaders('/damai/system/user/profile/get')).toBeUndefined()
  })

  it('shows the 433 dialog when this desk is taken elsewhere, not for another desk', async () => {
    signIn('customerUser')
    renderDesk()
    await screen.findByTestId('desk-page')
    act(() => emitSocket('desk.taken', { deskId: 'some-other-desk' }))
    expect(confirm).not.toHaveBeenCalled()
    act(() => emitSocket('desk.taken', { deskId: 'desk-1' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(confirm.mock.calls[0]?.[0].content).toBe('A supervisor has signed in at another desk')
    expect(await screen.findByTestId('desk-taken')).toBeInTheDocument()
    expect(screen.queryByTestId('desk-page')).not.toBeInTheDocument()
    // taking it back enters again
    fireEvent.click(screen.getByTestId('desk-reenter'))
    expect(await screen.findByTestId('desk-page')).toBeInTheDocument()
    expect(api.enterDesk).toHaveBeenCalledTimes(2)
  })

  it('closes the desk when a desk read answers 433', async () => {
    signIn('customerUser')
    renderDesk()
    await screen.findByTestId('desk-filter-count-unread')
    vi.mocked(api.sessionCounts).mockRejectedValue(
      new ApiError(433, 'A supervisor has signed in at another desk'),
    )
    act(() => emitSocket('message.new', { message: makeMessage(), session: makeSession() }))
    expect(await screen.findByTestId('desk-taken')).toBeInTheDocument()
  })

  it('lets a supervisor work as one of their agents, with customer-user-id on desk calls', async () => {
    signIn('customerMaster')
    renderDesk()
    await screen.findByTestId('desk-page')
    const picker = await screen.findByTestId('desk-acting-agent')
    fireEvent.mouseDown(within(picker).getByRole('combobox'))
    fireEvent.click(await screen.findByText('Agent: Agent Ann'))
    await waitFor(() => expect(api.enterDesk).toHaveBeenLastCalledWith(21))
    expect(await screen.findByTestId('desk-owner')).toHaveTextContent('Working as agent “Agent Ann”')
    expect(deskHeaders('/damai/customer/session/page')).toEqual({
      [DESK_ID_HEADER]: 'desk-as-21',
      [Header.customerUserId]: '21',
    })
  })

  it("asks for the supervisor's agents once, also when acting as one of them", async () => {
    signIn('customerMaster')
    renderDesk()
    await screen.findByTestId('desk-page')
    const picker = await screen.findByTestId('desk-acting-agent')
    fireEvent.mouseDown(within(picker).getByRole('combobox'))
    fireEvent.click(await screen.findByText('Agent: Agent Ann'))
    await waitFor(() => expect(api.enterDesk).toHaveBeenLastCalledWith(21))
    expect(await screen.findByTestId('desk-owner')).toHaveTextContent('Working as agent “Agent Ann”')
    fireEvent.mouseDown(within(screen.getByTestId('desk-acting-agent')).getByRole('combobox'))
    expect(await screen.findByText('My own desk')).toBeInTheDocument()
    expect(api.listAgents).toHaveBeenCalledTimes(1)
  })

  it('offers the language switch below 992 px too', async () => {
    const wide = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: true })) as typeof window.matchMedia
    try {
      signIn('customerUser')
      renderDesk()
      await screen.findByTestId('desk-page')
      await waitFor(() => expect(useAppStore.getState().device).toBe('mobile'))
      useAppStore.getState().setLanguage('zh')
      fireEvent.click(within(screen.getByTestId('language-switch')).getByTestId('language-option-en'))
      await waitFor(() => expect(useAppStore.getState().language).toBe('en'))
      expect(i18n.language).toBe('en')
    } finally {
      window.matchMedia = wide
      useAppStore.getState().setDevice('desktop')
      useAppStore.getState().setLanguage('zh')
    }
  })

  it('opens the command palette with Ctrl+K, as the console does (the help sheet lists it)', async () => {
    signIn('customerUser')
    const router = renderDesk('/customerServiceDesk/myAccount')
    await screen.findByTestId('desk-page')
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
    // its code loads on the first opening
    await screen.findByTestId('command-palette', {}, { timeout: 15_000 })
    const sessions = await screen.findByRole('option', { name: /Sessions/ })
    expect(sessions).toHaveAttribute('data-kind', 'page')
    fireEvent.click(sessions)
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerServiceDesk/deskSession'))
  })

  it('sends anyone without a desk role to the not-found page', async () => {
    signIn('admin')
    renderDesk()
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
    expect(api.enterDesk).not.toHaveBeenCalled()
  })
})
