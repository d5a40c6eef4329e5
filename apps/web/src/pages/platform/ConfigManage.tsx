import {
  formatAmount,
  type OperationsConfig,
  PRICE_PER_DAY_MAX,
  parseAmount,
  REMINDER_DAYS_MAX,
  TRIAL_DAYS_MAX,
  TRIAL_QUANTITY_MAX,
} from '@app/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { App, Button, Form, Input, InputNumber, Skeleton } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { getOperationsConfig, saveOperationsConfig } from '../../api/platform'
import { PageFrame } from '../../components/page/PageFrame'

interface Values {
  portPrice: string
  seatPrice: string
  trialPorts: number
  trialSeats: number
  trialDays: number
  reminderDays: number
}

/** /configManage: prices per port and seat per day, the trial quota and when expiry reminders start. */
export default function ConfigManage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const config = useQuery({ queryKey: ['platform', 'config'], queryFn: getOperationsConfig })
  const save = useMutation({
    mutationFn: (body: OperationsConfig) => saveOperationsConfig(body),
    onSuccess: () => message.success(t('common.saved')),
  })
  useEffect(() => {
    const c = config.data
    if (c)
      form.setFieldsValue({
        portPrice: formatAmount(c.portPricePerDay),
        seatPrice: formatAmount(c.seatPricePerDay),
        trialPorts: c.trialPorts,
        trialSeats: c.trialSeats,
        trialDays: c.trialDays,
        reminderDays: c.reminderDays,
      })
  }, [config.data, form])

  const price = {
    validator: async (_r: unknown, v?: string) => {
      const cents = parseAmount(v ?? '')
      if (cents === null || cents > PRICE_PER_DAY_MAX) throw new Error(t('billing.amountRule'))
    },
  }
  const whole = (min: number, max: number) => ({
    required: true,
    type: 'integer' as const,
    min,
    max,
    message: t('platform.config.range', { min, max }),
  })
  const submit = (v: Values) =>
    save.mutate({
      portPricePerDay: parseAmount(v.portPrice) ?? 0,
      seatPricePerDay: parseAmount(v.seatPrice) ?? 0,
      trialPorts: v.trialPorts,
      trialSeats: v.trialSeats,
      trialDays: v.trialDays,
      reminderDays: v.reminderDays,
    })
  return (
    <PageFrame title={t('menu.configManage')}>
      {config.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={submit}>
          <Form.Item name="portPrice" label={t('platform.config.portPrice')} rules={[price]}>
            <Input data-testid="config-port-price" />
          </Form.Item>
          <Form.Item name="seatPrice" label={t('platform.config.seatPrice')} rules={[price]}>
            <Input data-testid="config-seat-price" />
          </Form.Item>
          <Form.Item
            name="trialPorts"
            label={t('platform.config.trialPorts')}
            rules={[whole(0, TRIAL_QUANTITY_MAX)]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="trialSeats"
            label={t('platform.config.trialSeats')}
            rules={[whole(0, TRIAL_QUANTITY_MAX)]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="trialDays"
            label={t('platform.config.trialDays')}
            rules={[whole(1, TRIAL_DAYS_MAX)]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reminderDays"
            label={t('platform.config.reminderDays')}
            extra={t('platform.config.reminderHint')}
            rules={[whole(0, REMINDER_DAYS_MAX)]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="config-reminder-days" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="config-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </PageFrame>
  )
}
