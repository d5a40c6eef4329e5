import type { DeskAccountView, DeskSessionView } from '@app/core'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { FakeServer, Refusal } from '../../../test/fakeServer'
import { makeMessage, makeSession } from '../../../test/fixtures'
import { emitSocket, renderAt } from '../../../test/testUtils'
import DeskSessionPage from './index'

// the socket: a test plays the server's pushes
vi.mock('../../../realtime', () => import('../../../test/testUtils'))
// the chat column: its own tests cover it; here it shows which session is open
vi.mock('../chat', () => ({
  ChatBox: ({ session }: { session: DeskSessionView }) => <div data-testid="chat-box">{session.title}</div>,
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

const SESSION = '/damai/customer/session'
const PAGE = `${SESSION}/page`
const DETAIL = `${SESSION}/detail`
const READ = '/damai/customer/user/sendReadToFriendForChat'
const ACCOUNTS = '/damai/customer/user/deskAccounts'
const CREATE = `${SESSION}/create`
const FLAG = `${SESSION}/flag`

const account = (id: number, remark = ''): DeskAccountView => ({
  id,
  phone: `861380000000${id - 6}`,
  pushName: '',
  remark,
  status: 'online',
  abnormalReason: null,
  sessionCount: 0,
  unreadCount: 0,
})

let server: FakeServer
/** The sessions the server lists, whatever the filter. */
let listed: DeskSessionView[]

beforeEach(async () => {
  await i18n.changeLanguage('en')
  listed = [pinned, alice, bob]
  server = new FakeServer()
    .on('post', PAGE, () => ({ list: listed, nextCursor: null }))
    .on('post', READ, ({ body }) => ({ sessionId: body.sessionId, unreadCount: 0 }))
    .reply('get', ACCOUNTS, [])
    .on('post', DETAIL, ({ body }) => ({
      session: [pinned, alice, bob].find((s) => s.id === body.sessionId) ?? alice,
      fan: null,
      group: null,
    }))
})
afterEach(async () => {
  server.close()
  // the page asked only for what the server of this test answers
  expect(server.unhandled).toEqual([])
  await i18n.changeLanguage('zh')
})

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
    expect(server.calls('post', PAGE)).toContainEqual(expect.objectContaining({ filter: 'all' }))
  })

  it('asks for the entry of the URL', async () => {
    renderAt(<DeskSessionPage />, `${PATH}?filter=unread`)
    await screen.findByTestId('desk-session-2')
    expect(server.calls('post', PAGE)).toContainEqual(expect.objectContaining({ filter: 'unread' }))
    expect(screen.getByTestId('desk-list-title')).toHaveTextContent('Unread')
  })

  it('searches and highlights the match whatever its case', async () => {
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-2')
    listed = [alice]
    fireEvent.change(within(screen.getByTestId('desk-search')).getByRole('searchbox'), {
      target: { value: 'aLI' },
    })
    await waitFor(() =>
      expect(server.calls('post', PAGE)).toContainEqual(expect.objectContaining({ keyword: 'aLI' })),
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
    expect(server.calls('post', DETAIL)).toEqual([])
  })

  it('inserts a session it did not list, looked up in the desk’s scope', async () => {
    server.reply('post', DETAIL, { session: { ...carol, unreadCount: 1 }, fan: null, group: null })
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('message.new', {
        message: makeMessage({ id: 501, sessionId: 4 }),
        session: { ...carol, lastActivityAt: now },
      }),
    )
    await waitFor(() => expect(rowIds()).toEqual([1, 4, 2, 3]))
    expect(server.calls('post', DETAIL)).toEqual([{ sessionId: 4 }])
    expect(screen.getByTestId('desk-unread-4')).toHaveTextContent('1')
  })

  it('leaves out a session the desk may not see', async () => {
    server.on('post', DETAIL, () => {
      throw new Refusal(404, 'Not found')
    })
    renderAt(<DeskSessionPage />, PATH)
    await screen.findByTestId('desk-session-3')
    act(() =>
      emitSocket('message.new', {
        message: makeMessage({ id: 502, sessionId: 9 }),
        session: makeSession({ id: 9 }),
      }),
    )
    await waitFor(() => expect(server.calls('post', DETAIL)).toEqual([{ sessionId: 9 }]))
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
    await waitFor(() => expect(server.calls('post', READ)).toContainEqual({ sessionId: 2 }))
    await waitFor(() => expect(screen.queryByTestId('desk-unread-2')).not.toBeInTheDocument())
    expect(await screen.findByTestId('desk-side-panel')).toBeInTheDocument()
  })

  it('names a customer WhatsApp shows only by a hidden id "number hidden", until its phone arrives', async () => {
    const hidden = makeSession({
      id: 7,
      title: '',
      fanPhone: null,
      fanPhoneHidden: true,
      lastActivityAt: now,
    })
    listed = [hidden, bob]
    renderAt(<DeskSessionPage />, PATH)
    const row = await screen.findByTestId('desk-session-7')
    expect(within(row).getByTestId('desk-session-title')).toHaveTextContent('Number hidden by WhatsApp')
    expect(within(row).getByTestId('desk-session-phone-hidden')).toBeInTheDocument()
    act(() =>
      emitSocket('session.updated', {
        sessionId: 7,
        changes: { title: '447700900007', fanPhone: '447700900007' },
      }),
    )
    await waitFor(() =>
      expect(
        within(screen.getByTestId('desk-session-7')).getByTestId('desk-session-title'),
      ).toHaveTextContent('447700900007'),
    )
    expect(within(screen.getByTestId('desk-session-7')).queryByTestId('desk-session-phone-hidden')).toBeNull()
  })

  it('opens the surviving session when the open one is merged into it (one customer by phone and hidden id)', async () => {
    const { router } = renderAt(<DeskSessionPage />, `${PATH}?sessionId=3`)
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Bob')
    // the lists are read again: the surviving session holds both chats now
    listed = [pinned, alice]
    act(() => emitSocket('session.removed', { sessionId: 3, reason: 'merged', intoSessionId: 2 }))
    await waitFor(() => expect(router.state.location.search).toBe('?sessionId=2'))
    await waitFor(() => expect(rowIds()).toEqual([1, 2]))
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Alice')
  })

  it('pins a session from its menu and moves it up among the pinned ones (newest first)', async () => {
    server.reply('put', FLAG, { ...bob, pinned: true })
    renderAt(<DeskSessionPage />, PATH)
    fireEvent.click(await screen.findByTestId('desk-session-actions-3'))
    fireEvent.click(await screen.findByTestId('desk-action-pin'))
    await waitFor(() =>
      expect(server.calls('put', FLAG)).toEqual([{ sessionId: 3, flag: 'pinned', value: true }]),
    )
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
    expect(server.calls('post', CREATE)).toEqual([])
  })

  it('says what the endpoint says for a phone of separators only: an invalid number', async () => {
    const phone = await open()
    fireEvent.change(phone, { target: { value: ' + - ' } })
    submit()
    expect(
      await screen.findByText('Invalid phone number (9–20 digits with the country code)'),
    ).toBeInTheDocument()
    expect(screen.queryByText('Enter the phone number')).toBeNull()
    expect(server.calls('post', CREATE)).toEqual([])
  })

  it('creates the session from the only online account and opens it', async () => {
    server.reply('get', ACCOUNTS, [{ ...account(7), sessionCount: 3 }])
    server.reply('post', CREATE, { session: carol })
    const phone = await open()
    fireEvent.change(phone, { target: { value: '+44 7700 900004' } })
    await waitFor(() => expect(server.calls('get', ACCOUNTS)).not.toEqual([]))
    submit()
    await waitFor(() =>
      expect(server.calls('post', CREATE)).toEqual([{ phone: '447700900004', accountId: 7 }]),
    )
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Carol')
    expect(screen.queryByTestId('desk-new-session-account')).not.toBeInTheDocument()
  })

  it('asks which account when several are online', async () => {
    server.reply('get', ACCOUNTS, [{ ...account(7), sessionCount: 3 }, account(8, 'B')])
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900004' } })
    await screen.findByTestId('desk-new-session-account')
    submit()
    expect(await screen.findByText('Choose a WS account')).toBeInTheDocument()
    expect(server.calls('post', CREATE)).toEqual([])
  })

  it('opens the existing session when the number already has one', async () => {
    server.on('post', CREATE, () => {
      throw new Refusal(2302, 'This session already exists', { sessionId: 3 })
    })
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900003' } })
    submit()
    expect(await screen.findByTestId('chat-box')).toHaveTextContent('Bob')
  })

  it('says under the field when the number is not on WhatsApp', async () => {
    server.on('post', CREATE, () => {
      throw new Refusal(2301, 'x')
    })
    const phone = await open()
    fireEvent.change(phone, { target: { value: '447700900099' } })
    submit()
    expect(await screen.findByText('This phone number has no WhatsApp account')).toBeInTheDocument()
  })
})
