import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { datePresets, formatDate } from './date'

describe('formatDate', () => {
  const ms = new Date(2024, 0, 2, 3, 4, 5).getTime()

  it('formats as YYYY-MM-DD HH:mm:ss by default', () => {
    expect(formatDate(ms)).toBe('2024-01-02 03:04:05')
  })

  it('reads 10-digit timestamps as seconds', () => {
    expect(formatDate(Math.floor(ms / 1000))).toBe('2024-01-02 03:04:05')
    expect(formatDate(String(Math.floor(ms / 1000)), 'YYYY-MM-DD')).toBe('2024-01-02')
  })

  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('not a date')).toBe('')
  })
})

describe('datePresets', () => {
  it('offers tomorrow, the day after and one week later', () => {
    const now = dayjs(new Date(2024, 0, 31, 10, 0, 0))
    const presets = datePresets((k) => k, now)
    expect(presets.map((p) => p.label)).toEqual([
      'time.tomorrow',
      'time.dayAfterTomorrow',
      'time.oneWeekLater',
    ])
    expect(presets.map((p) => p.value.format('YYYY-MM-DD'))).toEqual([
      '2024-02-01',
      '2024-02-02',
      '2024-02-07',
    ])
  })
})
