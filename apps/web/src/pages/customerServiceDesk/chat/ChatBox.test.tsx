import { type ChatMessageView, Role } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeFeedback } from '../../../test/feedback'
import { fakeServer, makeMessage, makeSession, ok } from '../../../test/fixtures'
import { emitSocket, renderChat, signInAs } from '../../../test/testUtils'
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

describe('chat box: bubbles', () => {
  it('shows every type of message', async () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Anna Rossi\nTEL;waid=393331234567:+39 333 1234567\nEND:VCARD'
    const list = [
      makeMessage({ id: 1, body: 'Hello 😀 see https://a.example' }),
      makeMessage({ id: 2, type: 'image', mediaId: 1, mediaUrl: `${base}/chatMedia/2`, body: 'a photo' }),
      makeMessage({ id: 3, type: 'video', mediaId: 2, mediaUrl: `${base}/chatMedia/3`, meta: { gif: true } }),
      makeMessage({ id: 4, type: 'video', mediaId: 3, mediaUrl: `${base}/chatMedia/4` }),
      makeMessage({
        id: 5,
        type: 'audio',
        mediaId: 4,
        mediaUrl: `${base}/chatMedia/5`,
        meta: { seconds: 65 },
      }),
      makeMessage({
        id: 6,
        type: 'document',
        mediaId: 5,
        mediaUrl: `${base}/chatMedia/6`,
        meta: { fileName: 'price-list.pdf', size: 1536 },
      }),
      makeMessage({ id: 7, type: 'location', body: 'Rome', meta: { latitude: 41.9028, longitude: 12.4964 } }),
      makeMessage({ id: 8, type: 'contacts', meta: { vcards: [vcard, vcard] } }),
      makeMessage({ id: 9, fromMe: true, body: 'Summer sale\nAll 20% off\nhttps://shop.example.com/sale' }),
      makeMessage({ id: 10, reactions: [{ emoji: '👍', fromMe: false, senderJid: 'x@s.whatsapp.net' }] }),
      makeMessage({ id: 11, status: 'withdrawn', body: 'secret' }),
      makeMessage({ id: 12, type: 'unsupported' }),
    ]
    const media: Routes = {}
    for (const id of [2, 3, 4, 5, 6])
      media[`${base}/chatMedia/${id}`] = () => new Blob(['bytes'], { type: 'image/png' })
    const adapter = server(list, media)
    renderChat(<ChatBox session={makeSession()} />)

    expect(await screen.findByText('Hello 😀 see', { exact: false })).toBeInTheDocument()
    expect(await within(row(1)).findByRole('link', { name: 'https://a.example' })).toHaveAttribute(
      'href',
      'https://a.example',
    )
    await waitFor(() => expect(within(row(2)).getByTestId('chat-image')).toBeInTheDocument())
    expect(row(2)).toHaveTextContent('a photo')
    const gif = within(row(3)).getByTestId('chat-gif') as HTMLVideoElement
    expect(gif.loop).toBe(true)
    expect(gif.muted).toBe(true)
    expect(gif.autoplay).toBe(true)
    expect(within(row(4)).getByTestId('chat-video')).toHaveAttribute('controls')
    expect(within(row(5)).getByTestId('chat-audio-length')).toHaveTextContent('1:05')
    expect(row(6)).toHaveTextContent('price-list.pdf')
    expect(row(6)).toHaveTextContent('1.5 KB')
    expect(within(row(6)).getByTestId('chat-download-6')).toBeEnabled()
    expect(within(row(7)).getByTestId('chat-location-link')).toHaveTextContent('41.902800, 12.496400')
    expect(row(7)).toHaveTextContent('Rome')
    expect(within(row(8)).getAllByTestId('chat-contact-card')).toHaveLength(2)
    expect(row(8)).toHaveTextContent('Anna Rossi')
    expect(row(8)).toHaveTextContent('+39 333 1234567')
    expect(within(row(9)).getByTestId('chat-link-card')).toHaveTextContent('Summer sale')
    expect(within(row(9)).getByRole('link')).toHaveAttribute('href', 'https://shop.example.com/sale')
    expect(screen.getByTestId('chat-reactions-10')).toHaveTextContent('👍')
    expect(row(11)).toHaveTextContent('The customer withdrew a message')
    expect(row(11)).not.toHaveTextContent('secret')
    expect(row(12)).toHaveTextContent('This kind of message cannot be shown')

    // media came with the auth header as blobs, once each
    const fetched = adapter.mock.calls.map(([c]) => c).filter((c) => c.url?.includes('/chatMedia/'))
    expect(fetched.map((c) => c.url).sort()).toEqual([2, 3, 4, 5].map((id) => `${base}/chatMedia/${id}`))
    expect(fetched.every((c) => c.responseType === 'blob')).toBe(true)
  })

  it('shows view-once, polls, album and pin lines, edited texts, and an edit arriving live', async () => {
    const list = [
      makeMessage({ id: 21, type: 'viewOnce', body: '', meta: { media: 'image' } }),
      makeMessage({
        id: 22,
        type: 'poll',
        body: 'Which size?',
        meta: { options: ['S', 'M', 'L'], selectable: 1 },
      }),
      makeMessage({ id: 23, type: 'album', body: '', meta: { images: 2, videos: 1 } }),
      makeMessage({
        id: 24,
        type: 'system',
        body: '',
        meta: { event: 'pinned' },
        quotedMessage: {
          id: 9,
          waMessageId: 'WA9',
          message: 'our price list',
          type: 'text',
          userName: '',
          fromMe: true,
          time: 1,
        },
      }),
      makeMessage({
        id: 25,
        body: 'Fale',
        editedAt: Date.now() - 1_000,
        edits: [{ body: 'Falr', at: Date.now() - 5_000 }],
      }),
      makeMessage({ id: 26, body: 'as sent' }),
    ]
    server(list)
    renderChat(<ChatBox session={makeSession()} />)

    expect(
      await within(await screen.findByTestId('chat-message-21')).findByTestId('chat-view-once'),
    ).toHaveTextContent('View-once photoOpen it on your phone')
    expect(
      within(row(22))
        .getAllByTestId('chat-poll-option')
        .map((o) => o.textContent),
    ).toEqual(['S', 'M', 'L'])
    expect(row(22)).toHaveTextContent('Poll · Choose one')
    expect(row(22)).toHaveTextContent('Which size?')
    expect(row(23)).toHaveTextContent('Album · 3 items')
    expect(row(24)).toHaveTextContent('The customer pinned a message · our price list')
    expect(row(25)).toHaveTextContent('Fale')
    expect(within(row(25)).getByTestId('chat-edited-25')).toHaveTextContent('Edited')
    fireEvent.mouseEnter(within(row(25)).getByTestId('chat-edited-25'))
    expect(await screen.findByTestId('chat-edit-history-25')).toHaveTextContent('Falr')
    expect(within(row(26)).queryByTestId('chat-edited-26')).toBeNull()

    // the customer edits a message: the bubble follows at once
    emitSocket('message.updated', {
      id: 26,
      sessionId: 7,
      status: 'sent',
      delivery: 'none',
      failureReason: null,
      body: 'as corrected',
      editedAt: Date.now(),
      edits: [{ body: 'as sent', at: Date.now() - 60_000 }],
      meta: {},
    })
    await waitFor(() => expect(row(26)).toHaveTextContent('as corrected'))
    expect(within(row(26)).getByTestId('chat-edited-26')).toBeInTheDocument()
    // an edit whose new text could not be read
    emitSocket('message.updated', {
      id: 25,
      sessionId: 7,
      status: 'sent',
      delivery: 'none',
      failureReason: null,
      body: 'Fale',
      editedAt: Date.now(),
      edits: [{ body: 'Falr', at: Date.now() - 5_000 }],
      meta: { editUnread: true },
    })
    await waitFor(() => expect(within(row(25)).getByTestId('chat-edit-unread')).toBeInTheDocument())
  })

  it('shows the ticks of each status and delivery', async () => {
    const mine = (id: number, status: ChatMessageView['status'], delivery: ChatMessageView['delivery']) =>
      makeMessage({ id, fromMe: true, status, delivery })
    server([
      mine(1, 'requested', 'none'),
      mine(2, 'sending', 'none'),
      mine(3, 'sent', 'none'),
      mine(4, 'sent', 'delivered'),
      mine(5, 'sent', 'read'),
      mine(6, 'sent', 'replied'),
      mine(7, 'failed', 'none'),
      makeMessage({ id: 8 }),
    ])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    const tick = (id: number) => within(row(id)).queryByTestId('chat-tick')?.getAttribute('data-tick')
    expect([1, 2, 3, 4, 5, 6, 7].map(tick)).toEqual([
      'pending',
      'pending',
      'sent',
      'delivered',
      'read',
      'read',
      'failed',
    ])
    expect(tick(8)).toBeUndefined()
    expect(row(4)).toHaveAttribute('data-status', 'sent')
    expect(row(4)).toHaveAttribute('data-delivery', 'delivered')
    expect(within(row(5)).getByTestId('chat-tick')).toHaveClass('chat-tick-read')
  })

  it('shows why a message failed and resends it', async () => {
    const failed = makeMessage({
      id: 1,
      fromMe: true,
      status: 'failed',
      failureReason: 'ws_send_limit_reached',
    })
    const again = makeMessage({ id: 2, fromMe: true, status: 'requested', body: failed.body })
    const adapter = server([failed], { [`${base}/resendChatMessage`]: () => ok(again) })
    renderChat(<ChatBox session={makeSession()} />)
    expect(await screen.findByTestId('chat-failed-1')).toHaveTextContent('Not sent: WS send limit reached')
    fireEvent.click(screen.getByTestId('chat-resend-1'))
    expect(await screen.findByTestId('chat-message-2')).toHaveAttribute('data-status', 'requested')
    expect(bodyOf(callsTo(adapter, 'resendChatMessage')[0] as InternalAxiosRequestConfig)).toEqual({
      messageId: 1,
    })
  })
})

