import { FAN_SOURCES } from '@app/core'
import {
  Checkbox,
  Col,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd'
import { useTranslation } from 'react-i18next'
import { useAllLabels } from '../../../components/label/useLabels'
import type { MassSendFormValues } from './MassSendForm'
import { useAudiencePreview } from './useAudiencePreview'

/**
 * Customers by labels (product decisions "Customer mass send"): all of them or those carrying any
 * included label, minus those carrying an excluded one, narrowed by country and source (and the
 * sending accounts chosen below); the server counts how many that reaches now. Invalid customers
 * and those with mass send forbidden are never counted.
 */
export function MassSendCustomerFilter({
  form,
  rule,
}: {
  form: FormInstance<MassSendFormValues>
  rule: (name: (string | number)[]) => FormRule
}) {
  const { t } = useTranslation()
  const labels = useAllLabels()
  const all = Form.useWatch(['audience', 'all'], form)
  const options = (labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))
  const preview = useAudiencePreview(form)

  return (
    <>
      <Form.Item name={['audience', 'all']} valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid="mass-send-all-customers">{t('massSend.form.allCustomers')}</Checkbox>
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name={['audience', 'includeLabelIds']}
            label={t('massSend.form.includeLabels')}
            rules={[rule(['audience', 'includeLabelIds'])]}
            dependencies={[['audience', 'all']]}
          >
            <Select
              mode="multiple"
              allowClear
              disabled={!!all}
              maxTagCount="responsive"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('massSend.form.includeLabelsPlaceholder')}
              options={options}
              data-testid="mass-send-include-labels"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['audience', 'excludeLabelIds']}
            label={t('massSend.form.excludeLabels')}
            rules={[rule(['audience', 'excludeLabelIds'])]}
          >
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('massSend.form.excludeLabelsPlaceholder')}
              options={options}
              data-testid="mass-send-exclude-labels"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['audience', 'country']}
            label={t('massSend.form.country')}
            rules={[rule(['audience', 'country'])]}
          >
            <Input
              allowClear
              maxLength={2}
              placeholder={t('massSend.form.countryPlaceholder')}
              data-testid="mass-send-country"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={['audience', 'source']}
            label={t('massSend.form.source')}
            rules={[rule(['audience', 'source'])]}
          >
            <Select
              allowClear
              placeholder={t('massSend.form.anySource')}
              options={FAN_SOURCES.map((s) => ({ value: s, label: t(`desk.customer.sources.${s}`) }))}
              data-testid="mass-send-source"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" data-testid="mass-send-audience-count">
        {preview.isFetching ? <Spin size="small" /> : null}{' '}
        {preview.data !== undefined && preview.reaches
          ? t('massSend.form.audienceCount', { count: preview.data.count })
          : t('massSend.form.audienceCountHint')}
      </Typography.Paragraph>
    </>
  )
}
