import {
  AI_CONTEXT_MESSAGES_MAX,
  AI_REPLY_DELAY_MAX,
  aiProviderFields,
  type TenantSettingsView,
} from '@app/core'
import { Alert, Card, Form, type FormRule, Input, InputNumber, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { validationText } from '../../i18n'
import { zodRule } from '../../utils/formRules'

const field = (key: keyof typeof aiProviderFields.shape) => zodRule(aiProviderFields.shape[key])

/** A field an enabled provider cannot do without. */
const neededWhenOn =
  (messageKey: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: string | undefined) => {
      if (getFieldValue(['ai', 'enabled']) && !value?.trim()) throw new Error(validationText(messageKey))
    },
  })

/** The AI provider: an OpenAI-compatible service, its prompt, delay, context and daily budget. */
export function AiSection({ view }: { view: TenantSettingsView | undefined }) {
  const { t } = useTranslation()
  const keyExtra = view?.ai.apiKeySet
    ? view.ai.apiKeyHint
      ? t('settings.aiKeyKept', { hint: view.ai.apiKeyHint })
      : t('settings.aiKeyKeptNoHint')
    : undefined
  return (
    <Card title={t('settings.ai')} data-testid="settings-ai">
      <Alert type="info" showIcon message={t('settings.aiHint')} style={{ marginBottom: 16 }} />
      <Form.Item name={['ai', 'enabled']} label={t('settings.aiEnabled')} valuePropName="checked">
        <Switch data-testid="settings-ai-enabled" />
      </Form.Item>
      <Form.Item
        name={['ai', 'baseUrl']}
        label={t('settings.aiBaseUrl')}
        extra={t('settings.aiBaseUrlHint')}
        dependencies={[['ai', 'enabled']]}
        rules={[field('baseUrl'), neededWhenOn('settings.aiBaseUrlRequired')]}
      >
        <Input placeholder="https://" data-testid="settings-ai-url" />
      </Form.Item>
      <Form.Item
        name={['ai', 'apiKey']}
        label={t('settings.aiApiKey')}
        extra={keyExtra}
        rules={[field('apiKey')]}
      >
        <Input.Password autoComplete="new-password" data-testid="settings-ai-key" />
      </Form.Item>
      <Form.Item
        name={['ai', 'model']}
        label={t('settings.aiModel')}
        dependencies={[['ai', 'enabled']]}
        rules={[field('model'), neededWhenOn('settings.aiModelRequired')]}
      >
        <Input placeholder="gpt-4o-mini" data-testid="settings-ai-model" />
      </Form.Item>
      <Form.Item
        name={['ai', 'systemPrompt']}
        label={t('settings.aiSystemPrompt')}
        rules={[field('systemPrompt')]}
      >
        <Input.TextArea
          rows={3}
          placeholder={t('settings.aiSystemPromptPlaceholder')}
          data-testid="settings-ai-prompt"
        />
      </Form.Item>
      <Form.Item name={['ai', 'replyDelay']} label={t('settings.aiReplyDelay')} rules={[field('replyDelay')]}>
        <InputNumber min={0} max={AI_REPLY_DELAY_MAX} precision={0} data-testid="settings-ai-delay" />
      </Form.Item>
      <Form.Item
        name={['ai', 'contextMessages']}
        label={t('settings.aiContext')}
        rules={[field('contextMessages')]}
      >
        <InputNumber min={1} max={AI_CONTEXT_MESSAGES_MAX} precision={0} />
      </Form.Item>
      <Form.Item
        name={['ai', 'dailyReplies']}
        label={t('settings.aiDailyReplies')}
        rules={[field('dailyReplies')]}
      >
        <InputNumber min={0} precision={0} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item
        name={['ai', 'dailyTokens']}
        label={t('settings.aiDailyTokens')}
        rules={[field('dailyTokens')]}
      >
        <InputNumber min={0} precision={0} style={{ width: 180 }} />
      </Form.Item>
      {view && (
        <Typography.Text type="secondary" data-testid="settings-ai-usage">
          {t('settings.aiUsage', { ...view.aiUsage })}
        </Typography.Text>
      )}
    </Card>
  )
}