describe('chat box: chat send failures', () => {
  it("names the chat send failure WhatsApp's refusal stands for", async () => {
    server([
      makeMessage({
        id: 1,
        fromMe: true,
        status: 'failed',
        failureReason: 'invalid_customer',
        meta: { sendError: 2107 },
      }),
      makeMessage({
        id: 2,
        fromMe: true,
        status: 'failed',
        failureReason: 'platform_limit',
        meta: { sendError: 2108 },
      }),
    ])
    renderChat(<ChatBox session={makeSession()} />)
    // the catalogue's texts load with the first failed message
    await waitFor(() =>
      expect(screen.getByTestId('chat-failed-1')).toHaveTextContent(
        'Not sent: Invalid customer: The customer could not receive the message',
      ),
    )
    await waitFor(() =>
      expect(screen.getByTestId('chat-failed-2')).toHaveTextContent(
        'Not sent: Platform limit: Unknown error',
      ),
    )
  })
})

describe('chat box: read-only', () => {
  it('shows the team lead no composer and no write actions', async () => {
    signInAs([Role.customerUserLeader])
    server([
      makeMessage({ id: 1 }),
      makeMessage({ id: 2, fromMe: true }),
      makeMessage({ id: 3, fromMe: true, status: 'failed', failureReason: 'ws_ban' }),
    ])
    renderChat(<ChatBox session={makeSession()} />)
    await screen.findByTestId('chat-message-1')
    expect(screen.queryByTestId('chat-composer')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-reply-1')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-revoke-2')).not.toBeInTheDocument()
    expect(screen.queryByTestId('chat-resend-3')).not.toBeInTheDocument()
    expect(screen.getByTestId('chat-failed-3')).toHaveTextContent('WS account banned')
    expect(screen.getByTestId('chat-copy-1')).toBeInTheDocument()
  })
})
