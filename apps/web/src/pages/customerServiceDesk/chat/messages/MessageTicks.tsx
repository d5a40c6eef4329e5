import { ClockCircleOutlined, ExclamationCircleFilled } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { useTranslation } from 'react-i18next'

/**
 * Where our message is (spec §4): a clock while requested or sending, ✓ sent, ✓✓ delivered,
 * blue ✓✓ read (or replied), red ! failed. Withdrawn messages and the customer's show nothing.
 */
export function MessageTicks({
  message,
}: {
  message: Pick<ChatMessageView, 'fromMe' | 'status' | 'delivery'>
}) {
  const { t } = useTranslation()
  if (!message.fromMe) return null
  switch (message.status) {
    case 'requested':
    case 'sending':
      return (
        <span
          className="chat-tick"
          data-testid="chat-tick"
          data-tick="pending"
          title={t('chat.status.pending')}
        >
          <ClockCircleOutlined aria-label={t('chat.status.pending')} />
        </span>
      )
    case 'failed':
      return (
        <span
          className="chat-tick chat-tick-failed"
          data-testid="chat-tick"
          data-tick="failed"
          title={t('chat.failed')}
        >
          <ExclamationCircleFilled aria-label={t('chat.failed')} />
        </span>
      )
    case 'sent': {
      if (message.delivery === 'none')
        return (
          <span
            className="chat-tick"
            data-testid="chat-tick"
            data-tick="sent"
            aria-label={t('chat.status.sent')}
            title={t('chat.status.sent')}
          >
            ✓
          </span>
        )
      const read = message.delivery === 'read' || message.delivery === 'replied'
      const label = read ? t('chat.status.read') : t('chat.status.delivered')
      return (
        <span
          className={read ? 'chat-tick chat-tick-read' : 'chat-tick'}
          data-testid="chat-tick"
          data-tick={read ? 'read' : 'delivered'}
          aria-label={label}
          title={label}
        >
          ✓✓
        </span>
      )
    }
    default:
      return null
  }
}
