import { type ChatMessageView, Role } from '@app/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AxiosError, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeFeedback } from '../../../test/feedback'
import { fakeServer, makeMessage, makeSession, ok } from '../../../test/fixtures'
import { emitSocket, reconnectSocket, renderChat, signInAs, socketEmits } from '../../../test/testUtils'
import { ChatBox } from './ChatBox'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
// antd renders slowly in jsdom and several tests render a dozen bubbles
vi.setConfig({ testTimeout: 20_000 })
vi.mock('../../../components/material/MaterialPicker', () => ({ MaterialPicker: () => null }))

const base = '/damai/customer/user'
const toastError = vi.fn()
const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>

type Routes = Parameters<typeof fakeServer>[0]

/** The chat's server: one history page (newest first) and whatever else a test adds. */
function server(history: ChatMessageView[], extra: Routes = {}, hasMore = false) {
  return fakeServer({
    [`${base}/getSessionChatMessages`]: () => ok({ list: [...history].reverse(), hasMore }),
    ...extra,
  })
}
const callsTo = (adapter: ReturnType<typeof server>, path: string) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === `${base}/${path}`)
const row = (id: number) => screen.getByTestId(`chat-message-${id}`)

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
  signInAs([Role.customerUser])
  URL.createObjectURL = vi.fn(() => 'blob:media')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => i18n.changeLanguage('zh'))

