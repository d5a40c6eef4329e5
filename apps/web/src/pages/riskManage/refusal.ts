import { formatDateTime, type RiskRefusal } from '@app/core'
import type { TFunction } from 'i18next'

/** A message's risk refusal (meta.risk), when it has one. */
export function refusalOf(meta: Record<string, unknown> | undefined): RiskRefusal | null {
  const r = meta?.risk as RiskRefusal | undefined
  return r && typeof r.rule === 'string' ? r : null
}

/** Why a risk rule refused a message, the count left today and when it reopens, in the user's language. */
export function refusalText(r: RiskRefusal, t: TFunction): string {
  const parts = [t(`risk.refusal.rule.${r.rule}`, { keyword: r.keyword ?? '' })]
  if (r.rule !== 'keyword') {
    parts.push(t('risk.refusal.remaining', { count: r.remaining }))
    if (r.reopensAt)
      parts.push(
        t('risk.refusal.reopens', {
          time: formatDateTime(r.reopensAt, -new Date(r.reopensAt).getTimezoneOffset()),
        }),
      )
  }
  return parts.join(t('risk.refusal.separator'))
}
