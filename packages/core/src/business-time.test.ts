import { describe, expect, it } from 'vitest'
import {
  type BusinessPlan,
  businessDeadline,
  businessMillisBetween,
  isOpen,
  isTimeZone,
  localDay,
} from './business-time.js'

const H = 3_600_000
const M = 60_000
const day = (open: boolean, from = '09:00', to = '18:00') => ({ open, from, to })
/** Monday to Friday 09:00–18:00, weekend closed. */
const officeWeek = [...Array.from({ length: 5 }, () => day(true)), day(false), day(false)]
const plan = (timeZone: string, over: Partial<BusinessPlan> = {}): BusinessPlan => ({
  enabled: true,
  timeZone,
  week: officeWeek,
  holidays: [],
  ...over,
})
const utc = (iso: string) => Date.parse(`${iso}Z`)

describe('isOpen in Asia/Shanghai (UTC+8, no daylight saving)', () => {
  const sh = plan('Asia/Shanghai')
  it('follows the local wall clock, the opening minute included and the closing one not', () => {
    // 2024-06-03 is a Monday; 09:00 local is 01:00 UTC
    expect(isOpen(sh, utc('2024-06-03T00:59:59.999'))).toBe(false)
    expect(isOpen(sh, utc('2024-06-03T01:00:00'))).toBe(true)
    expect(isOpen(sh, utc('2024-06-03T09:59:59.999'))).toBe(true)
    expect(isOpen(sh, utc('2024-06-03T10:00:00'))).toBe(false)
  })

  it('reads the weekday in the plan’s time zone, not in UTC', () => {
    // Friday 23:30 UTC is Saturday 07:30 in Shanghai; Sunday 17:00 UTC is Monday 01:00 there
    expect(isOpen(plan('Asia/Shanghai', { week: Array(7).fill(day(true, '00:00', '24:00')) }), 0)).toBe(true)
    const saturdayOnly = plan('Asia/Shanghai', {
      week: [
        day(false),
        day(false),
        day(false),
        day(false),
        day(false),
        day(true, '07:00', '08:00'),
        day(false),
      ],
    })
    expect(isOpen(saturdayOnly, utc('2024-06-07T23:30:00'))).toBe(true)
    expect(isOpen(saturdayOnly, utc('2024-06-08T23:30:00'))).toBe(false)
  })

  it('is closed all day on a holiday, and always open when the plan is off', () => {
    const holiday = plan('Asia/Shanghai', { holidays: ['2024-10-01'] })
    expect(isOpen(holiday, utc('2024-10-01T03:00:00'))).toBe(false)
    expect(isOpen(holiday, utc('2024-10-02T03:00:00'))).toBe(true)
    // the holiday is the local day: 2024-09-30 20:00 UTC is already 10-01 04:00 in Shanghai
    expect(
      isOpen(
        plan('Asia/Shanghai', { holidays: ['2024-10-01'], week: Array(7).fill(day(true, '00:00', '24:00')) }),
        utc('2024-09-30T20:00:00'),
      ),
    ).toBe(false)
    expect(
      isOpen(
        plan('Asia/Shanghai', { enabled: false, week: Array(7).fill(day(false)) }),
        utc('2024-06-08T03:00:00'),
      ),
    ).toBe(true)
  })
})

