import { UserOutlined } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Avatar, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { cardsOf } from './vcard'

/** One line per contact card: name and numbers. */
export function ContactsContent({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  const cards = cardsOf(message.meta)
  if (cards.length === 0)
    return <Typography.Text type="secondary">{message.body || t('chat.contact.title')}</Typography.Text>
  return (
    <div className="chat-contacts" data-testid="chat-contacts">
      {cards.map((c, i) => (
        // cards have no id; their order is fixed
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="chat-contact" key={i} data-testid="chat-contact-card">
          <Avatar size="small" icon={<UserOutlined />} />
          <div className="chat-contact-text">
            <Typography.Text strong>{c.name || t('chat.contact.noName')}</Typography.Text>
            <Typography.Text type="secondary">
              {c.phones.length ? c.phones.join(', ') : t('chat.contact.noPhone')}
            </Typography.Text>
          </div>
        </div>
      ))}
    </div>
  )
}
