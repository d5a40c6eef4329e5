import { type BusinessHoursBody, businessHoursFields } from '@app/core'
import { Button, Card, Divider, Form, type FormRule, Input, InputNumber, Select, Switch } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { getBusinessHours, SupportKey, saveBusinessHours } from '../../api/support'
import { validationText } from '../../i18n'
import { zodRule } from '../../utils/formRules'
import { HolidayList } from './HolidayList'
import { useSupportForm } from './useSupportForm'
import { WeekTable } from './WeekTable'

const field = (key: keyof typeof businessHoursFields.shape) => zodRule(businessHoursFields.shape[key])

/** An away message that is on needs its text. */
const awayTextWhenOn: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, value: string | undefined) => {
    if (getFieldValue('awayEnabled') && !value?.trim())
      throw new Error(validationText('support.awayRequired'))
  },
})

/** The time zones the browser knows (what the server's Intl accepts), with the one saved. */
function useTimeZones(saved: string | undefined) {
  return useMemo(() => {
    // older browsers cannot list them: the saved one is then the only choice
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    const all = saved && !zones.includes(saved) ? [saved, ...zones] : zones
    return all.map((z) => ({ value: z, label: z }))
  }, [saved])
}

/** Business hours in a time zone: the week, the holidays, and the away message sent outside them. */
export function BusinessHoursCard() {
  const { t } = useTranslation()
  const { form, query, mutation } = useSupportForm<BusinessHoursBody>(
    SupportKey.businessHours,
    getBusinessHours,
    saveBusinessHours,
  )
  const zones = useTimeZones(query.data?.timeZone)
  return (
    <Card title={t('support.businessHours')} data-testid="support-hours">
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => mutation.mutate(v)}
        disabled={query.isLoading}
        data-testid="support-hours-form"
      >
        <Form.Item
          name="enabled"
          label={t('support.hoursEnabled')}
          extra={t('support.hoursHint')}
          valuePropName="checked"
        >
          <Switch data-testid="support-hours-enabled" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('support.timeZone')} rules={[field('timeZone')]}>
          <Select showSearch options={zones} style={{ maxWidth: 320 }} data-testid="support-hours-zone" />
        </Form.Item>
        <Form.Item label={t('support.businessHours')}>
          <WeekTable />
        </Form.Item>
        <Form.Item
          name="holidays"
          label={t('support.holidays')}
          extra={t('support.holidaysHint')}
          rules={[field('holidays')]}
        >
          <HolidayList />
        </Form.Item>
        <Divider titlePlacement="start">{t('support.away')}</Divider>
        <Form.Item
          name="awayEnabled"
          valuePropName="checked"
          label={t('support.awayEnabled')}
          extra={t('support.awayHint')}
        >
          <Switch data-testid="support-away-enabled" />
        </Form.Item>
        <Form.Item
          name="awayMessage"
          label={t('support.awayMessage')}
          dependencies={['awayEnabled']}
          rules={[field('awayMessage'), awayTextWhenOn]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="support-away-message" />
        </Form.Item>
        <Form.Item name="awayOncePerHours" label={t('support.awayOnce')} rules={[field('awayOncePerHours')]}>
          <InputNumber style={{ width: 160 }} data-testid="support-away-once" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          data-testid="support-hours-save"
        >
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}
