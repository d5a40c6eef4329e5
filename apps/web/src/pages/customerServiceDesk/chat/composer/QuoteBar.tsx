import { CloseOutlined } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Button, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { copyTextOf, phoneOfJid } from '../messages/format'

/** The message being replied to, above the input; × drops the quote. */
export function QuoteBar({
  quote,
  peerName,
  onClear,
}: {
  quote: ChatMessageView
  peerName: string
  onClear(): void
}) {
  const { t } = useTranslation()
  const who = quote.fromMe ? t('chat.you') : peerName || phoneOfJid(quote.senderJid) || t('chat.customer')
  const words = copyTextOf(quote) ?? t(`chat.type.${quote.type}`)
  return (
    <div className="chat-quote-bar" data-testid="chat-quote-bar">
      <div className="chat-quote-bar-text">
        <Typography.Text type="secondary">{t('chat.composer.replyingTo', { name: who })}</Typography.Text>
        <Typography.Text ellipsis>{words}</Typography.Text>
      </div>
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        onClick={onClear}
        aria-label={t('chat.composer.cancelQuote')}
        data-testid="chat-quote-clear"
      />
    </div>
  )
}
