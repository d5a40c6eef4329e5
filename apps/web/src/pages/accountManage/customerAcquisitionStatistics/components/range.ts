import { ACQUISITION_MAX_DAYS } from '@app/core'
import dayjs, { type Dayjs } from 'dayjs'
import type { AcquisitionRange } from '../../../../api/acquisition'

/** First and last day shown, both included. */
export type DayRange = [Dayjs, Dayjs]

const DAY = 86_400_000

/** The last 7 days, today included. */
export const defaultRange = (now: Dayjs = dayjs()): DayRange => [
  now.subtract(6, 'day').startOf('day'),
  now.startOf('day'),
]

/** Days a range covers, both ends included. */
export const daysIn = ([start, end]: DayRange): number =>
  end.startOf('day').diff(start.startOf('day'), 'day') + 1

/** A range the server accepts: in order and at most ACQUISITION_MAX_DAYS days long. */
export const isRangeAllowed = (range: DayRange): boolean => {
  const days = daysIn(range)
  return days >= 1 && days <= ACQUISITION_MAX_DAYS
}

/** Quick options of the range picker. */
export function rangePresets(
  t: (key: string) => string,
  now: Dayjs = dayjs(),
): { label: string; value: DayRange }[] {
  const today = now.startOf('day')
  const lastMonth = today.subtract(1, 'month')
  return [
    { label: t('acquisition.preset.today'), value: [today, today] },
    { label: t('acquisition.preset.yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: t('acquisition.preset.last7Days'), value: defaultRange(now) },
    { label: t('acquisition.preset.last30Days'), value: [today.subtract(29, 'day'), today] },
    { label: t('acquisition.preset.thisMonth'), value: [today.startOf('month'), today] },
    {
      label: t('acquisition.preset.lastMonth'),
      value: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')],
    },
  ]
}

/**
 * The request window of a day range: from the first day's midnight to the midnight after the
 * last day, with the viewer's UTC offset so the server cuts days where the viewer does.
 */
export function toRequestRange([start, end]: DayRange): AcquisitionRange {
  const from = start.startOf('day').valueOf()
  // a daylight-saving change inside the window can make it an hour longer than the server's limit
  const to = Math.min(end.add(1, 'day').startOf('day').valueOf(), from + ACQUISITION_MAX_DAYS * DAY)
  return { from, to, utcOffsetMinutes: -new Date(from).getTimezoneOffset() }
}
