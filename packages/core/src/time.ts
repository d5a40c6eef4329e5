/** Time helpers shared by both sides (spec §9). */

/** 10-digit timestamps are seconds; longer ones are milliseconds. */
export function toMillis(ts: number | string): number {
  const n = typeof ts === 'string' ? Number(ts) : ts
  return String(Math.trunc(Math.abs(n))).length <= 10 ? n * 1000 : n
}

export type RelativeUnit = 'justNow' | 'minutes' | 'hours' | 'days' | 'months' | 'years'

/** Relative time: under 30 s "just now", then minutes, hours, days (under 30), months, years. */
export function relativeTime(ts: number | string, now = Date.now()): { unit: RelativeUnit; value: number } {
  const diff = Math.max(0, now - toMillis(ts)) / 1000
  if (diff < 30) return { unit: 'justNow', value: 0 }
  if (diff < 3600) return { unit: 'minutes', value: Math.max(1, Math.floor(diff / 60)) }
  if (diff < 86400) return { unit: 'hours', value: Math.floor(diff / 3600) }
  const days = Math.floor(diff / 86400)
  if (days < 30) return { unit: 'days', value: days }
  if (days < 365) return { unit: 'months', value: Math.floor(days / 30) }
  return { unit: 'years', value: Math.floor(days / 365) }
}

/** VIP is active while the end date's 23:59:59 is in the future (spec §4). */
export function vipActive(validEndDate: number | null | undefined, now = Date.now()): boolean {
  if (validEndDate == null) return false
  const end = new Date(toMillis(validEndDate))
  end.setHours(23, 59, 59, 999)
  return end.getTime() > now
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD hh:mm:ss` at the viewer's offset from UTC (the default date format), for files made on the server. */
export function formatDateTime(t: number, utcOffsetMinutes: number): string {
  const d = new Date(t + utcOffsetMinutes * 60_000)
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
}
