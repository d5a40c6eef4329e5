import { type ChatMessageView, failureReasonMessages } from '@app/core'
import { Button, Typography } from 'antd'
import { memo, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resendChatMessage } from '../../../../api/chat'
import { currentLanguage } from '../../../../i18n'
import { formatDate } from '../../../../utils/date'
import { refusalOf, refusalText } from '../../../riskManage/refusal'
import { EditedMark } from './EditedMark'
import { NoticeLine } from './ExtraContent'
import { phoneOfJid } from './format'
import { MessageActions } from './MessageActions'
import { MessageContent } from './MessageContent'
import { MessageTicks } from './MessageTicks'
import { NoteRow } from './NoteRow'
import { QuotedPreview } from './QuotedPreview'

export interface MessageRowProps {
  message: ChatMessageView
  /** group chats name the sender of each customer message */
  isGroup: boolean
  readOnly: boolean
  autoTranslate: boolean
  onReply(message: ChatMessageView): void
  /** a resent message joins the chat at once */
  onSent(message: ChatMessageView): void
  onJump(messageId: number): void
}

/** The text of the chat send failure a failed message carries, once its catalogue has loaded. */
function useSendErrorText(meta: ChatMessageView['meta']): string | null {
  const language = currentLanguage()
  const [text, setText] = useState<string | null>(null)
  const code = meta.sendError
  useEffect(() => {
    if (typeof code !== 'number') return
    let live = true
    void import('./sendErrorText').then((m) => {
      if (live) setText(m.sendErrorText({ sendError: code }, language))
    })
    return () => {
      live = false
    }
  }, [code, language])
  return typeof code === 'number' ? text : null
}

function FailedLine({ message, readOnly, onSent }: Pick<MessageRowProps, 'message' | 'readOnly' | 'onSent'>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const refusal = refusalOf(message.meta)
  const sendError = useSendErrorText(message.meta)
  const base = message.failureReason
    ? failureReasonMessages[message.failureReason]?.[currentLanguage()]
    : null
  // a risk refusal tells its rule, the count left today and when the window reopens; a refusal
  // of WhatsApp's, the chat send failure it stands for
  const detail = refusal ? refusalText(refusal, t) : sendError
  const reason = base && detail ? `${base}: ${detail}` : base || detail
  const resend = async () => {
    setBusy(true)
    try {
      onSent(await resendChatMessage(message.id))
    } catch {
      // the request client told the user
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="chat-failed" data-testid={`chat-failed-${message.id}`}>
      <Typography.Text type="danger">
        {reason ? t('chat.failedReason', { reason }) : t('chat.failed')}
      </Typography.Text>
      {!readOnly && (
        <Button
          size="small"
          type="link"
          danger
          loading={busy}
          onClick={() => void resend()}
          data-testid={`chat-resend-${message.id}`}
        >
          {t('chat.resend')}
        </Button>
      )}
    </div>
  )
}

/** One message: bubble (quote, content, time and ticks), reactions, failure line and actions. */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, isGroup, readOnly, autoTranslate, onReply, onSent, onJump } = props
  const { t } = useTranslation()
  const mine = message.fromMe
  const withdrawn = message.status === 'withdrawn'
  if (message.type === 'album' || message.type === 'system') return <NoticeLine message={message} />
  if (message.type === 'note') return <NoteRow message={message} />
  return (
    <div
      className={`chat-row ${mine ? 'chat-row-mine' : 'chat-row-theirs'}`}
      data-testid={`chat-message-${message.id}`}
      data-status={message.status}
      data-delivery={message.delivery}
      data-type={message.type}
    >
      {isGroup && !mine && <div className="chat-sender">{phoneOfJid(message.senderJid)}</div>}
      <div className="chat-bubble-line">
        <div className={`chat-bubble${withdrawn ? ' chat-bubble-withdrawn' : ''}`}>
          {!withdrawn && message.quotedMessage && (
            <QuotedPreview quote={message.quotedMessage} onJump={onJump} />
          )}
          {withdrawn ? (
            <Typography.Text type="secondary" italic data-testid="chat-withdrawn">
              {mine ? t('chat.withdrawnMine') : t('chat.withdrawn')}
            </Typography.Text>
          ) : (
            <MessageContent message={message} autoTranslate={autoTranslate} />
          )}
          <div className="chat-meta">
            {message.origin === 'auto_reply' && (
              <span
                className="chat-origin"
                style={{ color: '#1677ff', border: '1px solid #91caff', borderRadius: 3, padding: '1px 3px' }}
                data-testid={`chat-auto-reply-${message.id}`}
              >
                {t('autoReply.automatic')}
              </span>
            )}
            {!withdrawn && <EditedMark message={message} />}
            <span>{formatDate(message.timestamp, 'HH:mm')}</span>
            <MessageTicks message={message} />
          </div>
        </div>
        <MessageActions message={message} readOnly={readOnly} onReply={onReply} />
      </div>
      {!withdrawn && message.reactions.length > 0 && (
        <div className="chat-reactions" data-testid={`chat-reactions-${message.id}`}>
          {message.reactions.map((r) => (
            <span
              key={`${r.fromMe ? 'me' : r.senderJid}`}
              title={r.fromMe ? t('chat.you') : phoneOfJid(r.senderJid)}
            >
              {r.emoji}
            </span>
          ))}
        </div>
      )}
      {message.status === 'failed' && <FailedLine message={message} readOnly={readOnly} onSent={onSent} />}
    </div>
  )
})
