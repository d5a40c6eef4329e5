import type { DeskSessionView } from '@app/core'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/desk'
import { ApiError } from '../../../api/request'
import { i18n } from '../../../i18n'
import { makeMessage, makeSession } from '../../../test/fixtures'
import { emitSocket, renderAt } from '../../../test/testUtils'
import DeskSessionPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../chat', () => ({
  ChatBox: ({ session }: { session: DeskSessionView }) => <div data-testid="chat-box">{session.title}</div>,
}))
vi.mock('../group/GroupPanel', () => ({ GroupPanel: () => <div data-testid="group-panel" /> }))
vi.mock('../../../components/label/FanLabels', () => ({ FanLabels: () => <div data-testid="fan-labels" /> }))
vi.mock('../../../api/desk', () => ({
  pageSessions: vi.fn(),
  sessionDetail: vi.fn(),
  markSessionRead: vi.fn(),
  createSession: vi.fn(),
  setSessionFlag: vi.fn(),
  listDeskAccounts: vi.fn(),
  listAgents: vi.fn(),
  migrateSession: vi.fn(),
  deleteSession: vi.fn(),
  updateSessionFan: vi.fn(),
}))

// antd renders slowly in jsdom on a busy machine
configure({ asyncUtilTimeout: 5000 })

const PATH = '/customerServiceDesk/deskSession'
const now = Date.now()
const pinned = makeSession({ id: 1, title: 'Pinned Paul', pinned: true, lastActivityAt: now - 10_000 })
const alice = makeSession({
  id: 2,
  title: 'Alice',
  lastActivityAt: now - 20_000,
  unreadCount: 3,
  dnd: true,
  aiReply: true,
  blocked: true,
  risk: 'controlled',
  lastMessage: 'see you',
})
const bob = makeSession({ id: 3, title: 'Bob', lastActivityAt: now - 30_000, fanPhone: '447700900003' })
const carol = makeSession({ id: 4, title: 'Carol', lastActivityAt: now - 5_000, fanPhone: '447700900004' })

const rowIds = () =>
  screen
    .getAllByTestId(/^desk-session-\d+$/)
    .map((el) => Number(el.getAttribute('data-testid')?.split('-').pop()))

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageSessions).mockResolvedValue({ list: [pinned, alice, bob], nextCursor: null })
  vi.mocked(api.markSessionRead).mockImplementation(async (sessionId) => ({ sessionId, unreadCount: 0 }))
  vi.mocked(api.listDeskAccounts).mockResolvedValue([])
  // a test that refuses the lookup must not leave the refusal to the tests after it
  vi.mocked(api.sessionDetail).mockImplementation(async (id) => ({
    session: [pinned, alice, bob].find((s) => s.id === id) ?? alice,
    fan: null,
    group: null,
  }))
})
afterEach(() => i18n.changeLanguage('zh'))

