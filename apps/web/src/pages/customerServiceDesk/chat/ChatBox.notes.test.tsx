import { type ChatMessageView, Role } from '@app/core'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeFeedback } from '../../../test/feedback'
import { fakeServer, makeMessage, makeNote, makeSession, ok } from '../../../test/fixtures'
import { emitSocket, renderChat, signInAs } from '../../../test/testUtils'
import { ChatBox } from './ChatBox'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.setConfig({ testTimeout: 20_000 })
vi.mock('../../../components/material/MaterialPicker', () => ({ MaterialPicker: () => null }))

const base = '/damai/customer/user'
const agents = [{ id: 21, username: 'ann', nickname: 'Agent Ann' }]

/** The chat's server: one history page (newest first) and the tenant's desk users, who write notes. */
function server(history: ChatMessageView[]) {
  return fakeServer({
    [`${base}/getSessionChatMessages`]: () => ok({ list: [...history].reverse(), hasMore: false }),
    [`${base}/deskMembers`]: () => ok(agents),
  })
}
const row = (id: number) => screen.getByTestId(`chat-message-${id}`)

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback()
  signInAs([Role.customerUser])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('chat box: internal notes', () => {
  it('shows a note apart: a yellow box captioned with its author, its mentions marked, no ticks or actions', async () => {
    const reply = makeMessage({ id: 1, fromMe: true, body: 'hello', delivery: 'read' })
    const note = makeNote({ id: 2, body: 'VIP: @Bo offer the coupon', requestedBy: 21 })
    server([reply, note])
    renderChat(<ChatBox session={makeSession()} />)
    const box = await screen.findByRole('note', { name: 'Note · Agent Ann' })
    expect(row(2)).toHaveAttribute('data-type', 'note')
    expect(row(2)).toContainElement(box)
    expect(within(box).getByText('@Bo')).toHaveClass('chat-note-mention')
    expect(within(row(2)).queryByTestId('chat-tick')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-reply-2')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-revoke-2')).not.toBeInTheDocument()
    // a reply to the customer keeps its ticks and actions
    expect(within(row(1)).getByTestId('chat-tick')).toBeInTheDocument()
    expect(screen.getByTestId('chat-reply-1')).toBeInTheDocument()
  })

  it('adds a note written at another desk as the socket tells it, once, and only to its own chat', async () => {
    server([makeMessage({ id: 1, body: 'where is my order?' })])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    const mine = makeNote({ id: 5, body: 'checking with the warehouse', requestedBy: 10 })
    act(() => emitSocket('session.note', { message: mine, mentionUserIds: [] }))
    act(() => emitSocket('session.note', { message: mine, mentionUserIds: [] }))
    act(() => emitSocket('session.note', { message: makeNote({ id: 6, sessionId: 8 }), mentionUserIds: [] }))
    expect(await screen.findByRole('note', { name: 'Note · me' })).toHaveTextContent(
      'checking with the warehouse',
    )
    expect(screen.getAllByTestId('chat-message-5')).toHaveLength(1)
    expect(screen.queryByTestId('chat-message-6')).not.toBeInTheDocument()
  })
})