describe('businessMillisBetween', () => {
  const sh = plan('Asia/Shanghai')
  it('counts only the open time of a range within a day', () => {
    // Monday 08:00–10:30 local: 1.5 h open
    expect(businessMillisBetween(sh, utc('2024-06-03T00:00:00'), utc('2024-06-03T02:30:00'))).toBe(1.5 * H)
    // inside a closed evening: nothing
    expect(businessMillisBetween(sh, utc('2024-06-03T11:00:00'), utc('2024-06-03T12:00:00'))).toBe(0)
    expect(businessMillisBetween(sh, utc('2024-06-03T12:00:00'), utc('2024-06-03T11:00:00'))).toBe(0)
  })

  it('skips nights, the weekend and holidays across days', () => {
    // Friday 17:00 local to Monday 10:00 local: 1 h on Friday + 1 h on Monday
    const fri17 = utc('2024-06-07T09:00:00')
    const mon10 = utc('2024-06-10T02:00:00')
    expect(businessMillisBetween(sh, fri17, mon10)).toBe(2 * H)
    // a whole week: 5 × 9 h; with Wednesday a holiday, 4 × 9 h
    const monday = utc('2024-06-02T16:00:00')
    expect(businessMillisBetween(sh, monday, monday + 7 * 24 * H)).toBe(45 * H)
    expect(
      businessMillisBetween(plan('Asia/Shanghai', { holidays: ['2024-06-05'] }), monday, monday + 7 * 24 * H),
    ).toBe(36 * H)
  })

  it('keeps the milliseconds of a range that starts or ends between minutes', () => {
    const start = utc('2024-06-03T01:00:00') + 30_500
    expect(businessMillisBetween(sh, start, start + 10 * M)).toBe(10 * M)
  })

  it('is the whole range when the plan is off, and a whole day when open around the clock', () => {
    const off = plan('Asia/Shanghai', { enabled: false })
    expect(businessMillisBetween(off, 0, 5 * H)).toBe(5 * H)
    const always = plan('Asia/Shanghai', { week: Array(7).fill(day(true, '00:00', '24:00')) })
    expect(businessMillisBetween(always, utc('2024-06-03T00:00:00'), utc('2024-06-05T00:00:00'))).toBe(48 * H)
  })
})

describe('Europe/Berlin across daylight saving', () => {
  // every day open 01:00–04:00 local: the hours of the night the clocks change
  const night = plan('Europe/Berlin', { week: Array(7).fill(day(true, '01:00', '04:00')) })
  const always = plan('Europe/Berlin', { week: Array(7).fill(day(true, '00:00', '24:00')) })

  it('opens by the local clock in winter (UTC+1) and in summer (UTC+2)', () => {
    const office = plan('Europe/Berlin')
    // Monday 2024-01-08 09:00 CET is 08:00 UTC; Monday 2024-07-08 09:00 CEST is 07:00 UTC
    expect(isOpen(office, utc('2024-01-08T07:59:00'))).toBe(false)
    expect(isOpen(office, utc('2024-01-08T08:00:00'))).toBe(true)
    expect(isOpen(office, utc('2024-07-08T06:59:00'))).toBe(false)
    expect(isOpen(office, utc('2024-07-08T07:00:00'))).toBe(true)
  })

  it('has an hour less on the night the clocks go forward (2024-03-31, 02:00 → 03:00)', () => {
    const midnight = utc('2024-03-30T23:00:00')
    expect(businessMillisBetween(night, midnight, midnight + 24 * H)).toBe(2 * H)
    // the local day itself is 23 hours long
    expect(businessMillisBetween(always, midnight, utc('2024-03-31T22:00:00'))).toBe(23 * H)
    // 01:30 CET to 03:30 CEST is one real hour
    expect(businessMillisBetween(night, utc('2024-03-31T00:30:00'), utc('2024-03-31T01:30:00'))).toBe(H)
    expect(isOpen(night, utc('2024-03-31T01:59:00'))).toBe(true)
    expect(isOpen(night, utc('2024-03-31T02:00:00'))).toBe(false)
  })

  it('has an hour more on the night the clocks go back (2024-10-27, 03:00 → 02:00)', () => {
    const midnight = utc('2024-10-26T22:00:00')
    expect(businessMillisBetween(night, midnight, midnight + 25 * H)).toBe(4 * H)
    expect(businessMillisBetween(always, midnight, utc('2024-10-27T23:00:00'))).toBe(25 * H)
    // the repeated 02:00–03:00 is open both times
    expect(isOpen(night, utc('2024-10-27T00:30:00'))).toBe(true)
    expect(isOpen(night, utc('2024-10-27T01:30:00'))).toBe(true)
    expect(isOpen(night, utc('2024-10-27T03:00:00'))).toBe(false)
  })

  it('counts a whole week spanning the change as its open hours', () => {
    const office = plan('Europe/Berlin')
    // Monday 2024-03-25 00:00 CET to Monday 2024-04-01 00:00 CEST: 5 × 9 h
    expect(businessMillisBetween(office, utc('2024-03-24T23:00:00'), utc('2024-03-31T22:00:00'))).toBe(45 * H)
  })
})

