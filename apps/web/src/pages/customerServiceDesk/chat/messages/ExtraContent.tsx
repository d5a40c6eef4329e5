import {
  CheckSquareOutlined,
  EyeInvisibleOutlined,
  FileTextOutlined,
  PictureOutlined,
} from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { metaNumber, metaString } from './format'

const VIEW_ONCE_KINDS = ['image', 'video', 'audio'] as const

/** A view-once photo, video or voice message: WhatsApp gives linked devices no content, only the phone opens it. */
export function ViewOnceContent({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  const media = metaString(message.meta, 'media')
  const kind = VIEW_ONCE_KINDS.find((k) => k === media) ?? 'any'
  return (
    <div className="chat-view-once" data-testid="chat-view-once">
      <EyeInvisibleOutlined />
      <div>
        <Typography.Text strong>{t(`chat.viewOnce.${kind}`)}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{t('chat.viewOnce.hint')}</Typography.Text>
      </div>
    </div>
  )
}

/** A poll: its question, its options, and how many may be chosen. */
export function PollContent({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  const options = Array.isArray(message.meta.options) ? (message.meta.options as unknown[]).map(String) : []
  const selectable = metaNumber(message.meta, 'selectable') ?? 0
  const rule =
    selectable === 1
      ? t('chat.poll.single')
      : selectable > 1 && selectable < options.length
        ? t('chat.poll.upTo', { count: selectable })
        : t('chat.poll.multiple')
  return (
    <div className="chat-poll" data-testid="chat-poll">
      <Typography.Text type="secondary" className="chat-poll-label">
        <CheckSquareOutlined /> {t('chat.poll.label')} · {rule}
      </Typography.Text>
      <Typography.Text strong>{message.body}</Typography.Text>
      <ul>
        {options.map((o, i) => (
          // options have no id and keep their order
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} data-testid="chat-poll-option">
            {o}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A line about the chat rather than a message: an album's header, a pin. */
export function NoticeLine({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  let text: string
  if (message.type === 'album') {
    const count = (metaNumber(message.meta, 'images') ?? 0) + (metaNumber(message.meta, 'videos') ?? 0)
    text = t('chat.album', { count })
  } else {
    const pinned = metaString(message.meta, 'event') !== 'unpinned'
    text = t(`chat.notice.${pinned ? 'pinned' : 'unpinned'}${message.fromMe ? 'Mine' : ''}`)
  }
  return (
    <div
      className="chat-notice"
      data-testid={`chat-message-${message.id}`}
      data-type={message.type}
      data-status={message.status}
    >
      <span>
        {message.type === 'album' ? <PictureOutlined /> : <FileTextOutlined />} {text}
        {message.quotedMessage?.message ? ` · ${message.quotedMessage.message}` : ''}
      </span>
    </div>
  )
}
