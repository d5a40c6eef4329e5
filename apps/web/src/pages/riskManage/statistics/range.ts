import { RISK_STATS_DAYS_MAX } from '@app/core'
import dayjs, { type Dayjs } from 'dayjs'

/** First and last day shown, both included. */
export type DayRange = [Dayjs, Dayjs]

export const defaultRange = (now: Dayjs = dayjs()): DayRange => [
  now.subtract(6, 'day').startOf('day'),
  now.startOf('day'),
]

export const isRangeAllowed = ([a, b]: DayRange): boolean => {
  const days = b.startOf('day').diff(a.startOf('day'), 'day') + 1
  return days >= 1 && days <= RISK_STATS_DAYS_MAX
}

/** Quick options of the range picker (looking back: a statistics range has no future days). */
export function rangePresets(
  t: (key: string) => string,
  now: Dayjs = dayjs(),
): { label: string; value: DayRange }[] {
  const today = now.startOf('day')
  return [
    { label: t('risk.statistics.preset.today'), value: [today, today] },
    {
      label: t('risk.statistics.preset.yesterday'),
      value: [today.subtract(1, 'day'), today.subtract(1, 'day')],
    },
    { label: t('risk.statistics.preset.last7Days'), value: defaultRange(now) },
    { label: t('risk.statistics.preset.last30Days'), value: [today.subtract(29, 'day'), today] },
    { label: t('risk.statistics.preset.thisMonth'), value: [today.startOf('month'), today] },
  ]
}

export const dayKey = (d: Dayjs) => d.format('YYYY-MM-DD')
