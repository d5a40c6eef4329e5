import { type ServiceLevelView, serviceLevelBody } from '@app/core'
import { Button, Card, Flex, Form, InputNumber, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { getServiceLevel, SupportKey, saveServiceLevel } from '../../api/support'
import { zodRule } from '../../utils/formRules'
import { useSupportForm } from './useSupportForm'

const field = (key: keyof typeof serviceLevelBody.shape) => zodRule(serviceLevelBody.shape[key])

/** Response-time targets: how soon a customer is first answered, and each time after. */
export function ServiceLevelCard() {
  const { t } = useTranslation()
  const { form, query, mutation } = useSupportForm<ServiceLevelView>(
    SupportKey.serviceLevel,
    getServiceLevel,
    saveServiceLevel,
  )
  return (
    <Card title={t('support.serviceLevel')} data-testid="support-sla">
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => mutation.mutate(v)}
        disabled={query.isLoading}
        data-testid="support-sla-form"
      >
        <Typography.Paragraph type="secondary">{t('support.serviceLevelHint')}</Typography.Paragraph>
        {query.data?.groups?.length ? (
          <Typography.Paragraph type="secondary" data-testid="support-sla-groups">
            {t('support.groupTargets', { groups: query.data.groups.map((g) => g.name).join(', ') })}
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="enabled" label={t('support.slaEnabled')} valuePropName="checked">
          <Switch data-testid="support-sla-enabled" />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item
            name="firstResponseMinutes"
            label={t('support.firstResponse')}
            rules={[field('firstResponseMinutes')]}
          >
            <InputNumber style={{ width: 160 }} data-testid="support-sla-first" />
          </Form.Item>
          <Form.Item
            name="nextResponseMinutes"
            label={t('support.nextResponse')}
            rules={[field('nextResponseMinutes')]}
          >
            <InputNumber style={{ width: 160 }} data-testid="support-sla-next" />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="support-sla-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}
