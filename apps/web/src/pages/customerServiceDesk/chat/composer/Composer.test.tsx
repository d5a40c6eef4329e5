import { CHAT_TEXT_COUNTER_FROM, CHAT_TEXT_MAX, Role } from '@app/core'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../../i18n'
import { fakeFeedback } from '../../../../test/feedback'
import { fakeServer, makeMessage, makeSession, ok } from '../../../../test/fixtures'
import { renderChat, signInAs } from '../../../../test/testUtils'
import * as probe from '../mediaProbe'
import { Composer } from './Composer'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))
vi.mock('./LocationMap', () => ({
  LocationMap: ({
    onPick,
    onTilesFailed,
  }: {
    onPick(p: { lat: number; lng: number }): void
    onTilesFailed(): void
  }) => (
    <div>
      <button type="button" onClick={() => onPick({ lat: 41.9, lng: 12.5 })} data-testid="fake-map-pick">
        pick
      </button>
      <button type="button" onClick={onTilesFailed} data-testid="fake-map-fail">
        fail
      </button>
    </div>
  ),
}))
vi.mock('../../../../components/material/MaterialPicker', () => ({
  MaterialPicker: ({ open, onPick }: { open: boolean; onPick(m: { id: number }): void }) =>
    open ? (
      <button type="button" onClick={() => onPick({ id: 5 })} data-testid="fake-material">
        material
      </button>
    ) : null,
}))
vi.setConfig({ testTimeout: 20_000 })

const base = '/damai/customer/user'
const toastError = vi.fn()
const sent = makeMessage({ id: 50, fromMe: true, status: 'requested' })

function server(send: () => unknown = () => ok(sent), upload: () => unknown = () => ok(sent)) {
  return fakeServer({
    [`${base}/sendChatMessage`]: send,
    [`${base}/uploadThenSendChatMessageAsync`]: upload,
  })
}
const callsTo = (adapter: ReturnType<typeof server>, path: string) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === `${base}/${path}`)
const jsonOf = (c: InternalAxiosRequestConfig | undefined) =>
  JSON.parse(String(c?.data)) as Record<string, unknown>
const formOf = (c: InternalAxiosRequestConfig | undefined) =>
  Object.fromEntries(((c?.data as FormData | undefined) ?? new FormData()).entries())

const onSent = vi.fn()
const onClearQuote = vi.fn()
const renderComposer = (quote = null as ReturnType<typeof makeMessage> | null) =>
  renderChat(<Composer session={makeSession()} quote={quote} onClearQuote={onClearQuote} onSent={onSent} />)

const fileOf = (name: string, size: number, type = '') => {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}
const pick = (kind: string, files: File[]) =>
  fireEvent.change(screen.getByTestId(`chat-file-input-${kind}`), { target: { files } })
const MB = 1024 * 1024