describe('chat box: actions', () => {
  it('withdraws: "submitted" at once, the withdrawn state when the socket says so', async () => {
    const mine = makeMessage({ id: 1, fromMe: true, body: 'oops', timestamp: Date.now() - 1000 })
    const adapter = server([mine], {
      [`${base}/revokeChatMessage`]: () => ok({ messageId: 1, accepted: true }),
    })
    renderChat(<ChatBox session={makeSession()} />)
    fireEvent.click(await screen.findByTestId('chat-revoke-1'))
    fireEvent.click(await screen.findByTestId('chat-revoke-confirm-1'))
    expect(await screen.findByText('Withdrawal submitted, refresh later to see it')).toBeInTheDocument()
    expect(bodyOf(callsTo(adapter, 'revokeChatMessage')[0] as InternalAxiosRequestConfig)).toEqual({
      messageId: 1,
    })
    expect(row(1)).toHaveAttribute('data-status', 'sent')

    act(() =>
      emitSocket('message.updated', {
        id: 1,
        sessionId: 7,
        status: 'withdrawn',
        delivery: 'none',
        failureReason: null,
      }),
    )
    expect(row(1)).toHaveAttribute('data-status', 'withdrawn')
    expect(row(1)).toHaveTextContent('This message was withdrawn')
    expect(screen.queryByTestId('chat-revoke-1')).not.toBeInTheDocument()
  })

  it('offers no withdraw for customer messages or ours older than 48 hours', async () => {
    server([
      makeMessage({ id: 1 }),
      makeMessage({ id: 2, fromMe: true, timestamp: Date.now() - 49 * 3_600_000 }),
    ])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    expect(screen.queryByTestId('chat-revoke-1')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-revoke-2')).not.toBeInTheDocument()
  })

  it('tells when a withdrawal failed later', async () => {
    server([makeMessage({ id: 1, fromMe: true })])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    act(() => emitSocket('message.revokeFailed', { id: 1, sessionId: 7 }))
    expect(await screen.findByText('Withdraw failed')).toBeInTheDocument()
  })

  it('edits our text: the modal sends the new text, the bubble shows it when the socket says so', async () => {
    const mine = makeMessage({ id: 1, fromMe: true, body: 'see you at 5', timestamp: Date.now() - 60_000 })
    const adapter = server([mine], {
      [`${base}/editChatMessage`]: () => ok({ messageId: 1, accepted: true }),
    })
    renderChat(<ChatBox session={makeSession()} />)
    const action = await screen.findByTestId('chat-edit-1')
    expect(action).toHaveAttribute('aria-label', 'Edit')
    fireEvent.click(action)
    const input = await screen.findByTestId('chat-edit-input-1')
    expect(input).toHaveValue('see you at 5')
    await waitFor(() => expect(input).toHaveFocus())
    // nothing changed: nothing to save
    expect(screen.getByTestId('chat-edit-save-1')).toBeDisabled()
    fireEvent.change(input, { target: { value: 'see you at 6 ' } })
    // Ctrl+Enter saves from the keyboard
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true })
    expect(
      await screen.findByText('Edit submitted, the new text shows once WhatsApp takes it'),
    ).toBeInTheDocument()
    expect(bodyOf(callsTo(adapter, 'editChatMessage')[0] as InternalAxiosRequestConfig)).toEqual({
      messageId: 1,
      text: 'see you at 6',
    })
    expect(row(1)).toHaveTextContent('see you at 5')
    act(() =>
      emitSocket('message.updated', {
        id: 1,
        sessionId: 7,
        status: 'sent',
        delivery: 'none',
        failureReason: null,
        body: 'see you at 6',
        editedAt: Date.now(),
        edits: [{ body: 'see you at 5', at: mine.timestamp }],
      }),
    )
    expect(row(1)).toHaveTextContent('see you at 6')
    expect(row(1)).toHaveTextContent('Edited')
  })

  it('offers no edit for customer messages, queued ones or ours older than 15 minutes', async () => {
    server([
      makeMessage({ id: 1 }),
      makeMessage({ id: 2, fromMe: true, timestamp: Date.now() - 16 * 60_000 }),
      makeMessage({ id: 3, fromMe: true, status: 'requested' }),
      makeMessage({ id: 4, fromMe: true, type: 'location', timestamp: Date.now() - 1000 }),
    ])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    for (const id of [1, 2, 3, 4]) expect(screen.queryByTestId(`chat-edit-${id}`)).not.toBeInTheDocument()
  })

  it('tells when an edit failed later', async () => {
    server([makeMessage({ id: 1, fromMe: true })])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    act(() => emitSocket('message.editFailed', { id: 1, sessionId: 7 }))
    expect(await screen.findByText('Edit failed')).toBeInTheDocument()
  })

  it('replies: the quote shows in the composer and goes with the next message only', async () => {
    const theirs = makeMessage({ id: 1, body: 'How much is shipping?' })
    const sent = makeMessage({
      id: 2,
      fromMe: true,
      body: '5 EUR',
      quotedMessage: {
        id: 1,
        waMessageId: 'WA1',
        message: theirs.body,
        type: 'text',
        userName: 'Wang',
        fromMe: false,
        time: 1,
      },
    })
    const adapter = server([theirs], { [`${base}/sendChatMessage`]: () => ok(sent) })
    renderChat(<ChatBox session={makeSession()} />)
    fireEvent.click(await screen.findByTestId('chat-reply-1'))
    expect(screen.getByTestId('chat-quote-bar')).toHaveTextContent('How much is shipping?')
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '5 EUR' } })
    fireEvent.click(screen.getByTestId('chat-send'))
    await screen.findByTestId('chat-message-2')
    expect(bodyOf(callsTo(adapter, 'sendChatMessage')[0] as InternalAxiosRequestConfig)).toMatchObject({
      type: 'text',
      text: '5 EUR',
      sessionId: 7,
      quotedMessageId: 1,
    })
    expect(screen.queryByTestId('chat-quote-bar')).not.toBeInTheDocument()
    expect(within(row(2)).getByTestId('chat-quoted')).toHaveTextContent('Wang')
    expect(within(row(2)).getByTestId('chat-quoted')).toHaveTextContent('How much is shipping?')
  })

  it('copies a message and tells the outcome', async () => {
    server([makeMessage({ id: 1, body: 'copy me' })])
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    document.execCommand = vi.fn(() => false)
    renderChat(<ChatBox session={makeSession()} />)
    fireEvent.click(await screen.findByTestId('chat-copy-1'))
    expect(await screen.findByText('Copied')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith('copy me')
    fireEvent.click(screen.getByTestId('chat-copy-1'))
    expect(await screen.findByText('Copy failed')).toBeInTheDocument()
  })
})

