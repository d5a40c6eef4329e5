import { STATS_RANGE_DAYS_MAX } from '@app/core'
import { App, DatePicker } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { isStatsRangeAllowed, type StatsRange, statsPresets, statsToday } from './range'

interface Props {
  value: StatsRange
  onChange: (range: StatsRange) => void
  /** the tenant's time zone: today and the quick options are its calendar days */
  timeZone: string
}

/** The days of the statistics: quick options, no future days, no range longer than the server takes. */
export function StatsRangePicker({ value, onChange, timeZone }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const now = Date.now()
  const today = statsToday(now, timeZone)
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(today, 'day') ||
    (!!info.from &&
      Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) >= STATS_RANGE_DAYS_MAX)
  return (
    <DatePicker.RangePicker
      value={value}
      allowClear={false}
      presets={statsPresets(t, now, timeZone)}
      disabledDate={disabledDate}
      aria-label={t('statistics.range')}
      data-testid="stats-range"
      onChange={(next) => {
        const [start, end] = next ?? []
        if (!start || !end) return
        const range: StatsRange = [start.startOf('day'), end.startOf('day')]
        if (!isStatsRangeAllowed(range)) {
          message.error(t('statistics.rangeTooLong', { days: STATS_RANGE_DAYS_MAX }))
          return
        }
        onChange(range)
      }}
    />
  )
}
