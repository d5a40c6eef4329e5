import { Role } from '@app/core'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/desk'
import { i18n } from '../../../i18n'
import { useDesk } from '../../../stores/desk'
import { makeSession } from '../../../test/fixtures'
import { emitSocket, renderAt, signInAs } from '../../../test/testUtils'
import DeskSessionPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../chat', () => ({ ChatBox: () => <div data-testid="chat-box" /> }))
vi.mock('../../../api/desk', () => ({
  pageSessions: vi.fn(),
  sessionDetail: vi.fn(),
  markSessionRead: vi.fn(),
  listDeskAccounts: vi.fn(),
  listAgents: vi.fn(),
}))

/** The session console hands a whole WS account to an agent, or takes it away: the agent's open desk follows. */

const PATH = '/customerServiceDesk/deskSession'
const ME = 10
const now = Date.now()
const kept = makeSession({
  id: 1,
  title: 'Kept',
  accountId: 1,
  agentUserId: null,
  lastActivityAt: now - 1_000,
})
const migrated = makeSession({
  id: 2,
  title: 'Migrated',
  accountId: 1,
  agentUserId: ME,
  lastActivityAt: now - 2_000,
})
const other = makeSession({
  id: 3,
  title: 'Other',
  accountId: 2,
  agentUserId: null,
  lastActivityAt: now - 3_000,
})
const handed = makeSession({ id: 4, title: 'Handed', accountId: 5, agentUserId: null, lastActivityAt: now })

const rowIds = () =>
  screen
    .queryAllByTestId(/^desk-session-\d+$/)
    .map((el) => Number(el.getAttribute('data-testid')?.split('-').pop()))

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  signInAs([Role.customerUser])
  useDesk.setState({ owner: { userId: ME, nickname: 'Me', acting: false }, status: 'ready' })
  vi.mocked(api.pageSessions).mockResolvedValue({ list: [kept, migrated, other], nextCursor: null })
  vi.mocked(api.listDeskAccounts).mockResolvedValue([])
})
afterEach(async () => {
  useDesk.getState().reset()
  await i18n.changeLanguage('zh')
})

describe('an account handed over in the session console', { timeout: 30_000 }, () => {
  it("given to this agent: the desk reads its lists again and shows the account's sessions", async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    vi.mocked(api.pageSessions).mockResolvedValue({ list: [handed, kept, migrated, other], nextCursor: null })
    act(() => emitSocket('account.assigned', { accountId: 5, agentUserId: ME, previousAgentUserId: 12 }))
    await waitFor(() => expect(rowIds()).toEqual([4, 1, 2, 3]))
  })

  it('taken from this agent: its sessions leave, but one migrated to the agent on its own stays', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() => emitSocket('account.assigned', { accountId: 1, agentUserId: 12, previousAgentUserId: ME }))
    await waitFor(() => expect(rowIds()).toEqual([2, 3]))
    expect(api.pageSessions).toHaveBeenCalledTimes(1)
  })

  it("another agent's account changing hands leaves this desk as it is", async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() => emitSocket('account.assigned', { accountId: 9, agentUserId: 12, previousAgentUserId: 13 }))
    // a later change this desk does react to: once it shows, the first would have too
    act(() => emitSocket('session.removed', { sessionId: 3, reason: 'migrated' }))
    await waitFor(() => expect(rowIds()).toEqual([1, 2]))
    expect(api.pageSessions).toHaveBeenCalledTimes(1)
  })
})
