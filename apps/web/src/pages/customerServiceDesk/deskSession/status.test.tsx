import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SERVICE_LEVEL,
  type DeskSessionView,
  type SessionStatusCause,
  type SessionStatusEvent,
  type SessionStatusView,
  supportEndpoints,
} from '@app/core'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer, Refusal } from '../../../test/fakeServer'
import { fakeFeedback } from '../../../test/feedback'
import { makeSession } from '../../../test/fixtures'
import { emitSocket, renderAt } from '../../../test/testUtils'
import DeskSessionPage from './index'
import { tomorrowMorning } from './status/StatusControl'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
// the chat column: its own tests cover it
vi.mock('../chat', () => ({
  ChatBox: ({ session }: { session: DeskSessionView }) => <div data-testid="chat-box">{session.title}</div>,
}))

configure({ asyncUtilTimeout: 5000 })

const PATH = '/customerServiceDesk/deskSession'
const SESSION = '/damai/customer/session'
const PAGE = `${SESSION}/page`
const STATUS = `${SESSION}/status`
const now = Date.now()
const HOUR = 3_600_000

const open = makeSession({ id: 1, title: 'Olga', lastActivityAt: now - 1_000 })
const pending = makeSession({ id: 2, title: 'Pete', lastActivityAt: now - 2_000, status: 'pending' })
const snoozed = makeSession({
  id: 3,
  title: 'Sam',
  lastActivityAt: now - 3_000,
  status: 'snoozed',
  snoozedUntil: now + 5 * HOUR,
})
const resolved = makeSession({ id: 4, title: 'Rita', lastActivityAt: now - 4_000, status: 'resolved' })

const toastError = vi.fn()
let server: FakeServer

/** What the server answers a status change with: each session named, now in that status. */
const answer = (ids: number[], status: SessionStatusView['status'], snoozeUntil?: number) => ({
  list: ids.map((sessionId) => ({
    sessionId,
    status,
    snoozedUntil: status === 'snoozed' ? (snoozeUntil ?? null) : null,
    statusChangedAt: Date.now(),
    statusChangedBy: 10,
    waitingSince: null,
  })),
})

/** What the socket tells every desk of a session's new status. */
const statusEvent = (
  sessionId: number,
  status: SessionStatusView['status'],
  cause: SessionStatusCause,
): SessionStatusEvent => ({
  sessionId,
  status,
  snoozedUntil: null,
  statusChangedAt: Date.now(),
  statusChangedBy: cause === 'user' ? 10 : null,
  waitingSince: null,
  cause,
})

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
  server = new FakeServer()
    .on('post', PAGE, () => ({ list: [open, pending, snoozed, resolved], nextCursor: null }))
    // the waiting time's colours follow the tenant's service level (off here)
    .on('get', supportEndpoints.serviceLevelGet.path, () => DEFAULT_SERVICE_LEVEL)
    .on('get', supportEndpoints.businessHoursGet.path, () => DEFAULT_BUSINESS_HOURS)
    .on('post', `${SESSION}/detail`, ({ body }) => ({
      session: [open, pending, snoozed, resolved].find((x) => x.id === body.sessionId),
      fan: null,
      group: null,
    }))
    .on('put', STATUS, ({ body }) =>
      answer(
        body.sessionIds as number[],
        body.status as SessionStatusView['status'],
        body.snoozeUntil as number,
      ),
    )
})
afterEach(async () => {
  server.close()
  expect(server.unhandled).toEqual([])
  vi.clearAllMocks()
  await i18n.changeLanguage('zh')
})

const statusOf = (id: number) =>
  within(screen.getByTestId(`desk-session-${id}`))
    .queryByTestId('desk-session-status')
    ?.getAttribute('data-status')

async function renderDesk(path = PATH) {
  const view = renderAt(<DeskSessionPage />, path)
  await screen.findByTestId('desk-session-4')
  return view
}

