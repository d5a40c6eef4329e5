import { STATS_RANGE_DAYS_MAX, type StatisticsRangeBody, statsDayOf, statsDayText } from '@app/core'
import dayjs, { type Dayjs } from 'dayjs'

/** First and last day, both included; each a calendar date of the tenant's time zone. */
export type StatsRange = [Dayjs, Dayjs]

/**
 * Today in the tenant's time zone (its business hours' IANA zone), whatever the viewer's own zone:
 * a plain calendar date, so the picker shows the tenant's day.
 */
export const statsToday = (now: number, timeZone: string): Dayjs =>
  dayjs(statsDayText(statsDayOf(now, timeZone)))

/** The last 7 days of the tenant's time zone, today included. */
export const defaultStatsRange = (now: number, timeZone: string): StatsRange => {
  const today = statsToday(now, timeZone)
  return [today.subtract(6, 'day'), today]
}

/** The days of a range, both ends included. */
export const statsRangeDays = ([start, end]: StatsRange): number => end.diff(start, 'day') + 1

/** A range the server accepts: in order and at most STATS_RANGE_DAYS_MAX days. */
export const isStatsRangeAllowed = (range: StatsRange): boolean => {
  const n = statsRangeDays(range)
  return n >= 1 && n <= STATS_RANGE_DAYS_MAX
}

export const toRangeBody = ([start, end]: StatsRange): StatisticsRangeBody => ({
  from: start.format('YYYY-MM-DD'),
  to: end.format('YYYY-MM-DD'),
})

/** Quick options of the picker, counted from today in the tenant's time zone. */
export function statsPresets(
  t: (key: string) => string,
  now: number,
  timeZone: string,
): { label: string; value: StatsRange }[] {
  const today = statsToday(now, timeZone)
  return [
    { label: t('statistics.preset.today'), value: [today, today] },
    { label: t('statistics.preset.yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t('statistics.preset.last7Days'), value: [today.subtract(6, 'day'), today] },
    { label: t('statistics.preset.last30Days'), value: [today.subtract(29, 'day'), today] },
    { label: t('statistics.preset.last90Days'), value: [today.subtract(89, 'day'), today] },
    { label: t('statistics.preset.thisMonth'), value: [today.startOf('month'), today] },
  ]
}