beforeEach(async () => {
  vi.clearAllMocks()
  vi.restoreAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
  signInAs([Role.customerUser])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('composer: text', () => {
  it('sends on Enter, breaks the line on Shift+Enter, and empties the input', async () => {
    const adapter = server()
    renderComposer()
    const input = screen.getByTestId('chat-input')
    const sendButton = screen.getByTestId('chat-send')
    fireEvent.change(input, { target: { value: 'Hi 😀' } })
    // Shift+Enter is left to the text area (its default, a line break, is not prevented) and no
    // send starts: a send marks the button busy at once, before its request goes out
    expect(fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })).toBe(true)
    expect(sendButton).not.toHaveClass('ant-btn-loading')
    expect(input).toHaveValue('Hi 😀')
    // Enter is taken by the composer and sends
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false)
    expect(sendButton).toHaveClass('ant-btn-loading')
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent))
    expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(1)
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toEqual({
      type: 'text',
      text: 'Hi 😀',
      sessionId: 7,
      whatsappId: '8613700000042',
    })
    expect(input).toHaveValue('')
  })

  it("keeps the text when the server refuses (a blocked session) and shows the server's words", async () => {
    server(() => ({ code: 2102, msg: 'This session is blocked: messages cannot be sent' }))
    renderComposer()
    const input = screen.getByTestId('chat-input')
    fireEvent.change(input, { target: { value: 'still here' } })
    fireEvent.click(screen.getByTestId('chat-send'))
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'This session is blocked: messages cannot be sent' }),
      ),
    )
    expect(input).toHaveValue('still here')
    expect(onSent).not.toHaveBeenCalled()
  })

  it('inserts an emoji where the cursor is', async () => {
    server()
    renderComposer()
    const input = screen.getByTestId('chat-input') as HTMLTextAreaElement
    fireEvent.change(input, { target: { value: 'Hello world' } })
    input.setSelectionRange(5, 5)
    fireEvent.click(screen.getByTestId('chat-emoji'))
    fireEvent.click(await screen.findByText('👍'))
    expect(input).toHaveValue('Hello👍 world')
  })

  it('counts the characters near the 4,096 limit and says why the text stops', async () => {
    const adapter = server()
    renderComposer()
    const input = screen.getByTestId('chat-input')
    fireEvent.change(input, { target: { value: 'a'.repeat(CHAT_TEXT_COUNTER_FROM - 1) } })
    expect(screen.queryByTestId('text-limit')).not.toBeInTheDocument()
    fireEvent.change(input, { target: { value: 'a'.repeat(CHAT_TEXT_COUNTER_FROM) } })
    expect(screen.getByTestId('text-limit-count')).toHaveTextContent('3,800 / 4,096')
    expect(screen.queryByTestId('text-limit-reason')).not.toBeInTheDocument()
    // a paste beyond the limit: the rest is not taken, and the composer says why
    fireEvent.change(input, { target: { value: 'b'.repeat(CHAT_TEXT_MAX + 500) } })
    expect(input).toHaveValue('b'.repeat(CHAT_TEXT_MAX))
    expect(screen.getByTestId('text-limit-count')).toHaveTextContent('4,096 / 4,096')
    expect(screen.getByTestId('text-limit-reason')).toHaveTextContent(
      'A message holds at most 4,096 characters: the text stops here',
    )
    // an emoji that does not fit is not added either
    fireEvent.click(screen.getByTestId('chat-emoji'))
    fireEvent.click(await screen.findByText('👍'))
    expect(input).toHaveValue('b'.repeat(CHAT_TEXT_MAX))
    fireEvent.click(screen.getByTestId('chat-send'))
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent))
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toMatchObject({ text: 'b'.repeat(CHAT_TEXT_MAX) })
    expect(screen.queryByTestId('text-limit')).not.toBeInTheDocument()
  })

  it('shows the quote and drops it with ×', () => {
    server()
    renderComposer(makeMessage({ id: 3, body: 'quoted words' }))
    expect(screen.getByTestId('chat-quote-bar')).toHaveTextContent('quoted words')
    fireEvent.click(screen.getByTestId('chat-quote-clear'))
    expect(onClearQuote).toHaveBeenCalled()
  })
})