describe('chat box: translation', () => {
  it('toggles a message between original and translated', async () => {
    const adapter = server([makeMessage({ id: 1, body: 'Hola amigo' })], {
      [`${base}/translate`]: () => ok({ target: 'en', texts: ['Hello friend'] }),
    })
    renderChat(<ChatBox session={makeSession()} />)
    fireEvent.click(await screen.findByTestId('chat-translate-1'))
    await waitFor(() => expect(row(1)).toHaveTextContent('Hello friend'))
    expect(within(row(1)).getByTestId('chat-translated')).toBeInTheDocument()
    expect(bodyOf(callsTo(adapter, 'translate')[0] as InternalAxiosRequestConfig)).toEqual({
      texts: ['Hola amigo'],
    })
    fireEvent.click(screen.getByTestId('chat-translate-1'))
    expect(row(1)).toHaveTextContent('Hola amigo')
    expect(row(1)).not.toHaveTextContent('Hello friend')
    expect(callsTo(adapter, 'translate')).toHaveLength(1)
  })

  it('says "translation failed" and keeps the original when it fails', async () => {
    let answer = (c: InternalAxiosRequestConfig): unknown => {
      throw new AxiosError('timeout of 10000ms exceeded', 'ECONNABORTED', c)
    }
    server([makeMessage({ id: 1, body: 'Hola' })], { [`${base}/translate`]: (c) => answer(c) })
    renderChat(<ChatBox session={makeSession()} />)
    fireEvent.click(await screen.findByTestId('chat-translate-1'))
    expect(await screen.findByText('Translation failed')).toBeInTheDocument()
    expect(row(1)).toHaveTextContent('Hola')
    expect(within(row(1)).queryByTestId('chat-translated')).not.toBeInTheDocument()
    // the server's own reason, in the user's language, when it gives one
    answer = () => ({ code: 2251, msg: 'Translation is not configured' })
    fireEvent.click(screen.getByTestId('chat-translate-1'))
    expect(await screen.findByText('Translation is not configured')).toBeInTheDocument()
    expect(toastError).not.toHaveBeenCalled()
  })

  it("auto-translates the customer's texts in one call, not ours", async () => {
    const adapter = server(
      [
        makeMessage({ id: 1, body: 'Uno' }),
        makeMessage({ id: 2, body: 'Dos' }),
        makeMessage({ id: 3, fromMe: true, body: 'Mine' }),
      ],
      {
        [`${base}/translate`]: (c) =>
          ok({ target: 'en', texts: (bodyOf(c).texts as string[]).map((t) => `EN ${t}`) }),
      },
    )
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    fireEvent.click(screen.getByTestId('chat-auto-translate'))
    await waitFor(() => expect(row(2)).toHaveTextContent('EN Dos'))
    expect(row(1)).toHaveTextContent('EN Uno')
    expect(row(3)).toHaveTextContent('Mine')
    expect(callsTo(adapter, 'translate')).toHaveLength(1)
    expect(bodyOf(callsTo(adapter, 'translate')[0] as InternalAxiosRequestConfig).texts).toEqual([
      'Uno',
      'Dos',
    ])
    expect(localStorage.getItem('chatAutoTranslate')).toBe('1')
  })
})

describe('chat box: live', () => {
  it('joins the session room while open and leaves it on close', async () => {
    server([makeMessage({ id: 1 })])
    const view = renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    expect(socketEmits).toHaveBeenCalledWith('session.join', { sessionId: 7 }, expect.any(Function))
    view.unmount()
    expect(socketEmits).toHaveBeenCalledWith('session.leave', { sessionId: 7 }, expect.any(Function))
  })

  it("appends this session's new messages, folds reactions and applies updates", async () => {
    server([makeMessage({ id: 1 })])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    const session = makeSession()
    act(() => {
      emitSocket('message.new', { message: makeMessage({ id: 2, body: 'live one' }), session })
      emitSocket('message.new', {
        message: makeMessage({ id: 3, sessionId: 8, body: 'other chat' }),
        session,
      })
      emitSocket('message.new', {
        message: makeMessage({
          id: 4,
          type: 'reaction',
          body: '❤️',
          quoted: { waMessageId: 'WA2', preview: '' },
        }),
        session,
      })
    })
    expect(row(2)).toHaveTextContent('live one')
    expect(screen.queryByTestId('chat-message-3')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-message-4')).not.toBeInTheDocument()
    expect(screen.getByTestId('chat-reactions-2')).toHaveTextContent('❤️')
  })

  it('fetches the newest page again after a reconnect', async () => {
    const first = [makeMessage({ id: 1 })]
    let history = first
    const adapter = fakeServer({
      [`${base}/getSessionChatMessages`]: () => ok({ list: [...history].reverse(), hasMore: false }),
    })
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    history = [...first, makeMessage({ id: 2, body: 'missed while offline' })]
    act(() => reconnectSocket())
    expect(await screen.findByText('missed while offline')).toBeInTheDocument()
    expect(callsTo(adapter, 'getSessionChatMessages')).toHaveLength(2)
  })

  it('asks the server again on failure', async () => {
    let fail = true
    fakeServer({
      [`${base}/getSessionChatMessages`]: () =>
        fail ? { code: 500, msg: 'boom' } : ok({ list: [], hasMore: false }),
    })
    renderChat(<ChatBox session={makeSession()} />)
    const retry = await screen.findByTestId('chat-reload')
    expect(screen.getByText('The chat could not be loaded')).toBeInTheDocument()
    fail = false
    fireEvent.click(retry)
    expect(await screen.findByText('No messages yet')).toBeInTheDocument()
  })
})
