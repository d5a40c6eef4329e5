import { NURTURING_LANGUAGES, type NurturingLanguage, nurturingRuleBody } from '@app/core'
import { Form, type FormInstance, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { validationText } from '../../../i18n'
import { zodRule } from '../../../utils/formRules'

export interface FormValues {
  name: string
  tenantIds: number[]
  language: NurturingLanguage
  days: number
  perDay: number
  from: Dayjs
  to: Dayjs
  utcOffset: number
  enabled: boolean
}

/** A nurturing rule's fields: its name, tenants, language, length, daily count and active hours. */
export function RuleForm({
  form,
  tenantOptions,
  tenantsLoading,
  onTenantSearch,
}: {
  form: FormInstance<FormValues>
  tenantOptions: { value: number; label: string }[]
  tenantsLoading: boolean
  onTenantSearch: (keyword: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Form<FormValues> form={form} layout="vertical">
      <Form.Item
        name="name"
        label={t('nurturing.rule.name')}
        required
        rules={[zodRule(nurturingRuleBody.shape.name)]}
      >
        <Input maxLength={50} data-testid="nurturing-rule-name" />
      </Form.Item>
      <Form.Item
        name="tenantIds"
        label={t('nurturing.rule.tenants')}
        extra={t('nurturing.rule.tenantsHint')}
        required
        rules={[
          {
            validator: async (_, v: number[] | undefined) => {
              if (!nurturingRuleBody.shape.tenantIds.safeParse(v ?? []).success)
                throw new Error(validationText('nurturing.tenantsRequired'))
            },
          },
        ]}
      >
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: onTenantSearch }}
          placeholder={t('nurturing.rule.tenantsPlaceholder')}
          loading={tenantsLoading}
          options={tenantOptions}
          data-testid="nurturing-rule-tenants"
        />
      </Form.Item>
      <Form.Item name="language" label={t('nurturing.rule.language')} required>
        <Select
          options={NURTURING_LANGUAGES.map((l) => ({ value: l, label: t(`nurturing.languages.${l}`) }))}
        />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="days"
          label={t('nurturing.rule.days')}
          required
          rules={[zodRule(nurturingRuleBody.shape.days)]}
        >
          <InputNumber min={1} max={60} />
        </Form.Item>
        <Form.Item
          name="perDay"
          label={t('nurturing.rule.perDay')}
          required
          rules={[zodRule(nurturingRuleBody.shape.perDay)]}
        >
          <InputNumber min={1} max={200} />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        <Form.Item name="from" label={`${t('nurturing.rule.hours')} · ${t('nurturing.rule.from')}`} required>
          <TimePicker format="HH:mm" allowClear={false} />
        </Form.Item>
        <Form.Item name="to" label={t('nurturing.rule.to')} required>
          <TimePicker format="HH:mm" allowClear={false} />
        </Form.Item>
        <Form.Item name="utcOffset" label={t('nurturing.rule.utcOffset')}>
          <InputNumber min={-720} max={840} step={60} data-testid="nurturing-rule-utc-offset" />
        </Form.Item>
      </Space>
      <Form.Item name="enabled" label={t('nurturing.rule.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  )
}
