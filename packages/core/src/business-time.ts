/**
 * Business hours in the plan's own time zone. Local wall time comes from Intl.DateTimeFormat, so
 * daylight saving is the time zone database's: a day with a jump forward has fewer open hours,
 * one that falls back has more. Holidays are closed all day; a disabled plan is always open.
 */

/** One day of the week: open from `from` until `to` ('HH:mm', `to` may be '24:00'). */
export interface DayHours {
  open: boolean
  from: string
  to: string
}

/** What the clock needs of a business-hours plan; `week[0]` is Monday, `week[6]` Sunday. */
export interface BusinessPlan {
  enabled: boolean
  timeZone: string
  week: readonly DayHours[]
  /** local days 'YYYY-MM-DD', closed all day */
  holidays: readonly string[]
}

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** Minutes since midnight of 'HH:mm' ('24:00' is the end of the day). */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

/** Whether the runtime knows the IANA time zone (what Intl accepts is what the clock can use). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** An instant as the time zone's wall clock shows it. */
interface WallTime {
  /** 'YYYY-MM-DD' */
  day: string
  /** 0 Monday … 6 Sunday */
  weekday: number
  /** milliseconds since local midnight */
  msOfDay: number
  /** local minus UTC, in milliseconds */
  offset: number
}

function wallTime(timeZone: string, at: number): WallTime {
  const n: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(at)) if (p.type !== 'literal') n[p.type] = Number(p.value)
  const ms = ((at % 1000) + 1000) % 1000
  const midnight = Date.UTC(n.year, n.month - 1, n.day)
  const msOfDay = ((n.hour * 60 + n.minute) * 60 + n.second) * 1000 + ms
  const pad = (v: number) => String(v).padStart(2, '0')
  return {
    day: `${n.year}-${pad(n.month)}-${pad(n.day)}`,
    weekday: (new Date(midnight).getUTCDay() + 6) % 7,
    msOfDay,
    offset: midnight + msOfDay - at,
  }
}

/** The local day 'YYYY-MM-DD' of an instant in a time zone. */
export function localDay(timeZone: string, at: number): string {
  return wallTime(timeZone, at).day
}

/** How far the time zone's wall clock is ahead of UTC at an instant, in whole minutes. */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  return Math.round(wallTime(timeZone, at).offset / MINUTE_MS)
}

/** Per time zone: the span of instants known to fall on one local day, and that day's number. */
const daySpans = new Map<string, { from: number; to: number; day: number }>()
const HOUR_MS = 60 * MINUTE_MS

/**
 * The local calendar day of an instant in a time zone, as days since 1970-01-01. Instants close
 * together (a batch of messages) mostly fall on the day found last, which is kept per time zone.
 */
export function localDayNumber(timeZone: string, at: number): number {
  const span = daySpans.get(timeZone)
  if (span && at >= span.from && at < span.to) return span.day
  const w = wallTime(timeZone, at)
  const day = Math.floor((at + w.offset) / DAY_MS)
  const midnight = at - w.msOfDay
  // an hour off either end keeps a daylight-saving change of that day outside the span
  daySpans.set(timeZone, { from: midnight + HOUR_MS, to: midnight + DAY_MS - HOUR_MS, day })
  return day
}

/** Open or closed at a wall time, and the local time of day (ms) until which that holds at the most. */
function stateAt(plan: BusinessPlan, w: WallTime): { open: boolean; until: number } {
  const closedAllDay = { open: false, until: DAY_MS }
  if (plan.holidays.includes(w.day)) return closedAllDay
  const hours = plan.week[w.weekday]
  if (!hours?.open) return closedAllDay
  const from = clockMinutes(hours.from) * MINUTE_MS
  const to = clockMinutes(hours.to) * MINUTE_MS
  if (w.msOfDay < from) return { open: false, until: from }
  if (w.msOfDay < to) return { open: true, until: to }
  return closedAllDay
}

/** Whether the plan is open at an instant. */
export function isOpen(plan: BusinessPlan, at: number): boolean {
  if (!plan.enabled) return true
  return stateAt(plan, wallTime(plan.timeZone, at)).open
}

/**
 * The first instant in (from, to) whose UTC offset differs from `offset`, or null when the offset
 * holds through it. Found by halving: offsets change at most once within the day this is asked for.
 */
function offsetChange(timeZone: string, from: number, to: number, offset: number): number | null {
  if (wallTime(timeZone, to - 1).offset === offset) return null
  let lo = from
  let hi = to - 1
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (wallTime(timeZone, mid).offset === offset) lo = mid
    else hi = mid
  }
  return hi
}

/**
 * Milliseconds of [from, to) during which the plan is open (all of them for a disabled plan).
 * Walks from one change of state to the next: the wall clock says when the state may change next
 * (the day's opening or closing, or midnight), and a change of UTC offset before that (daylight
 * saving) is a stop of its own, where the wall clock is read again.
 */
export function businessMillisBetween(plan: BusinessPlan, from: number, to: number): number {
  if (to <= from) return 0
  if (!plan.enabled) return to - from
  let total = 0
  let at = from
  while (at < to) {
    const w = wallTime(plan.timeZone, at)
    const state = stateAt(plan, w)
    let next = at + (state.until - w.msOfDay)
    next = offsetChange(plan.timeZone, at, Math.min(next, to), w.offset) ?? next
    next = Math.min(next, to)
    if (state.open) total += next - at
    at = next
  }
  return total
}

/** How far ahead a deadline is looked for: a plan open less than this is as good as never open. */
const DEADLINE_HORIZON_MS = 366 * DAY_MS

/**
 * The instant at which `ms` of open time have passed since `from`: when a customer waiting since
 * `from` is late against a target of `ms` business milliseconds. Null when the plan is not open
 * that long within a year (every day closed).
 */
export function businessDeadline(plan: BusinessPlan, from: number, ms: number): number | null {
  if (!plan.enabled) return from + ms
  let left = ms
  let at = from
  const end = from + DEADLINE_HORIZON_MS
  while (at < end) {
    const w = wallTime(plan.timeZone, at)
    const state = stateAt(plan, w)
    let next = at + (state.until - w.msOfDay)
    next = offsetChange(plan.timeZone, at, next, w.offset) ?? next
    if (state.open) {
      if (next - at >= left) return at + left
      left -= next - at
    }
    at = next
  }
  return null
}
