import { Role } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../../i18n'
import { fakeFeedback } from '../../../../test/feedback'
import { fakeServer, makeNote, makeSession, ok } from '../../../../test/fixtures'
import { renderChat, signInAs } from '../../../../test/testUtils'
import { Composer } from './Composer'
import { handlesOf, mentionedIds } from './NoteComposer'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('../../../../components/material/MaterialPicker', () => ({ MaterialPicker: () => null }))
vi.setConfig({ testTimeout: 20_000 })

const NOTE = '/damai/customer/session/note'
const AGENTS = '/damai/customer/user/deskMembers'
const SEND = '/damai/customer/user/sendChatMessage'
const toastError = vi.fn()
const onSent = vi.fn()
// the signed-in agent is user 10 (makeUser): the @ list offers the others
const agents = [
  { id: 10, username: 'me', nickname: 'Master' },
  { id: 21, username: 'ann', nickname: 'Ann' },
  { id: 22, username: 'bo', nickname: 'Bo' },
]
const note = makeNote({ id: 60, body: '@Ann please check the refund' })

function server(answer: () => unknown = () => ok(note)) {
  return fakeServer({ [AGENTS]: () => ok(agents), [NOTE]: answer, [SEND]: () => ok(null) })
}
const callsTo = (adapter: ReturnType<typeof server>, path: string) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === path)
const jsonOf = (c: InternalAxiosRequestConfig | undefined) =>
  JSON.parse(String(c?.data)) as Record<string, unknown>

const renderComposer = () =>
  renderChat(<Composer session={makeSession()} quote={null} onClearQuote={vi.fn()} onSent={onSent} />)

/** Switches the composer to notes and answers its text field once it has loaded. */
async function noteMode(): Promise<HTMLTextAreaElement> {
  fireEvent.click(within(screen.getByTestId('chat-composer-mode')).getByText('Note'))
  return (await screen.findByRole('textbox', {
    name: 'Internal note — not sent to the customer',
  })) as HTMLTextAreaElement
}

/** Types `text` at the end of the field as the keyboard would leave it (the @ list opens on "@"). */
function typeIn(input: HTMLTextAreaElement, text: string) {
  const value = input.value + text
  fireEvent.change(input, { target: { value } })
  input.setSelectionRange(value.length, value.length)
  fireEvent.keyUp(input, { key: text.at(-1) })
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
  signInAs([Role.customerUser])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('composer: internal notes', () => {
  it('switches to a note on yellow, with its own placeholder and no tools that reach the customer', async () => {
    server()
    renderComposer()
    const composer = screen.getByTestId('chat-composer')
    expect(composer).toHaveAttribute('data-mode', 'reply')
    expect(screen.getByTestId('chat-attach')).toBeInTheDocument()
    const input = await noteMode()
    expect(composer).toHaveAttribute('data-mode', 'note')
    expect(composer).toHaveClass('chat-composer-note')
    expect(input).toHaveAttribute('placeholder', 'Internal note — not sent to the customer')
    // "/" on the desk finds it as it finds the reply field
    expect(input).toHaveAttribute('id', 'desk-composer')
    expect(screen.queryByTestId('chat-attach')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument()
    // back to replying: the reply field and its tools return
    fireEvent.click(within(screen.getByTestId('chat-composer-mode')).getByText('Reply'))
    expect(await screen.findByTestId('chat-input')).toBeInTheDocument()
    expect(composer).toHaveAttribute('data-mode', 'reply')
  })

  it('offers the other agents on "@" and sends the note with those still named, never as a message', async () => {
    const adapter = server()
    renderComposer()
    const input = await noteMode()
    typeIn(input, '@')
    const ann = await screen.findByTestId('chat-note-mention-21')
    expect(screen.getByTestId('chat-note-mention-22')).toBeInTheDocument()
    // the writer is not offered to themselves
    expect(screen.queryByTestId('chat-note-mention-10')).not.toBeInTheDocument()
    fireEvent.click(ann)
    await waitFor(() => expect(input.value).toBe('@Ann '))
    typeIn(input, 'please check the refund')
    fireEvent.click(screen.getByTestId('chat-note-send'))
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(note))
    expect(jsonOf(callsTo(adapter, NOTE)[0])).toEqual({
      sessionId: 7,
      text: '@Ann please check the refund',
      mentionUserIds: [21],
    })
    expect(callsTo(adapter, SEND)).toEqual([])
    expect(input).toHaveValue('')
  })

  it('adds the note on Enter, and keeps it with the server’s words when refused', async () => {
    const adapter = server(() => ({ code: 400, msg: 'A note is at most 2000 characters' }))
    renderComposer()
    const input = await noteMode()
    typeIn(input, 'call back at 5')
    expect(fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })).toBe(true)
    expect(callsTo(adapter, NOTE)).toEqual([])
    // a burst of responses shows one toast: this refusal comes well after the agents' list
    sessionStorage.clear()
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 })
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'A note is at most 2000 characters' }),
      ),
    )
    expect(jsonOf(callsTo(adapter, NOTE)[0])).toEqual({
      sessionId: 7,
      text: 'call back at 5',
      mentionUserIds: [],
    })
    expect(input).toHaveValue('call back at 5')
    expect(onSent).not.toHaveBeenCalled()
  })

  it('mentions only the people picked whose name is still in the text', () => {
    const picked = new Map([
      ['Ann', 21],
      ['Bo', 22],
    ])
    expect(mentionedIds('@Ann and @Bo', picked)).toEqual([21, 22])
    expect(mentionedIds('only @Ann now', picked)).toEqual([21])
    expect(mentionedIds('nobody', picked)).toEqual([])
  })

  it('tells apart two people of one nickname by their user name', () => {
    const twins = [
      { id: 1, username: 'ann1', nickname: 'Ann' },
      { id: 2, username: 'ann2', nickname: 'Ann' },
      { id: 3, username: 'bo', nickname: 'Bo' },
    ]
    expect([...handlesOf(twins).keys()]).toEqual(['Ann(ann1)', 'Ann(ann2)', 'Bo'])
  })
})
