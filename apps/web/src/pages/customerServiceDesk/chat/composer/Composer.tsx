import { SendOutlined } from '@ant-design/icons'
import { CHAT_TEXT_MAX, type ChatMessageView, type DeskSessionView } from '@app/core'
import { App, Button, Input, Segmented } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { memo, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sendChatMessage } from '../../../../api/chat'
import { lazyPart } from '../../../../components/lazyPart'
import { Placeholder } from '../../../../components/Placeholder'
import { TextLimitHint, useLimitedText } from '../../../../components/TextLimit'
import { lazyDialog } from '../../lazyDialog'
import { COMPOSER_ID } from '../chatFocus'
import { type ComposerDialog, ComposerToolbar } from './ComposerToolbar'
import { OrderTemplatePicker } from './OrderTemplatePicker'
import { QuoteBar } from './QuoteBar'
import type { SendContent } from './sendBody'
import { UploadList } from './UploadList'
import { useChatUploads } from './useChatUploads'
import { useVoiceRecorder } from './useVoiceRecorder'
import { VoiceBar } from './VoiceBar'

// the dialogs check their content with the endpoint's schema: zod loads with the first one opened
const LocationModal = lazyDialog(() => import('./LocationModal').then((m) => m.LocationModal))
const ContactCardModal = lazyDialog(() => import('./ContactCardModal').then((m) => m.ContactCardModal))
const LinkModal = lazyDialog(() => import('./LinkModal').then((m) => m.LinkModal))
const MaterialPicker = lazyDialog(() =>
  import('../../../../components/material/MaterialPicker').then((m) => m.MaterialPicker),
)
// the note's @ picker (antd's Mentions) loads when a note is first written
const NoteComposer = lazyPart(
  () => import('./NoteComposer').then((m) => m.NoteComposer),
  <Placeholder height={54} block />,
)

/** What the composer writes: a reply to the customer, or an internal note for the team. */
type ComposerMode = 'reply' | 'note'

interface Props {
  session: DeskSessionView
  quote: ChatMessageView | null
  onClearQuote(): void
  /** a message the server queued: shown at once */
  onSent(message: ChatMessageView): void
}

/**
 * Writing in a session: text (Enter sends, Shift+Enter breaks the line) with emoji, the quoted
 * reply, files, a recorded voice message, location, contact cards, a material or an image-text
 * link. A refused send (a blocked session, …) is told by the request client and the text stays.
 * Near the endpoint's length limit a counter shows, and once the text stops it says why. The
 * Reply / Note switch turns it into an internal note, which never reaches the customer. The
 * chat's own updates (its history arriving, translations) pass it by: it draws again only when
 * its session, its quote or what it reads changes.
 */