describe('the walk agrees with a minute-by-minute count', () => {
  /** Open minutes of [from, to) counted one by one with isOpen (minute-aligned ranges). */
  const byMinute = (p: BusinessPlan, from: number, to: number) => {
    let n = 0
    for (let t = from; t < to; t += M) if (isOpen(p, t)) n += M
    return n
  }
  const plans = [
    plan('Europe/Berlin', { holidays: ['2024-10-28'] }),
    plan('Europe/Berlin', { week: Array(7).fill(day(true, '02:15', '03:45')) }),
    plan('America/New_York', { week: [day(true, '00:00', '02:30'), ...officeWeek.slice(1)] }),
    plan('Asia/Kolkata', { holidays: ['2024-10-29'] }),
  ]
  it('over the days around the autumn change, from odd minutes', () => {
    // 2024-10-26 to 2024-11-05: Europe changes on the 27th, the United States on 3 November
    let seed = 7
    const next = () => {
      seed = (seed * 48271) % 2147483647
      return seed
    }
    const base = utc('2024-10-25T00:00:00')
    for (const p of plans)
      for (let i = 0; i < 6; i++) {
        const from = base + (next() % (9 * 24 * 60)) * M
        const to = from + (next() % (3 * 24 * 60)) * M
        expect(businessMillisBetween(p, from, to), `${p.timeZone} ${new Date(from).toISOString()}`).toBe(
          byMinute(p, from, to),
        )
      }
  })
})

describe('businessDeadline', () => {
  const sh = plan('Asia/Shanghai')
  it('adds open time only: a customer writing Friday evening is late Monday morning', () => {
    // Friday 2024-06-07 19:00 Shanghai (closed); 30 business minutes → Monday 09:30
    expect(businessDeadline(sh, utc('2024-06-07T11:00:00'), 30 * M)).toBe(utc('2024-06-10T01:30:00'))
    // Monday 17:50: 10 minutes today, 20 more on Tuesday from 09:00
    expect(businessDeadline(sh, utc('2024-06-10T09:50:00'), 30 * M)).toBe(utc('2024-06-11T01:20:00'))
  })

  it('is plain addition without business hours, and never for a plan closed every day', () => {
    const off = plan('Asia/Shanghai', { enabled: false })
    expect(businessDeadline(off, 1_000, 5 * M)).toBe(1_000 + 5 * M)
    const shut = plan('Asia/Shanghai', { week: Array(7).fill(day(false)) })
    expect(businessDeadline(shut, utc('2024-06-07T11:00:00'), M)).toBeNull()
  })

  it('is the first instant at which the walk counts the whole target, across daylight saving', () => {
    const berlin = plan('Europe/Berlin', { holidays: ['2024-10-28'] })
    let from = utc('2024-10-25T15:07:00')
    for (let i = 0; i < 12; i++) {
      const target = ((i * 37) % 600) * M + M
      const due = businessDeadline(berlin, from, target) as number
      expect(businessMillisBetween(berlin, from, due)).toBe(target)
      expect(businessMillisBetween(berlin, from, due - 1)).toBeLessThan(target)
      from += 7 * H + 13 * M
    }
  })
})

describe('time zones and local days', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true)
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })

  it('names the local day of an instant', () => {
    expect(localDay('Asia/Shanghai', utc('2024-06-03T16:00:00'))).toBe('2024-06-04')
    expect(localDay('Europe/Berlin', utc('2024-06-03T16:00:00'))).toBe('2024-06-03')
  })
})