describe('conversation status on the desk', { timeout: 30_000 }, () => {
  it('tags a pending, snoozed or resolved row; an open one shows nothing', async () => {
    await renderDesk()
    expect(statusOf(1)).toBeUndefined()
    expect(statusOf(2)).toBe('pending')
    expect(statusOf(3)).toBe('snoozed')
    expect(statusOf(4)).toBe('resolved')
    expect(within(screen.getByTestId('desk-session-4')).getByTestId('desk-session-status')).toHaveTextContent(
      'Resolved',
    )
  })

  it('resolves the open chat from its header, then offers to reopen it', async () => {
    await renderDesk(`${PATH}?sessionId=1`)
    fireEvent.click(await screen.findByTestId('desk-status-resolve'))
    await waitFor(() =>
      expect(server.calls('put', STATUS)).toEqual([{ sessionIds: [1], status: 'resolved' }]),
    )
    await waitFor(() => expect(statusOf(1)).toBe('resolved'))
    expect(screen.getByTestId('desk-chat-status')).toHaveTextContent('Resolved')
    expect(await screen.findByText('Session resolved')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('desk-status-reopen-button'))
    await waitFor(() =>
      expect(server.calls('put', STATUS).at(-1)).toEqual({ sessionIds: [1], status: 'open' }),
    )
    await waitFor(() => expect(statusOf(1)).toBeUndefined())
    expect(screen.queryByTestId('desk-chat-status')).not.toBeInTheDocument()
  })

  it('marks pending, snoozes for an hour or until tomorrow 9:00 from the menu, and reopens', async () => {
    await renderDesk(`${PATH}?sessionId=1`)
    const choose = async (key: string) => {
      fireEvent.click(await screen.findByTestId('desk-status-menu'))
      fireEvent.click(await screen.findByTestId(`desk-status-${key}`))
    }
    await choose('pending')
    await waitFor(() => expect(statusOf(1)).toBe('pending'))
    expect(server.calls('put', STATUS)).toEqual([{ sessionIds: [1], status: 'pending' }])
    const before = Date.now()
    await choose('snoozeHour')
    await waitFor(() => expect(statusOf(1)).toBe('snoozed'))
    const hour = server.calls('put', STATUS).at(-1) as { status: string; snoozeUntil: number }
    expect(hour.status).toBe('snoozed')
    expect(hour.snoozeUntil).toBeGreaterThanOrEqual(before + HOUR)
    expect(hour.snoozeUntil).toBeLessThanOrEqual(Date.now() + HOUR)
    expect(screen.getByTestId('desk-chat-status')).toHaveTextContent(/^Snoozed until \d\d-\d\d \d\d:\d\d$/)
    await choose('snoozeTomorrow')
    await waitFor(() =>
      expect(server.calls('put', STATUS).at(-1)).toEqual({
        sessionIds: [1],
        status: 'snoozed',
        snoozeUntil: tomorrowMorning(),
      }),
    )
    await choose('reopen')
    await waitFor(() => expect(statusOf(1)).toBeUndefined())
  })

  it('snoozes until a time picked, and lets no past time go', async () => {
    await renderDesk(`${PATH}?sessionId=1`)
    fireEvent.click(await screen.findByTestId('desk-status-menu'))
    fireEvent.click(await screen.findByTestId('desk-status-snoozePick'))
    const dialog = await screen.findByRole('dialog', { name: 'Snooze until' })
    const input = within(dialog).getByLabelText('When the session opens again')
    const ok = within(dialog).getByTestId('desk-snooze-ok')
    expect(ok).toBeDisabled()
    const pad = (n: number) => String(n).padStart(2, '0')
    const typeTime = (d: Date) => {
      const text = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
      fireEvent.mouseDown(input)
      fireEvent.change(input, { target: { value: text } })
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
    }
    // earlier today: the day may be picked, the time is refused
    const earlier = new Date(now)
    earlier.setHours(0, 0, 0, 0)
    typeTime(earlier)
    expect(await within(dialog).findByText('Choose a time in the future')).toBeInTheDocument()
    expect(ok).toBeDisabled()
    const later = new Date(now + 3 * 24 * HOUR)
    later.setHours(10, 30, 0, 0)
    typeTime(later)
    await waitFor(() => expect(ok).toBeEnabled())
    fireEvent.click(ok)
    await waitFor(() =>
      expect(server.calls('put', STATUS)).toEqual([
        { sessionIds: [1], status: 'snoozed', snoozeUntil: later.getTime() },
      ]),
    )
    await waitFor(() => expect(statusOf(1)).toBe('snoozed'))
  })

  it('shows the refusal the server answers as a toast, and the row keeps its status', async () => {
    server.on('put', STATUS, () => {
      throw new Refusal(400, 'Choose a time in the future')
    })
    await renderDesk(`${PATH}?sessionId=2`)
    // a burst of responses shows one toast: this one comes well after the list's
    sessionStorage.clear()
    fireEvent.click(await screen.findByTestId('desk-status-resolve'))
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'Choose a time in the future' }),
      ),
    )
    expect(statusOf(2)).toBe('pending')
    expect(screen.queryByText('Session resolved')).not.toBeInTheDocument()
  })

  it('resolves the open chat with Alt+R, and lists the shortcut in the help sheet', async () => {
    await renderDesk(`${PATH}?sessionId=2`)
    await screen.findByTestId('desk-status-resolve')
    fireEvent.keyDown(document.body, { key: '®', code: 'KeyR', altKey: true })
    await waitFor(() =>
      expect(server.calls('put', STATUS)).toEqual([{ sessionIds: [2], status: 'resolved' }]),
    )
    await waitFor(() => expect(statusOf(2)).toBe('resolved'))
    // an already resolved chat is left as it is
    fireEvent.keyDown(document.body, { key: 'r', code: 'KeyR', altKey: true })
    fireEvent.keyDown(document.body, { key: '?' })
    const row = await screen.findByTestId('desk-shortcut-resolve')
    expect(row).toHaveTextContent('Alt + R')
    expect(row).toHaveTextContent('Resolve the open session')
    expect(server.calls('put', STATUS)).toHaveLength(1)
  })

  it('resolves the rows ticked in the selection mode together', async () => {
    await renderDesk()
    expect(screen.queryByTestId('desk-session-check-1')).not.toBeInTheDocument()
    const toggle = screen.getByRole('button', { name: 'Select sessions' })
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'))
    const bar = await screen.findByTestId('desk-bulk-bar')
    expect(within(bar).getByTestId('desk-bulk-resolve')).toBeDisabled()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Olga' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Sam' }))
    expect(bar).toHaveTextContent('2 selected')
    fireEvent.click(within(bar).getByTestId('desk-bulk-resolve'))
    await waitFor(() =>
      expect(server.calls('put', STATUS)).toEqual([{ sessionIds: [1, 3], status: 'resolved' }]),
    )
    await waitFor(() => expect(statusOf(1)).toBe('resolved'))
    expect(statusOf(3)).toBe('resolved')
    expect(statusOf(2)).toBe('pending')
    expect(await screen.findByText('2 sessions resolved')).toBeInTheDocument()
    expect(bar).toHaveTextContent('0 selected')
    // ticking all takes every row of the list
    fireEvent.click(within(bar).getByRole('checkbox', { name: 'All' }))
    expect(bar).toHaveTextContent('4 selected')
    fireEvent.click(toggle)
    expect(screen.queryByTestId('desk-bulk-bar')).not.toBeInTheDocument()
  })

  it('follows session.status from the socket: rows, the open chat, and a list of one status', async () => {
    await renderDesk(`${PATH}?sessionId=1`)
    act(() => emitSocket('session.status', statusEvent(1, 'pending', 'user')))
    await waitFor(() => expect(statusOf(1)).toBe('pending'))
    expect(screen.getByTestId('desk-chat-status')).toHaveTextContent('Pending')
    // a customer writing opens the session again
    act(() => emitSocket('session.status', statusEvent(1, 'open', 'customer')))
    await waitFor(() => expect(statusOf(1)).toBeUndefined())
  })
})

