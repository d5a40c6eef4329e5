import { ACQUISITION_MAX_DAYS } from '@app/core'
import { App, DatePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { type DayRange, isRangeAllowed, rangePresets } from './range'

interface Props {
  value: DayRange
  onChange: (range: DayRange) => void
}

/**
 * Day range of the statistics: quick options, no future days, and no range longer than the
 * server accepts (the picker greys those days out; a longer range typed in is refused).
 */
export function RangeFilter({ value, onChange }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const today = dayjs().endOf('day')
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(today) ||
    (!!info.from &&
      Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) >= ACQUISITION_MAX_DAYS)

  return (
    <DatePicker.RangePicker
      value={value}
      allowClear={false}
      presets={rangePresets(t)}
      disabledDate={disabledDate}
      aria-label={t('acquisition.range')}
      data-testid="acquisition-range"
      onChange={(next) => {
        const [start, end] = next ?? []
        if (!start || !end) return
        const range: DayRange = [start.startOf('day'), end.startOf('day')]
        if (!isRangeAllowed(range)) {
          message.error(t('acquisition.rangeTooLong', { days: ACQUISITION_MAX_DAYS }))
          return
        }
        onChange(range)
      }}
    />
  )
}