describe('composer: uploads', () => {
  it('refuses more than 8 files at a time and sends none', async () => {
    const adapter = server()
    renderComposer()
    pick(
      'file',
      Array.from({ length: 9 }, (_, i) => fileOf(`f${i}.txt`, 10)),
    )
    expect(await screen.findByText('At most 8 files at a time')).toBeInTheDocument()
    expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(0)
  })

  it('refuses wrong types and files over 10 MB, and sends the good ones of the same pick', async () => {
    const adapter = server()
    renderComposer()
    pick('video', [
      fileOf('clip.mov', MB, 'video/quicktime'),
      fileOf('big.mp4', 11 * MB),
      fileOf('ok.mp4', MB),
    ])
    expect(await screen.findByText('clip.mov: This format is not accepted: choose .mp4')).toBeInTheDocument()
    expect(screen.getByText('big.mp4: The file is larger than 10 MB')).toBeInTheDocument()
    await waitFor(() => expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(1))
    expect(formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[0])).toMatchObject({
      chatType: '9',
      sessionId: '7',
    })
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent))
  })

  it('sends an image with its size and a GIF as fileType 7', async () => {
    vi.spyOn(probe, 'loadImage').mockResolvedValue({
      naturalWidth: 800,
      naturalHeight: 600,
    } as HTMLImageElement)
    const adapter = server()
    renderComposer()
    pick('image', [fileOf('photo.jpg', MB, 'image/jpeg')])
    await waitFor(() => expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(1))
    const image = formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[0])
    expect(image).toMatchObject({ chatType: '8', fileType: '8', width: '800', height: '600' })
    expect((image.file as File).name).toBe('photo.jpg')
    pick('gif', [fileOf('fun.gif', MB, 'image/gif')])
    await waitFor(() => expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(2))
    expect(formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[1])).toMatchObject({
      chatType: '8',
      fileType: '7',
    })
  })

  it('says so when an image cannot be compressed, and sends nothing', async () => {
    vi.spyOn(probe, 'loadImage').mockResolvedValue({
      naturalWidth: 5000,
      naturalHeight: 4000,
    } as HTMLImageElement)
    vi.spyOn(probe, 'compressImage').mockRejectedValue(new probe.UploadCheckError('compressFailed'))
    const adapter = server()
    renderComposer()
    pick('image', [fileOf('huge.png', 5 * MB, 'image/png')])
    expect(await screen.findByText('huge.png: Compression failed, upload again')).toBeInTheDocument()
    expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(0)
  })

  it('sends a voice file with its probed seconds; a damaged one is refused', async () => {
    vi.spyOn(probe, 'probeAudioSeconds')
      .mockResolvedValueOnce(9.4)
      .mockRejectedValueOnce(new probe.UploadCheckError('audioDamaged'))
    const adapter = server()
    renderComposer()
    pick('voice', [fileOf('note.ogg', MB, 'audio/ogg')])
    await waitFor(() => expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(1))
    expect(formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[0])).toMatchObject({
      chatType: '10',
      seconds: '9',
    })
    pick('voice', [fileOf('broken.mp3', MB, 'audio/mpeg')])
    expect(
      await screen.findByText('broken.mp3: The audio is damaged or lossy: its duration cannot be read'),
    ).toBeInTheDocument()
    expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(1)
  })

  it('keeps a failed upload listed to retry it', async () => {
    let refuse = true
    const adapter = server(undefined, () => (refuse ? { code: 2102, msg: 'blocked' } : ok(sent)))
    renderComposer()
    pick('file', [fileOf('terms.pdf', 2000)])
    const retry = await screen.findByTestId('chat-upload-retry')
    expect(screen.getByTestId('chat-upload-item')).toHaveAttribute('data-status', 'failed')
    refuse = false
    fireEvent.click(retry)
    await waitFor(() => expect(screen.queryByTestId('chat-upload-item')).not.toBeInTheDocument())
    expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(2)
    expect(formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[1])).toMatchObject({ chatType: '11' })
    expect(onSent).toHaveBeenCalledWith(sent)
  })
})

describe('composer: voice recording', () => {
  const micFails = (name: string) =>
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('no', name)) },
    })

  class FakeRecorder {
    static isTypeSupported = () => true
    state = 'inactive'
    mimeType = 'audio/webm;codecs=opus'
    ondataavailable: ((e: { data: Blob }) => void) | null = null
    onstop: (() => void) | null = null
    start() {
      this.state = 'recording'
    }
    stop() {
      this.state = 'inactive'
      this.ondataavailable?.({ data: new Blob(['opus'], { type: this.mimeType }) })
      this.onstop?.()
    }
  }

  beforeEach(() => {
    vi.stubGlobal('MediaRecorder', FakeRecorder)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('tells when the microphone is refused or missing', async () => {
    server()
    renderComposer()
    micFails('NotAllowedError')
    fireEvent.click(screen.getByTestId('chat-voice'))
    expect(
      await screen.findByText('Microphone permission denied: allow the microphone in the browser'),
    ).toBeInTheDocument()
    micFails('NotFoundError')
    fireEvent.click(screen.getByTestId('chat-voice'))
    expect(await screen.findByText('No microphone found')).toBeInTheDocument()
    expect(screen.queryByTestId('chat-recording')).not.toBeInTheDocument()
  })

  it('records, counts the time and sends the recording as voice with its seconds', async () => {
    const stop = vi.fn()
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
    })
    const adapter = server()
    renderComposer()
    fireEvent.click(screen.getByTestId('chat-voice'))
    expect(await screen.findByTestId('chat-recording')).toBeInTheDocument()
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument()
    fireEvent.click(screen.getByTestId('chat-recording-send'))
    await waitFor(() => expect(callsTo(adapter, 'uploadThenSendChatMessageAsync')).toHaveLength(1))
    const form = formOf(callsTo(adapter, 'uploadThenSendChatMessageAsync')[0])
    expect(form).toMatchObject({ chatType: '10', seconds: '1' })
    expect((form.file as File).name).toBe('voice.webm')
    expect(stop).toHaveBeenCalled()
    expect(screen.getByTestId('chat-input')).toBeInTheDocument()
  })
})

