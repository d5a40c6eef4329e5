import { dayHours, dayHoursFields } from '@app/core'
import { Form, type FormRule, Input, Switch, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { validationText } from '../../i18n'
import { zodRule } from '../../utils/formRules'

/** Monday first, as the week is stored. */
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

/** An open day closes after it opens: the day's own rule, on its closing time. */
const closesAfterOpening =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const result = dayHours.safeParse(getFieldValue(['week', index]))
      const order = result.error?.issues.find((i) => i.message === 'support.dayOrder')
      if (order) throw new Error(validationText(order.message))
    },
  })

/** The week's opening hours: a row per day, open or closed, from and to ('HH:mm'). */
export function WeekTable() {
  const { t } = useTranslation()
  const week = Form.useWatch<{ open: boolean }[] | undefined>('week', Form.useFormInstance())
  const rows = DAYS.map((day, index) => ({ day, index }))
  const time = (index: number, key: 'from' | 'to') => (
    <Form.Item
      name={['week', index, key]}
      style={{ marginBottom: 0 }}
      dependencies={
        key === 'to'
          ? [
              ['week', index, 'from'],
              ['week', index, 'open'],
            ]
          : undefined
      }
      rules={[zodRule(dayHoursFields.shape[key]), ...(key === 'to' ? [closesAfterOpening(index)] : [])]}
    >
      <Input
        placeholder="HH:mm"
        disabled={week?.[index]?.open === false}
        style={{ width: 90 }}
        aria-label={`${t(`support.days.${DAYS[index]}`)} ${t(`support.${key}`)}`}
        data-testid={`support-week-${index}-${key}`}
      />
    </Form.Item>
  )
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="day"
      dataSource={rows}
      data-testid="support-week"
      columns={[
        { title: t('support.day'), dataIndex: 'day', render: (day: string) => t(`support.days.${day}`) },
        {
          title: t('support.open'),
          dataIndex: 'index',
          key: 'open',
          render: (index: number) => (
            <Form.Item name={['week', index, 'open']} valuePropName="checked" style={{ marginBottom: 0 }}>
              <Switch size="small" data-testid={`support-week-${index}-open`} />
            </Form.Item>
          ),
        },
        { title: t('support.from'), dataIndex: 'index', key: 'from', render: (i: number) => time(i, 'from') },
        { title: t('support.to'), dataIndex: 'index', key: 'to', render: (i: number) => time(i, 'to') },
      ]}
    />
  )
}