export const Composer = memo(function Composer({ session, quote, onClearQuote, onSent }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { text, setText, stopped, refuse } = useLimitedText(CHAT_TEXT_MAX)
  const [sending, setSending] = useState(false)
  const [dialog, setDialog] = useState<ComposerDialog | null>(null)
  const [mode, setMode] = useState<ComposerMode>('reply')
  const noting = mode === 'note'
  const input = useRef<TextAreaRef>(null)
  const quoteRef = useRef(quote)
  quoteRef.current = quote

  /** The quote goes with the next message only. */
  const takeQuote = useCallback(() => {
    const id = quoteRef.current?.id
    if (quoteRef.current) {
      quoteRef.current = null
      onClearQuote()
    }
    return id
  }, [onClearQuote])

  const uploads = useChatUploads({ session, takeQuote, onSent })

  const send = async (content: SendContent): Promise<boolean> => {
    const quotedMessageId = quoteRef.current?.id
    try {
      const sent = await sendChatMessage({
        ...content,
        sessionId: session.id,
        ...(session.accountPhone ? { whatsappId: session.accountPhone } : {}),
        ...(quotedMessageId ? { quotedMessageId } : {}),
      })
      if (quotedMessageId && quoteRef.current?.id === quotedMessageId) takeQuote()
      onSent(sent)
      return true
    } catch {
      // the request client told the user; what was written stays
      return false
    }
  }

  const sendText = async () => {
    const body = text.trim()
    if (!body || sending) return
    setSending(true)
    const ok = await send({ type: 'text', text: body })
    setSending(false)
    if (ok) setText('')
    input.current?.focus()
  }

  const insertEmoji = (emoji: string) => {
    const el = input.current?.resizableTextArea?.textArea
    const start = el?.selectionStart ?? text.length
    const end = el?.selectionEnd ?? text.length
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`
    if (next.length > CHAT_TEXT_MAX) {
      refuse()
      return
    }
    setText(next)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + emoji.length, start + emoji.length)
    })
  }

  const recorder = useVoiceRecorder(() => void finishRecording())
  const startRecording = async () => {
    const problem = await recorder.start()
    if (problem) message.error(t(`chat.record.${problem}`))
  }
  const finishRecording = async () => {
    const recording = await recorder.finish()
    if (recording) uploads.sendRecording(recording.blob, recording.seconds)
  }

  return (
    <div
      className={noting ? 'chat-composer chat-composer-note' : 'chat-composer'}
      data-testid="chat-composer"
      data-mode={mode}
    >
      {quote && !noting && (
        <QuoteBar
          quote={quote}
          peerName={session.type === 'personal' ? session.title : ''}
          onClear={onClearQuote}
        />
      )}
      <UploadList items={uploads.items} onRetry={uploads.retry} onRemove={uploads.remove} />
      <div className="chat-composer-head">
        <Segmented<ComposerMode>
          size="small"
          value={mode}
          disabled={recorder.recording}
          onChange={setMode}
          options={[
            { value: 'reply', label: t('chat.composer.reply') },
            { value: 'note', label: t('chat.composer.note') },
          ]}
          aria-label={t('chat.composer.mode')}
          data-testid="chat-composer-mode"
        />
        {noting ? null : (
          <ComposerToolbar
            disabled={recorder.recording}
            onEmoji={insertEmoji}
            onFiles={uploads.sendFiles}
            onRecord={() => void startRecording()}
            recordingBusy={recorder.starting}
            onDialog={setDialog}
            extra={
              <OrderTemplatePicker
                sessionId={session.id}
                disabled={recorder.recording}
                onPick={(filled) => {
                  setText(filled.slice(0, CHAT_TEXT_MAX))
                  requestAnimationFrame(() => input.current?.focus())
                }}
              />
            }
          />
        )}
      </div>
      {noting ? (
        <NoteComposer session={session} onSent={onSent} />
      ) : recorder.recording ? (
        <VoiceBar
          seconds={recorder.seconds}
          onCancel={recorder.cancel}
          onSend={() => void finishRecording()}
        />
      ) : (
        <div className="chat-input-line">
          <Input.TextArea
            ref={input}
            id={COMPOSER_ID}
            aria-label={t('chat.composer.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                void sendText()
              }
            }}
            maxLength={CHAT_TEXT_MAX}
            // an empty box is two rows high; measuring its text (which makes the browser lay the
            // whole page out at once) waits for text, so opening a chat does not pay for it
            rows={2}
            autoSize={text ? { minRows: 2, maxRows: 6 } : false}
            variant="borderless"
            placeholder={t('chat.composer.placeholder')}
            data-testid="chat-input"
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={sending}
            disabled={!text.trim()}
            onClick={() => void sendText()}
            data-testid="chat-send"
          >
            {t('chat.composer.send')}
          </Button>
        </div>
      )}
      {recorder.recording || noting ? null : (
        <div className="chat-text-limit">
          <TextLimitHint length={text.length} stopped={stopped} max={CHAT_TEXT_MAX} />
        </div>
      )}
      <LocationModal open={dialog === 'location'} onClose={() => setDialog(null)} onSend={send} />
      <ContactCardModal open={dialog === 'card'} onClose={() => setDialog(null)} onSend={send} />
      <LinkModal open={dialog === 'link'} onClose={() => setDialog(null)} onSend={send} />
      <MaterialPicker
        open={dialog === 'material'}
        onClose={() => setDialog(null)}
        onPick={(material) => {
          setDialog(null)
          void send({ type: 'material', materialId: material.id })
        }}
      />
    </div>
  )
})
