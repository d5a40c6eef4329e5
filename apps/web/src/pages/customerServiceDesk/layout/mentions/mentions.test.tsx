import { Role } from '@app/core'
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../../api/desk'
import * as notes from '../../../../api/deskNotes'
import { resetDialogs } from '../../../../api/dialogs'
import { setFeedback } from '../../../../app/feedback'
import { queryClient } from '../../../../app/queryClient'
import { i18n } from '../../../../i18n'
import { useDesk } from '../../../../stores/desk'
import { useSession } from '../../../../stores/session'
import { makeMention, makeUser } from '../../../../test/fixtures'
import { emitSocket } from '../../../../test/testUtils'
import DeskLayout from '../index'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('../../../../hooks/useAnnouncements', () => ({ useAnnouncementNotifications: () => undefined }))
vi.mock('../../../../api/desk', () => ({
  enterDesk: vi.fn(),
  sessionCounts: vi.fn(),
  listAgents: vi.fn(),
  listDeskAccounts: vi.fn(),
  getTargetLanguage: vi.fn(),
  setTargetLanguage: vi.fn(),
}))
vi.mock('../../../../api/deskNotes', () => ({
  unreadMentionCount: vi.fn(),
  pageMentions: vi.fn(),
  markMentionsRead: vi.fn(),
}))

configure({ asyncUtilTimeout: 5000 })

const notify = vi.fn()

/** The session screen as the layout meets it: it shows the URL's query, which says what is open. */
function Where(): ReactNode {
  return <div data-testid="desk-page">{useLocation().search}</div>
}

