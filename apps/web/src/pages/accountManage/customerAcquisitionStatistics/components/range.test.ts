import { ACQUISITION_MAX_DAYS } from '@app/core'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { daysIn, defaultRange, isRangeAllowed, rangePresets, toRequestRange } from './range'

const t = (key: string) => key

describe('acquisition date range', () => {
  const now = dayjs('2026-03-15T14:30:00')

  it('defaults to the last 7 days, today included', () => {
    const range = defaultRange(now)
    expect(range[0].format('YYYY-MM-DD HH:mm')).toBe('2026-03-09 00:00')
    expect(range[1].format('YYYY-MM-DD')).toBe('2026-03-15')
    expect(daysIn(range)).toBe(7)
  })

  it('asks from the first midnight up to the midnight after the last day', () => {
    const q = toRequestRange([dayjs('2026-03-09'), dayjs('2026-03-15')])
    expect(q.from).toBe(dayjs('2026-03-09').valueOf())
    expect(q.to).toBe(dayjs('2026-03-16').valueOf())
    expect(q.utcOffsetMinutes).toBe(-new Date(q.from).getTimezoneOffset())
  })

  it(`allows at most ${ACQUISITION_MAX_DAYS} days, in order`, () => {
    const start = dayjs('2026-01-01')
    expect(isRangeAllowed([start, start])).toBe(true)
    expect(isRangeAllowed([start, start.add(ACQUISITION_MAX_DAYS - 1, 'day')])).toBe(true)
    expect(isRangeAllowed([start, start.add(ACQUISITION_MAX_DAYS, 'day')])).toBe(false)
    expect(isRangeAllowed([start, start.subtract(1, 'day')])).toBe(false)
  })

  it('never asks for a window longer than the server accepts', () => {
    const start = dayjs('2026-01-01')
    const q = toRequestRange([start, start.add(ACQUISITION_MAX_DAYS - 1, 'day')])
    expect(q.to - q.from).toBeLessThanOrEqual(ACQUISITION_MAX_DAYS * 86_400_000)
  })

  it('offers quick options that all fit the limit and end no later than today', () => {
    const presets = rangePresets(t, now)
    expect(presets.map((p) => p.label)).toEqual([
      'acquisition.preset.today',
      'acquisition.preset.yesterday',
      'acquisition.preset.last7Days',
      'acquisition.preset.last30Days',
      'acquisition.preset.thisMonth',
      'acquisition.preset.lastMonth',
    ])
    for (const p of presets) {
      expect(isRangeAllowed(p.value)).toBe(true)
      expect(p.value[1].isAfter(now)).toBe(false)
    }
    const lastMonth = presets[5]?.value
    expect(lastMonth?.[0].format('YYYY-MM-DD')).toBe('2026-02-01')
    expect(lastMonth?.[1].format('YYYY-MM-DD')).toBe('2026-02-28')
  })
})