describe('desk session list', { timeout: 30_000 }, () => {
  it('shows the rows pinned first, with unread counts and flags', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-2')
    expect(rowIds()).toEqual([1, 2, 3])
    const a = screen.getByTestId('desk-session-2')
    expect(screen.getByTestId('desk-unread-2')).toHaveTextContent('3')
    for (const flag of ['blocked', 'dnd', 'ai', 'risk'])
      expect(within(a).getByTestId(`desk-flag-${flag}`)).toBeInTheDocument()
    expect(within(a).getByTestId('desk-session-preview')).toHaveTextContent('see you')
    const b = screen.getByTestId('desk-session-3')
    expect(within(b).queryByTestId('desk-flag-blocked')).not.toBeInTheDocument()
    expect(screen.queryByTestId('desk-unread-3')).not.toBeInTheDocument()
    expect(within(screen.getByTestId('desk-session-1')).getByTestId('desk-flag-pinned')).toBeInTheDocument()
    expect(api.pageSessions).toHaveBeenCalledWith(expect.objectContaining({ filter: 'all' }))
  })

  it('asks for the entry of the URL', async () => {
    renderAt(<DeskSessionPage />, `${PATH}?filter=unread`)
    await screen.findByTestId('desk-session-2')
    expect(api.pageSessions).toHaveBeenCalledWith(expect.objectContaining({ filter: 'unread' }))
    expect(screen.getByTestId('desk-list-title')).toHaveTextContent('Unread')
  })

  it('searches and highlights the match whatever its case', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-2')
    vi.mocked(api.pageSessions).mockResolvedValue({ list: [alice], nextCursor: null })
    fireEvent.change(within(screen.getByTestId('desk-search')).getByRole('searchbox'), {
      target: { value: 'aLI' },
    })
    await waitFor(() =>
      expect(api.pageSessions).toHaveBeenCalledWith(expect.objectContaining({ keyword: 'aLI' })),
    )
    await waitFor(() => expect(rowIds()).toEqual([2]))
    const mark = within(screen.getByTestId('desk-session-2')).getByText('Ali')
    expect(mark.tagName).toBe('MARK')
  })

  it('moves a session to the top of the unpinned ones on a new message, with preview and unread', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('message.new', {
        message: makeMessage({ id: 500, sessionId: 3, body: 'new question' }),
        session: { ...bob, lastActivityAt: now, lastMessage: 'new question', unreadCount: 9 },
      }),
    )
    await waitFor(() => expect(rowIds()).toEqual([1, 3, 2]))
    const b = screen.getByTestId('desk-session-3')
    expect(within(b).getByTestId('desk-session-preview')).toHaveTextContent('new question')
    // this user's count, not the session's raw one
    expect(screen.getByTestId('desk-unread-3')).toHaveTextContent('1')
    expect(api.sessionDetail).not.toHaveBeenCalled()
  })

  it('inserts a session it did not list, looked up in the desk’s scope', async () => {
    vi.mocked(api.sessionDetail).mockResolvedValue({
      session: { ...carol, unreadCount: 1 },
      fan: null,
      group: null,
    })
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('message.new', {
        message: makeMessage({ id: 501, sessionId: 4 }),
        session: { ...carol, lastActivityAt: now },
      }),
    )
    await waitFor(() => expect(rowIds()).toEqual([1, 4, 2, 3]))
    expect(api.sessionDetail).toHaveBeenCalledWith(4, true)
    expect(screen.getByTestId('desk-unread-4')).toHaveTextContent('1')
  })

  it('leaves out a session the desk may not see', async () => {
    vi.mocked(api.sessionDetail).mockRejectedValue(new ApiError(404, 'Not found'))
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('message.new', {
        message: makeMessage({ id: 502, sessionId: 9 }),
        session: makeSession({ id: 9 }),
      }),
    )
    await waitFor(() => expect(api.sessionDetail).toHaveBeenCalledWith(9, true))
    expect(rowIds()).toEqual([1, 2, 3])
  })

  it('follows the account status and read state pushed over the socket', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('account.status', {
        accountId: bob.accountId,
        phone: bob.accountPhone ?? '',
        status: 'offline',
        abnormalReason: null,
        bannedAt: null,
        restrictedUntil: null,
      }),
    )
    await waitFor(() =>
      expect(within(screen.getByTestId('desk-session-3')).getByTestId('desk-flag-account')).toHaveTextContent(
        'Offline',
      ),
    )
    act(() => emitSocket('session.removed', { sessionId: 3, reason: 'migrated' }))
    await waitFor(() => expect(rowIds()).toEqual([1, 2]))
  })

  it('opens a session from the URL-kept selection and marks it read', async () => {
    const { router } = renderAt(<DeskSessionPage />, PATH)
    fireEvent.click(await screen.findByTestId('desk-session-open-2'))
    await waitFor(() => expect(router.state.location.search).toBe('?sessionId=2'))
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Alice')
    await waitFor(() => expect(api.markSessionRead).toHaveBeenCalledWith(2))
    await waitFor(() => expect(screen.queryByTestId('desk-unread-2')).not.toBeInTheDocument())
    expect(await screen.findByTestId('desk-side-panel')).toBeInTheDocument()
  })

  it('pins a session from its menu and moves it up among the pinned ones (newest first)', async () => {
    vi.mocked(api.setSessionFlag).mockResolvedValue({ ...bob, pinned: true })
    renderAt(<DeskSessionPage />, PATH)
    fireEvent.click(await screen.findByTestId('desk-session-actions-3'))
    fireEvent.click(await screen.findByTestId('desk-action-pin'))
    await waitFor(() => expect(api.setSessionFlag).toHaveBeenCalledWith(3, 'pinned', true))
    await waitFor(() => expect(rowIds()).toEqual([1, 3, 2]))
    expect(within(screen.getByTestId('desk-session-3')).getByTestId('desk-flag-pinned')).toBeInTheDocument()
  })
})

