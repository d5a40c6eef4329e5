import type { AcquisitionStats } from '@app/core'
import { formatDate, formatPhone } from '../../../../utils/format'

export type AcquisitionRow = AcquisitionStats['rows'][number]

/** Column and axis labels of the days: month-day, with the year when the days span two years. */
export function dayLabels(days: readonly number[]): string[] {
  const first = days[0]
  const last = days[days.length - 1]
  const sameYear =
    first === undefined || last === undefined || formatDate(first, 'YYYY') === formatDate(last, 'YYYY')
  return days.map((d) => formatDate(d, sameYear ? 'MM-DD' : 'YYYY-MM-DD'))
}

/** How an account is named: its phone ('+' and the digits), or its number when it has not been linked yet. */
export const accountLabel = (
  row: { accountId: number; phone: string | null },
  t: (key: string, options?: Record<string, unknown>) => string,
): string => (row.phone ? formatPhone(row.phone) : t('acquisition.noPhone', { id: row.accountId }))

/** New fans of each day over all rows, and the sum of them. */
export function columnTotals(stats: AcquisitionStats): { perDay: number[]; total: number } {
  const perDay = stats.days.map((_, i) => stats.rows.reduce((sum, r) => sum + (r.counts[i] ?? 0), 0))
  return { perDay, total: stats.rows.reduce((sum, r) => sum + r.total, 0) }
}
