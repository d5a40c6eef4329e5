import { describe, expect, it } from 'vitest'
import {
  bucketValue,
  histogramPercentile,
  RESPONSE_BUCKET_ERROR,
  RESPONSE_BUCKETS,
  responseBucket,
  STATS_DEFAULT_TIME_ZONE,
  statisticsRangeBody,
  statsDayNumber,
  statsDayOf,
  statsDayText,
} from './statistics.js'

describe('response-time buckets', () => {
  it('stand for every time within the stated error', () => {
    expect(RESPONSE_BUCKET_ERROR).toBeLessThan(0.045)
    for (let ms = 1000; ms < 30 * 86_400_000; ms = Math.ceil(ms * 1.013) + 7) {
      const v = bucketValue(responseBucket(ms))
      expect(Math.abs(v - ms) / ms).toBeLessThanOrEqual(RESPONSE_BUCKET_ERROR + 1e-3)
    }
    expect(responseBucket(0)).toBe(0)
    expect(responseBucket(999)).toBe(0)
    expect(responseBucket(1000)).toBe(1)
    expect(responseBucket(Number.MAX_SAFE_INTEGER)).toBe(RESPONSE_BUCKETS - 1)
  })

  it('gives the nearest-rank percentile of a histogram, none when empty', () => {
    const h = new Map([
      [responseBucket(2_000), 5],
      [responseBucket(60_000), 4],
      [responseBucket(3_600_000), 1],
    ])
    expect(histogramPercentile(h, 50)).toBe(bucketValue(responseBucket(2_000)))
    expect(histogramPercentile(h, 90)).toBe(bucketValue(responseBucket(60_000)))
    expect(histogramPercentile(h, 100)).toBe(bucketValue(responseBucket(3_600_000)))
    expect(histogramPercentile(new Map(), 50)).toBeNull()
  })
})

describe('statistics days', () => {
  it('cut at midnight UTC+8', () => {
    const midnight = Date.UTC(2026, 0, 10) - 8 * 3_600_000
    expect(statsDayText(statsDayOf(midnight, STATS_DEFAULT_TIME_ZONE))).toBe('2026-01-10')
    expect(statsDayText(statsDayOf(midnight - 1, STATS_DEFAULT_TIME_ZONE))).toBe('2026-01-09')
    expect(statsDayNumber('2026-01-10')).toBe(statsDayOf(midnight, STATS_DEFAULT_TIME_ZONE))
  })

  it('take real calendar dates only', () => {
    expect(statisticsRangeBody.safeParse({ from: '2026-02-28', to: '2026-03-01' }).success).toBe(true)
    expect(statisticsRangeBody.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false)
    expect(statisticsRangeBody.safeParse({ from: '2026-2-1', to: '2026-03-01' }).success).toBe(false)
  })
})