describe('composer: location, cards, links, materials', () => {
  it('checks contact card numbers (8+ digits) before sending', async () => {
    const adapter = server()
    renderComposer()
    fireEvent.click(screen.getByTestId('chat-card'))
    fireEvent.change(await screen.findByTestId('chat-card-name-0'), { target: { value: 'Luca' } })
    fireEvent.change(screen.getByTestId('chat-card-phone-0'), { target: { value: '12 34' } })
    fireEvent.click(screen.getByTestId('chat-card-submit'))
    expect(await screen.findByText('The contact number has at least 8 digits')).toBeInTheDocument()
    expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(0)
    fireEvent.change(screen.getByTestId('chat-card-phone-0'), { target: { value: '+39 333 1234567' } })
    fireEvent.click(screen.getByTestId('chat-card-submit'))
    await waitFor(() => expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(1))
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toMatchObject({
      type: 'contacts',
      contacts: [{ name: 'Luca', phone: '+39 333 1234567' }],
    })
  })

  it('sends an image-text link only with an http(s) link', async () => {
    const adapter = server()
    renderComposer()
    fireEvent.click(screen.getByTestId('chat-link'))
    fireEvent.change(await screen.findByTestId('chat-link-url'), { target: { value: 'ftp://files' } })
    fireEvent.click(screen.getByTestId('chat-link-submit'))
    expect(await screen.findByText('Enter a link starting with http:// or https://')).toBeInTheDocument()
    fireEvent.change(screen.getByTestId('chat-link-url'), { target: { value: 'https://shop.example.com' } })
    fireEvent.change(screen.getByTestId('chat-link-title'), { target: { value: 'Sale' } })
    fireEvent.click(screen.getByTestId('chat-link-submit'))
    await waitFor(() => expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(1))
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toMatchObject({
      type: 'link',
      link: 'https://shop.example.com',
      title: 'Sale',
    })
  })

  it('sends a location picked on the map or typed, and says when the map cannot load', async () => {
    const adapter = server()
    renderComposer()
    fireEvent.click(screen.getByTestId('chat-location'))
    fireEvent.click(await screen.findByTestId('fake-map-fail'))
    expect(await screen.findByTestId('chat-map-failed')).toHaveTextContent(
      'Map load failed (a proxy may be needed)',
    )
    fireEvent.change(screen.getByTestId('chat-location-lat'), { target: { value: '95' } })
    fireEvent.change(screen.getByTestId('chat-location-lng'), { target: { value: '12' } })
    fireEvent.click(screen.getByTestId('chat-location-submit'))
    expect(await screen.findByText('Choose a valid location')).toBeInTheDocument()
    expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(0)
    act(() => fireEvent.click(screen.getByTestId('fake-map-pick')))
    fireEvent.change(screen.getByTestId('chat-location-name'), { target: { value: 'Colosseum' } })
    fireEvent.click(screen.getByTestId('chat-location-submit'))
    await waitFor(() => expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(1))
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toMatchObject({
      type: 'location',
      latitude: 41.9,
      longitude: 12.5,
      name: 'Colosseum',
    })
  })

  it('sends a picked material by its id', async () => {
    const adapter = server()
    renderComposer()
    fireEvent.click(screen.getByTestId('chat-material'))
    fireEvent.click(await screen.findByTestId('fake-material'))
    await waitFor(() => expect(callsTo(adapter, 'sendChatMessage')).toHaveLength(1))
    expect(jsonOf(callsTo(adapter, 'sendChatMessage')[0])).toMatchObject({ type: 'material', materialId: 5 })
  })
})
