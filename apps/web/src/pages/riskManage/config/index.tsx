import {
  RISK_KEYWORD_MAX_LENGTH,
  RISK_KEYWORDS_MAX,
  RISK_LIMIT_KEYS,
  type RiskConfigView,
  type RiskLimitKey,
  type RiskLimits,
} from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FormRule } from 'antd'
import { Alert, App, Button, Col, Form, InputNumber, Row, Select, Skeleton, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { riskConfig, saveRiskConfig } from '../../../api/risk'
import { PageFrame } from '../../../components/page/PageFrame'

const KEY = ['risk', 'config']

interface Values {
  limits: RiskLimits
  keywords: string[]
}

/** A limit inside the tenant's bounds, told in the user's language. */
function boundsRule(name: string, [min, max]: readonly [number, number], t: TFunction): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
        throw new Error(t('risk.config.outOfBounds', { name, min, max }))
    },
  }
}

const keywordsRule = (t: TFunction): FormRule => ({
  validator: async (_r, value: string[] | undefined) => {
    const list = value ?? []
    if (list.length > RISK_KEYWORDS_MAX)
      throw new Error(t('risk.config.keywordsTooMany', { max: RISK_KEYWORDS_MAX }))
    if (list.some((k) => k.trim().length > RISK_KEYWORD_MAX_LENGTH))
      throw new Error(t('risk.config.keywordTooLong', { max: RISK_KEYWORD_MAX_LENGTH }))
  },
})

function StateNotes({ config }: { config: RiskConfigView }) {
  const { t } = useTranslation()
  return (
    <>
      {!config.saved && (
        <Alert
          type="info"
          showIcon
          message={t('risk.config.notSaved')}
          description={t('risk.config.notSavedDetail', {
            perMinute: config.pacing.perMinute,
            burst: config.pacing.burst,
          })}
          data-testid="risk-not-saved"
        />
      )}
      {config.saved && (
        <Typography.Text type="secondary" data-testid="risk-pacing">
          {t('risk.config.pacing', { perMinute: config.pacing.perMinute, burst: config.pacing.burst })}
        </Typography.Text>
      )}
      {config.riskStatus === 1 && (
        <Alert
          type="warning"
          showIcon
          message={t('risk.config.underControl')}
          data-testid="risk-under-control"
        />
      )}
      {config.specialChannel && <Alert type="success" showIcon message={t('risk.config.specialChannel')} />}
    </>
  )
}

/** /riskManage/config: per-account limits within the platform's bounds, warm-up and keyword blocks. */
export default function RiskConfigPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const client = useQueryClient()
  const config = useQuery({ queryKey: KEY, queryFn: riskConfig })
  const save = useMutation({
    mutationFn: (v: Values) => saveRiskConfig({ limits: v.limits, keywords: v.keywords ?? [] }),
    onSuccess: (view) => {
      client.setQueryData(KEY, view)
      message.success(t('risk.config.saved'))
    },
  })
  useEffect(() => {
    if (config.data) form.setFieldsValue({ limits: config.data.limits, keywords: config.data.keywords })
  }, [config.data, form])

  const c = config.data
  if (!c)
    return <PageFrame title={t('menu.riskConfig')}>{config.isError ? null : <Skeleton active />}</PageFrame>
  return (
    <PageFrame title={t('menu.riskConfig')}>
      <div style={{ display: 'grid', gap: 12 }}>
        <StateNotes config={c} />
        <Typography.Text type="secondary">{t('risk.help.perAccount')}</Typography.Text>
      </div>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="risk-config-form">
        <Row gutter={16}>
          {RISK_LIMIT_KEYS.map((k: RiskLimitKey) => {
            const label = t(`risk.limits.${k}`)
            const [min, max] = c.bounds[k]
            return (
              <Col xs={24} sm={12} lg={6} key={k}>
                <Form.Item
                  name={['limits', k]}
                  label={label}
                  rules={[boundsRule(label, c.bounds[k], t)]}
                  extra={
                    <span data-testid={`risk-bounds-${k}`}>
                      {t('risk.help.bounds', { min, max })}
                      {c.saved && c.effective[k] !== c.limits[k]
                        ? ` · ${t('risk.config.effective')} ${c.effective[k]}`
                        : ''}
                    </span>
                  }
                >
                  <InputNumber style={{ width: '100%' }} precision={0} data-testid={`risk-limit-${k}`} />
                </Form.Item>
              </Col>
            )
          })}
        </Row>
        <Typography.Paragraph type="secondary">{t('risk.help.warmup')}</Typography.Paragraph>
        <Form.Item
          name="keywords"
          label={t('risk.config.keywords')}
          extra={t('risk.help.keywords')}
          rules={[keywordsRule(t)]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', '，']}
            placeholder={t('risk.config.keywordsPlaceholder')}
            data-testid="risk-keywords"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="risk-config-save">
          {t('risk.config.save')}
        </Button>
      </Form>
    </PageFrame>
  )
}