describe('new session', { timeout: 30_000 }, () => {
  const open = async () => {
    renderAt(<DeskSessionPage />, PATH)
    fireEvent.click(await screen.findByTestId('desk-new-session'))
    return screen.findByTestId('desk-new-session-phone')
  }
  const submit = () => fireEvent.click(screen.getByTestId('desk-new-session-submit'))

  it('requires a phone of 9–20 digits and sends nothing otherwise', async () => {
    const phone = await open()
    submit()
    expect(await screen.findByText('Enter the phone number')).toBeInTheDocument()
    fireEvent.change(phone, { target: { value: '12345' } })
    submit()
    expect(
      await screen.findByText('Invalid phone number (9–20 digits with the country code)'),
    ).toBeInTheDocument()
    fireEvent.change(phone, { target: { value: '1'.repeat(21) } })
    submit()
    expect(
      await screen.findByText('Invalid phone number (9–20 digits with the country code)'),
    ).toBeInTheDocument()
    expect(api.createSession).not.toHaveBeenCalled()
  })

  it('creates the session from the only online account and opens it', async () => {
    vi.mocked(api.listDeskAccounts).mockResolvedValue([
      {
        id: 7,
        phone: '8613800000001',
        pushName: '',
        remark: '',
        status: 'online',
        abnormalReason: null,
        sessionCount: 3,
        unreadCount: 0,
      },
    ])
    vi.mocked(api.createSession).mockResolvedValue({ session: carol })
    const phone = await open()
    fireEvent.change(phone, { target: { value: '+44 7700 900004' } })
    await waitFor(() => expect(api.listDeskAccounts).toHaveBeenCalled())
    submit()
    await waitFor(() => expect(api.createSession).toHaveBeenCalledWith('447700900004', 7))
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Carol')
    expect(screen.queryByTestId('desk-new-session-account')).not.toBeInTheDocument()
  })

  it('asks which account when several are online', async () => {
    vi.mocked(api.listDeskAccounts).mockResolvedValue([
      {
        id: 7,
        phone: '8613800000001',
        pushName: '',
        remark: '',
        status: 'online',
        abnormalReason: null,
        sessionCount: 3,
        unreadCount: 0,
      },
      {
        id: 8,
        phone: '8613800000002',
        pushName: '',
        remark: 'B',
        status: 'online',
        abnormalReason: null,
        sessionCount: 0,
        unreadCount: 0,
      },
    ])
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900004' } })
    await screen.findByTestId('desk-new-session-account')
    submit()
    expect(await screen.findByText('Choose a WS account')).toBeInTheDocument()
    expect(api.createSession).not.toHaveBeenCalled()
  })

  it('opens the existing session when the number already has one', async () => {
    vi.mocked(api.createSession).mockRejectedValue(
      new ApiError(2302, 'This session already exists', { sessionId: 3 }),
    )
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900003' } })
    submit()
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Bob')
  })

  it('says under the field when the number is not on WhatsApp', async () => {
    vi.mocked(api.createSession).mockRejectedValue(new ApiError(2301, 'x'))
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900099' } })
    submit()
    expect(await screen.findByText('This phone number has no WhatsApp account')).toBeInTheDocument()
  })
})
