import { HOLIDAYS_MAX } from '@app/core'
import { DatePicker, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

interface Props {
  value?: string[]
  onChange?: (days: string[]) => void
}

/** The holidays of the business hours: local days 'YYYY-MM-DD', in order, each removable; a picker adds one. */
export function HolidayList({ value = [], onChange }: Props) {
  const { t } = useTranslation()
  const add = (day: string) => {
    if (day && !value.includes(day)) onChange?.([...value, day].sort())
  }
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={4} data-testid="support-holidays">
        {value.length === 0 && <Typography.Text type="secondary">{t('support.noHolidays')}</Typography.Text>}
        {value.map((day) => (
          <Tag
            key={day}
            closable
            closeIcon={<span aria-label={t('support.removeHoliday', { day })}>×</span>}
            onClose={() => onChange?.(value.filter((d) => d !== day))}
          >
            {day}
          </Tag>
        ))}
      </Flex>
      <DatePicker
        value={null}
        placeholder={t('support.addHoliday')}
        aria-label={t('support.addHoliday')}
        format="YYYY-MM-DD"
        disabled={value.length >= HOLIDAYS_MAX}
        onChange={(_d, text) => add(typeof text === 'string' ? text : '')}
        style={{ width: 200 }}
        data-testid="support-holiday-add"
      />
    </Flex>
  )
}
