import { type SatisfactionBody, type SurveyLanguage, satisfactionFields, surveyText } from '@app/core'
import { Button, Card, Form, type FormRule, Input, Radio, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { getSatisfaction, SupportKey, saveSatisfaction } from '../../api/support'
import { validationText } from '../../i18n'
import { zodRule } from '../../utils/formRules'
import { useSupportForm } from './useSupportForm'

const questionRule = zodRule(satisfactionFields.shape.question.shape.zh)

/** A survey that is on needs its question in the language it is sent in. */
const neededWhenSent =
  (lang: SurveyLanguage): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: string | undefined) => {
      if (getFieldValue('enabled') && getFieldValue('language') === lang && !value?.trim())
        throw new Error(validationText('support.questionRequired'))
    },
  })

/** The satisfaction survey sent when a conversation is resolved, with what the customer receives. */
export function SatisfactionCard() {
  const { t } = useTranslation()
  const { form, query, mutation } = useSupportForm<SatisfactionBody>(
    SupportKey.satisfaction,
    getSatisfaction,
    saveSatisfaction,
  )
  const values = Form.useWatch([], form) as SatisfactionBody | undefined
  const preview = values?.language && values.question?.[values.language] ? surveyText(values) : ''
  const question = (lang: SurveyLanguage, label: string) => (
    <Form.Item
      name={['question', lang]}
      label={label}
      dependencies={['enabled', 'language']}
      rules={[questionRule, neededWhenSent(lang)]}
    >
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid={`support-survey-${lang}`} />
    </Form.Item>
  )
  return (
    <Card title={t('support.satisfaction')} data-testid="support-survey">
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => mutation.mutate(v)}
        disabled={query.isLoading}
        data-testid="support-survey-form"
      >
        <Form.Item
          name="enabled"
          valuePropName="checked"
          label={t('support.surveyEnabled')}
          extra={t('support.surveyHint')}
        >
          <Switch data-testid="support-survey-enabled" />
        </Form.Item>
        <Form.Item name="language" label={t('support.surveyLanguage')}>
          <Radio.Group data-testid="support-survey-language">
            <Radio value="zh">{t('support.languageZh')}</Radio>
            <Radio value="en">{t('support.languageEn')}</Radio>
          </Radio.Group>
        </Form.Item>
        {question('zh', t('support.questionZh'))}
        {question('en', t('support.questionEn'))}
        {preview && (
          <Form.Item label={t('support.surveyPreview')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="support-survey-preview">
              {preview}
            </Typography.Paragraph>
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          data-testid="support-survey-save"
        >
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}