function renderDesk(path = '/customerServiceDesk/deskSession?filter=unread') {
  const router = createMemoryRouter(
    [
      {
        element: <DeskLayout />,
        children: [
          { path: '/customerServiceDesk/deskSession', element: <Where /> },
          { path: '/customerServiceDesk/myAccount', element: <div data-testid="desk-page">accounts</div> },
        ],
      },
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

const bell = () => screen.getByTestId('desk-mentions')
const search = (router: ReturnType<typeof renderDesk>) => new URLSearchParams(router.state.location.search)

beforeEach(async () => {
  vi.clearAllMocks()
  queryClient.clear()
  resetDialogs()
  await i18n.changeLanguage('en')
  const noop = vi.fn()
  const dialog = vi.fn(() => ({ destroy: vi.fn() }))
  setFeedback({
    message: { error: noop, success: noop, warning: noop, info: noop, loading: vi.fn() },
    modal: { confirm: dialog, warning: dialog, info: dialog },
    notification: { info: notify },
  })
  useDesk.getState().setActing(null)
  useSession.setState({
    token: 't',
    user: makeUser({ id: 10, roles: ['customerUser'] }),
    roles: [Role.customerUser],
  })
  vi.mocked(api.enterDesk).mockResolvedValue({
    deskId: 'desk-1',
    userId: 10,
    nickname: 'Me',
    acting: false,
    replacedDeskId: null,
  })
  vi.mocked(api.sessionCounts).mockResolvedValue({
    all: 0,
    unread: 0,
    noReply: 0,
    pinned: 0,
    manual: 0,
    ai: 0,
    group: 0,
    invalid: 0,
  })
  vi.mocked(notes.unreadMentionCount).mockResolvedValue(2)
  vi.mocked(notes.markMentionsRead).mockResolvedValue({ unreadCount: 1 })
})
afterEach(async () => {
  useSession.setState({ token: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('mentions on the desk', { timeout: 30_000 }, () => {
  it('counts the unread ones on the bell, and tells of a new one live; its notification opens the session', async () => {
    const router = renderDesk()
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions (2 unread)'))
    expect(within(screen.getByTestId('desk-mentions-badge')).getByText('2')).toBeInTheDocument()
    vi.mocked(notes.unreadMentionCount).mockResolvedValue(3)
    const mention = makeMention({ id: 9, sessionId: 7, sessionTitle: 'Wang', text: '@Me see the refund' })
    act(() => emitSocket('mention.new', mention))
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions (3 unread)'))
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ key: 'mention-9', title: 'Agent Ann mentioned you in a note' }),
    )
    const shown = notify.mock.calls[0]?.[0] as { onClick?: () => void; description?: ReactNode } | undefined
    render(<div>{shown?.description}</div>)
    expect(screen.getByTestId('desk-mention-notification')).toHaveTextContent('Wang: @Me see the refund')
    act(() => shown?.onClick?.())
    // the list in view stays; the mention's session opens in it, and the mention is read
    await waitFor(() => expect(search(router).get('sessionId')).toBe('7'))
    expect(search(router).get('filter')).toBe('unread')
    expect(notes.markMentionsRead).toHaveBeenCalledWith([9])
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions (1 unread)'))
  })

  it('lists them newest first in a drawer, more by cursor; one opens its session, and all can be marked read', async () => {
    const m3 = makeMention({ id: 3, sessionId: 30, sessionTitle: 'Carol', text: 'third' })
    const m2 = makeMention({ id: 2, sessionId: 20, sessionTitle: 'Bob', text: 'second', unread: false })
    const m1 = makeMention({ id: 1, sessionId: 10, sessionTitle: 'Ann', text: 'first' })
    vi.mocked(notes.pageMentions).mockImplementation(async ({ cursor }) =>
      cursor === '2'
        ? { list: [m1], nextCursor: null, unreadCount: 2 }
        : { list: [m3, m2], nextCursor: '2', unreadCount: 2 },
    )
    const router = renderDesk('/customerServiceDesk/myAccount')
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions (2 unread)'))
    fireEvent.click(bell())
    const drawer = await screen.findByRole('dialog', { name: 'Mentions' })
    const items = () =>
      within(drawer)
        .getAllByTestId(/^desk-mention-\d+$/)
        .map((el) => el.getAttribute('data-testid'))
    await waitFor(() => expect(items()).toEqual(['desk-mention-3', 'desk-mention-2']))
    expect(within(drawer).getByTestId('desk-mention-3')).toHaveAttribute('data-unread', 'true')
    expect(within(drawer).getByTestId('desk-mention-2')).toHaveTextContent('Agent Ann: second')
    fireEvent.click(within(drawer).getByTestId('desk-mentions-more'))
    await waitFor(() => expect(items()).toEqual(['desk-mention-3', 'desk-mention-2', 'desk-mention-1']))
    expect(notes.pageMentions).toHaveBeenLastCalledWith({ cursor: '2', pageSize: 20 })
    expect(within(drawer).queryByTestId('desk-mentions-more')).not.toBeInTheDocument()
    // a mention opens its session on the session screen, and is read
    fireEvent.click(within(drawer).getByRole('button', { name: 'Open the session with Carol' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerServiceDesk/deskSession'))
    expect(search(router).get('sessionId')).toBe('30')
    expect(notes.markMentionsRead).toHaveBeenCalledWith([3])
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions (1 unread)'))
    // an already read one is not marked again
    fireEvent.click(bell())
    fireEvent.click(await within(drawer).findByTestId('desk-mention-2'))
    await waitFor(() => expect(search(router).get('sessionId')).toBe('20'))
    expect(notes.markMentionsRead).toHaveBeenCalledTimes(1)
    vi.mocked(notes.markMentionsRead).mockResolvedValue({ unreadCount: 0 })
    fireEvent.click(bell())
    fireEvent.click(await within(drawer).findByTestId('desk-mentions-read-all'))
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions'))
    expect(notes.markMentionsRead).toHaveBeenLastCalledWith('all')
    expect(within(drawer).getByTestId('desk-mention-1')).toHaveAttribute('data-unread', 'false')
    expect(within(drawer).getByTestId('desk-mentions-read-all')).toBeDisabled()
  })

  it('says so when nobody has mentioned the user yet', async () => {
    vi.mocked(notes.unreadMentionCount).mockResolvedValue(0)
    vi.mocked(notes.pageMentions).mockResolvedValue({ list: [], nextCursor: null, unreadCount: 0 })
    renderDesk()
    await waitFor(() => expect(notes.unreadMentionCount).toHaveBeenCalled())
    expect(bell()).toHaveAccessibleName('Mentions')
    fireEvent.click(bell())
    expect(await screen.findByTestId('desk-mentions-empty')).toHaveTextContent(
      'Nobody has mentioned you in a note yet',
    )
  })
})
