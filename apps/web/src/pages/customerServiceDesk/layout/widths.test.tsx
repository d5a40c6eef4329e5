import { Role } from '@app/core'
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/desk'
import { resetDialogs } from '../../../api/dialogs'
import { queryClient } from '../../../app/queryClient'
import { i18n } from '../../../i18n'
import { useAppStore } from '../../../stores/app'
import { useDesk } from '../../../stores/desk'
import { useSession } from '../../../stores/session'
import { makeUser } from '../../../test/fixtures'
import { CHAT_REGION_ID, COMPOSER_ID, focusChat } from '../chat/chatFocus'
import { useSkipTarget } from './DeskSkipLink'
import DeskLayout from './index'
import { resetViewport, setViewportWidth } from './viewportForTests'

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

/** A session screen as the layout meets it: it names its chat as the skip link's target. */
function ChatPage({ composer }: { composer: boolean }) {
  useSkipTarget(() => void focusChat())
  return (
    <div>
      <button type="button">a control before the chat</button>
      <section id={CHAT_REGION_ID} tabIndex={-1} aria-label="chat" data-testid="chat-region">
        {composer ? <textarea id={COMPOSER_ID} aria-label="composer" /> : null}
      </section>
    </div>
  )
}

function renderDesk(path = '/customerServiceDesk/deskSession') {
  const router = createMemoryRouter(
    [
      {
        element: <DeskLayout />,
        children: [
          { path: '/customerServiceDesk/deskSession', element: <ChatPage composer /> },
          { path: '/customerServiceDesk/deskInvalidFansList', element: <ChatPage composer={false} /> },
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

beforeEach(async () => {
  vi.clearAllMocks()
  queryClient.clear()
  resetDialogs()
  await i18n.changeLanguage('en')
  useDesk.getState().setActing(null)
  useSession.setState({
    token: 't',
    user: makeUser({ id: 10, roles: ['customerUser'] }),
    roles: [Role.customerUser],
  })
  // the agent keeps the rail unfolded: only the width may fold it
  useAppStore.setState({ sidebarOpen: true, drawerOpen: false })
  vi.mocked(api.enterDesk).mockResolvedValue({
    deskId: 'desk-1',
    userId: 10,
    nickname: 'Agent',
    acting: false,
    replacedDeskId: null,
  })
  vi.mocked(api.sessionCounts).mockResolvedValue(counts)
})
afterEach(async () => {
  resetViewport()
  useSession.setState({ token: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

const layoutWidth = () => screen.getByTestId('desk-layout').getAttribute('data-desk-width')

describe('desk layout at each width', { timeout: 30_000 }, () => {
  it('from 1280 px: the rail unfolded beside the page, with labels and counts', async () => {
    setViewportWidth(1440)
    renderDesk()
    expect(await screen.findByTestId('desk-filter-count-unread')).toHaveTextContent('5')
    expect(layoutWidth()).toBe('wide')
    const rail = screen.getByTestId('desk-rail')
    expect(within(rail).getByText('All sessions')).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('from 992 px to 1279 px: the rail keeps to icons, each entry named, and unfolds in a drawer', async () => {
    setViewportWidth(1024)
    renderDesk()
    // the counts came: the folded entries carry them in their names, not as text
    expect(await screen.findByRole('link', { name: 'Unread (5)' })).toBeInTheDocument()
    expect(layoutWidth()).toBe('medium')
    const rail = screen.getByTestId('desk-rail')
    expect(within(rail).queryByText('All sessions')).not.toBeInTheDocument()
    expect(within(rail).queryByTestId('desk-filter-count-all')).not.toBeInTheDocument()
    expect(within(rail).getByRole('link', { name: 'All sessions (12)' })).toBeInTheDocument()
    expect(within(rail).getByRole('button', { name: 'Settings' })).toBeInTheDocument()
    // the whole rail, labels and counts, over the page
    fireEvent.click(screen.getByTestId('desk-rail-toggle'))
    const drawer = await screen.findByRole('dialog', {}, { timeout: 15_000 })
    expect(within(drawer).getByText('All sessions')).toBeInTheDocument()
    expect(within(drawer).getByTestId('desk-filter-count-unread')).toHaveTextContent('5')
    // the rail beside the page stays folded
    expect(within(rail).queryByText('All sessions')).not.toBeInTheDocument()
  })

  it('below 992 px: no rail beside the page; the toggle shows it in the drawer', async () => {
    setViewportWidth(390)
    renderDesk()
    await screen.findByTestId('chat-region')
    expect(layoutWidth()).toBe('narrow')
    expect(screen.queryByTestId('desk-rail')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('desk-rail-toggle'))
    const drawer = await screen.findByRole('dialog', {}, { timeout: 15_000 })
    expect(await within(drawer).findByText('All sessions')).toBeInTheDocument()
  })

  it('closes the rail drawer when the window widens past 1279 px', async () => {
    setViewportWidth(1024)
    renderDesk()
    await screen.findByTestId('chat-region')
    fireEvent.click(screen.getByTestId('desk-rail-toggle'))
    await screen.findByRole('dialog', {}, { timeout: 15_000 })
    expect(useAppStore.getState().drawerOpen).toBe(true)
    setViewportWidth(1440)
    await waitFor(() => expect(layoutWidth()).toBe('wide'))
    await waitFor(() => expect(useAppStore.getState().drawerOpen).toBe(false))
  })
})

describe('skip link', { timeout: 30_000 }, () => {
  it('is the first stop of the keyboard and takes it to the composer', async () => {
    setViewportWidth(1440)
    const user = userEvent.setup()
    renderDesk()
    await screen.findByTestId('chat-region')
    await user.tab()
    const link = screen.getByRole('link', { name: 'Skip to chat' })
    expect(link).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('textbox', { name: 'composer' })).toHaveFocus()
  })

  it('takes the keyboard to the chat region when no chat is open', async () => {
    renderDesk('/customerServiceDesk/deskInvalidFansList')
    fireEvent.click(await screen.findByTestId('desk-skip-link'))
    expect(screen.getByTestId('chat-region')).toHaveFocus()
  })

  it('is not there on a desk screen without a chat', async () => {
    renderDesk('/customerServiceDesk/myAccount')
    await screen.findByTestId('desk-page')
    expect(screen.queryByTestId('desk-skip-link')).not.toBeInTheDocument()
  })

  it('says it in Chinese by default', async () => {
    await i18n.changeLanguage('zh')
    renderDesk()
    expect(await screen.findByTestId('desk-skip-link')).toHaveTextContent('跳到聊天')
  })
})
