/** Day and active-hour arithmetic of a rule, at its UTC offset (minutes east of UTC). */
export const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

export interface ActiveHours {
  /** minute of the day the active hours start */
  from: number
  /** minute of the day they end (exclusive); before `from` when they run past midnight */
  to: number
  utcOffset: number
}

/** The start (epoch ms) of the rule's day that holds `at`. */
export function dayStart(at: number, utcOffset: number): number {
  const shift = utcOffset * MINUTE_MS
  return Math.floor((at + shift) / DAY_MS) * DAY_MS - shift
}

function minuteOfDay(at: number, utcOffset: number): number {
  return Math.floor((at - dayStart(at, utcOffset)) / MINUTE_MS)
}

/** Whether `at` falls inside the active hours. */
function isActive(at: number, h: ActiveHours): boolean {
  const m = minuteOfDay(at, h.utcOffset)
  return h.from < h.to ? m >= h.from && m < h.to : m >= h.from || m < h.to
}

/** `at` itself when active, else the next start of the active hours. */
export function nextActive(at: number, h: ActiveHours): number {
  if (isActive(at, h)) return at
  const start = dayStart(at, h.utcOffset) + h.from * MINUTE_MS
  return start > at ? start : start + DAY_MS
}

/** Length of the active hours in ms. */
export function activeLength(h: ActiveHours): number {
  return ((h.to - h.from + 1440) % 1440 || 1440) * MINUTE_MS
}
