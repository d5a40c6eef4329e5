import { STATS_RANGE_DAYS_MAX, type StatisticsRangeBody, statsDayOf, statsDayText } from '@app/core'
import dayjs, { type Dayjs } from 'dayjs'

/** First and last day, both included; each a calendar date of the statistics' time zone. */
export type StatsRange = [Dayjs, Dayjs]

/** Today in the statistics' time zone (UTC+8), whatever the viewer's own zone. */
export const statsToday = (now = Date.now()): Dayjs => dayjs(statsDayText(statsDayOf(now)))

/** The last 7 days, today included. */
export const defaultStatsRange = (now = Date.now()): StatsRange => {
  const today = statsToday(now)
  return [today.subtract(6, 'day'), today]
}

const daysOf = ([start, end]: StatsRange): number => end.diff(start, 'day') + 1

/** A range the server accepts: in order and at most STATS_RANGE_DAYS_MAX days. */
export const isStatsRangeAllowed = (range: StatsRange): boolean => {
  const n = daysOf(range)
  return n >= 1 && n <= STATS_RANGE_DAYS_MAX
}

export const toRangeBody = ([start, end]: StatsRange): StatisticsRangeBody => ({
  from: start.format('YYYY-MM-DD'),
  to: end.format('YYYY-MM-DD'),
})

/** Quick options of the picker. */
export function statsPresets(
  t: (key: string) => string,
  now = Date.now(),
): { label: string; value: StatsRange }[] {
  const today = statsToday(now)
  return [
    { label: t('statistics.preset.today'), value: [today, today] },
    { label: t('statistics.preset.yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t('statistics.preset.last7Days'), value: [today.subtract(6, 'day'), today] },
    { label: t('statistics.preset.last30Days'), value: [today.subtract(29, 'day'), today] },
    { label: t('statistics.preset.last90Days'), value: [today.subtract(89, 'day'), today] },
    { label: t('statistics.preset.thisMonth'), value: [today.startOf('month'), today] },
  ]
}
