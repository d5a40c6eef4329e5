import type { QuotedMessageView } from '@app/core'
import { useTranslation } from 'react-i18next'

/** The quoted message above a reply: who wrote it and its words (or its type). */
export function QuotedPreview({
  quote,
  onJump,
}: {
  quote: QuotedMessageView
  onJump?: (id: number) => void
}) {
  const { t } = useTranslation()
  const who = quote.fromMe ? t('chat.you') : quote.userName || t('chat.customer')
  const words = quote.message || (quote.type ? t(`chat.type.${quote.type}`) : t('chat.quoteUnknown'))
  const jump = quote.id !== null && onJump ? () => onJump(quote.id as number) : undefined
  return (
    <button type="button" className="chat-quote" onClick={jump} disabled={!jump} data-testid="chat-quoted">
      <span className="chat-quote-who">{who}</span>
      <span className="chat-quote-text">{words}</span>
    </button>
  )
}
