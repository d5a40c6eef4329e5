import { CHAT_TEXT_COUNTER_FROM, CHAT_TEXT_MAX } from '@app/core'
import { Typography } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** `text` cut to `max` UTF-16 units (as the server counts), never through an emoji's surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)
}

/**
 * The text of a composer with a length cap: what goes beyond `max` (typed, pasted or an emoji) is
 * not taken, and `stopped` tells that it happened, so the hint can say why the text stops.
 */
export function useLimitedText(max = CHAT_TEXT_MAX) {
  const [state, setState] = useState({ text: '', stopped: false })
  const setText = useCallback(
    (next: string) => {
      const text = clipText(next, max)
      setState({ text, stopped: text.length < next.length })
    },
    [max],
  )
  /** A change the composer refuses as a whole (an emoji that would not fit): the text stays. */
  const refuse = useCallback(() => setState((s) => ({ ...s, stopped: true })), [])
  return { text: state.text, stopped: state.stopped || state.text.length >= max, setText, refuse, max }
}

/**
 * The count near a composer's limit (from `from` characters on) and, once the text stops, why:
 * a message holds at most `max` characters.
 */
export function TextLimitHint({
  length,
  stopped,
  max = CHAT_TEXT_MAX,
  from = CHAT_TEXT_COUNTER_FROM,
}: {
  length: number
  stopped: boolean
  max?: number
  from?: number
}) {
  const { t, i18n } = useTranslation()
  if (length < from && !stopped) return null
  const number = (n: number) => n.toLocaleString(i18n.language)
  return (
    <Typography.Text
      type={stopped ? 'danger' : 'secondary'}
      style={{ fontSize: 12 }}
      aria-live="polite"
      data-testid="text-limit"
      data-stopped={stopped}
    >
      <span data-testid="text-limit-count">
        {t('common.textLimit.count', { length: number(length), max: number(max) })}
      </span>
      {stopped ? (
        <span data-testid="text-limit-reason"> · {t('common.textLimit.reason', { max: number(max) })}</span>
      ) : null}
    </Typography.Text>
  )
}
