import { describe, expect, it } from 'vitest'
import { defaultStatsRange, isStatsRangeAllowed, statsPresets, statsToday, toRangeBody } from './range'

// 20:00 UTC on 6 January: already the 7th at UTC+8, still the 6th in Los Angeles (UTC−8)
const NOW = Date.UTC(2026, 0, 6, 20, 0)
const t = (key: string) => key

describe('the statistics range', () => {
  it("counts today in the tenant's time zone, not the viewer's or UTC+8", () => {
    expect(statsToday(NOW, 'Asia/Shanghai').format('YYYY-MM-DD')).toBe('2026-01-07')
    expect(statsToday(NOW, 'America/Los_Angeles').format('YYYY-MM-DD')).toBe('2026-01-06')
    expect(statsToday(NOW, 'UTC').format('YYYY-MM-DD')).toBe('2026-01-06')
  })

  it("starts as the zone's last 7 days, today included", () => {
    expect(toRangeBody(defaultStatsRange(NOW, 'America/Los_Angeles'))).toEqual({
      from: '2025-12-31',
      to: '2026-01-06',
    })
    expect(toRangeBody(defaultStatsRange(NOW, 'Asia/Shanghai'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-07',
    })
  })

  it("offers quick options counted from the zone's today", () => {
    const presets = statsPresets(t, NOW, 'America/Los_Angeles')
    const of = (label: string) => toRangeBody(presets.find((p) => p.label === label)!.value)
    expect(of('statistics.preset.today')).toEqual({ from: '2026-01-06', to: '2026-01-06' })
    expect(of('statistics.preset.yesterday')).toEqual({ from: '2026-01-05', to: '2026-01-05' })
    expect(of('statistics.preset.thisMonth')).toEqual({ from: '2026-01-01', to: '2026-01-06' })
    expect(presets.every((p) => isStatsRangeAllowed(p.value))).toBe(true)
  })
})
