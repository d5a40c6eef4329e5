import { formatDateTime, type RiskWarningView } from '@app/core'

type T = (key: string, o?: Record<string, unknown>) => string

const localOffset = (t: number) => -new Date(t).getTimezoneOffset()

/** A date-time at the viewer's offset. */
export const when = (t: number) => formatDateTime(t, localOffset(t))

/** The facts of a warning in a line of the user's language. */
export function warningDetail(w: RiskWarningView, t: T): string {
  const d = w.detail as Record<string, number | string | null | undefined>
  switch (w.kind) {
    case 'limit_hit':
      return t('risk.warning.details.limit', {
        rule: t(`risk.limits.${String(d.rule)}`),
        remaining: d.remaining ?? 0,
      })
    case 'send_failures':
      return t('risk.warning.details.failures', { failures: d.failures ?? 0 })
    case 'low_reply_ratio':
      return t('risk.warning.details.ratio', { sends: d.sends ?? 0, replies: d.replies ?? 0 })
    case 'opt_out_spike':
      return t('risk.warning.details.optOuts', { optOuts: d.optOuts ?? 0 })
    case 'time_locked':
      return typeof d.until === 'number' && d.until > 0
        ? t('risk.warning.details.until', { time: when(d.until) })
        : ''
    case 'webhook_failing':
      return t('risk.warning.details.webhook', { url: String(d.url ?? '') })
    default:
      return ''
  }
}