describe('the status filter and the waiting list', { timeout: 30_000 }, () => {
  it('asks for the status chosen above the list, kept in the URL', async () => {
    const { router } = await renderDesk()
    const filter = screen.getByTestId('desk-status-filter')
    fireEvent.click(within(filter).getByText('Pending'))
    await waitFor(() =>
      expect(server.calls('post', PAGE)).toContainEqual(
        expect.objectContaining({ filter: 'all', status: 'pending' }),
      ),
    )
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pending')
    fireEvent.click(within(filter).getByText('All'))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBeNull())
  })

  it('lets a row go that leaves the status of its list', async () => {
    server.on('post', PAGE, () => ({ list: [pending], nextCursor: null }))
    renderAt(<DeskSessionPage />, `${PATH}?status=pending`)
    await screen.findByTestId('desk-session-2')
    act(() => emitSocket('session.status', statusEvent(2, 'open', 'customer')))
    await waitFor(() => expect(screen.queryByTestId('desk-session-2')).not.toBeInTheDocument())
  })

  it('lists the sessions waiting on us with how long each has waited, and drops one we answer', async () => {
    // measured from the test's own start, not the file's load: a slow machine may load it a minute earlier
    const started = Date.now()
    const ann = makeSession({ id: 5, title: 'Ann', waitingSince: started - 12 * 60_000 - 5_000 })
    const ben = makeSession({ id: 6, title: 'Ben', waitingSince: started - 75 * 60_000 - 5_000 })
    server.on('post', PAGE, () => ({ list: [ben, ann], nextCursor: null }))
    renderAt(<DeskSessionPage />, `${PATH}?view=waiting`)
    await screen.findByTestId('desk-session-5')
    expect(server.calls('post', PAGE)).toContainEqual(
      expect.objectContaining({ filter: 'all', waiting: true }),
    )
    expect(screen.getByTestId('desk-list-title')).toHaveTextContent('Waiting on us')
    expect(
      within(screen.getByTestId('desk-session-5')).getByTestId('desk-session-waiting'),
    ).toHaveTextContent('waiting 12 min')
    expect(
      within(screen.getByTestId('desk-session-6')).getByTestId('desk-session-waiting'),
    ).toHaveTextContent('waiting 1 h 15 min')
    act(() => emitSocket('session.status', statusEvent(6, 'resolved', 'user')))
    await waitFor(() => expect(screen.queryByTestId('desk-session-6')).not.toBeInTheDocument())
  })
})
