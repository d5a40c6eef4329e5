import { toMillis } from '@app/core'
import dayjs, { type Dayjs } from 'dayjs'

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss'

/**
 * Format a timestamp (10 digits are seconds, spec §9), a date string or a Date; empty input
 * gives ''.
 */
export function formatDate(
  value: number | string | Date | Dayjs | null | undefined,
  format = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return ''
  const input =
    typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? toMillis(value) : value
  const d = dayjs(input)
  return d.isValid() ? d.format(format) : ''
}

export interface DatePreset {
  label: string
  value: Dayjs
}

/** Quick options for date pickers (spec §9): tomorrow, the day after, one week later. */
export function datePresets(t: (key: string) => string, now: Dayjs = dayjs()): DatePreset[] {
  return [
    { label: t('time.tomorrow'), value: now.add(1, 'day') },
    { label: t('time.dayAfterTomorrow'), value: now.add(2, 'day') },
    { label: t('time.oneWeekLater'), value: now.add(7, 'day') },
  ]
}
