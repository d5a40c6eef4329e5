import {
  AUTO_REPLY_AUDIENCES,
  AUTO_REPLY_MATCHES,
  AUTO_REPLY_NAME_MAX,
  AUTO_REPLY_TYPES,
  type AutoReplyRuleView,
  type AutoReplySaveBody,
  autoReplyFields,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listAgents } from '../../../../api/desk'
import { useAllLabels } from '../../../../components/label/useLabels'
import { validationText } from '../../../../i18n'
import { zodRule } from '../../../../utils/formRules'
import { SentenceList } from './SentenceList'

interface Props {
  open: boolean
  /** the rule shown; null: a new rule */
  editing: AutoReplyRuleView | null
  /** an agent (or a supervisor acting as one): personal rules for themselves only */
  agentMode: boolean
  onClose(): void
  onSubmit(body: AutoReplySaveBody): Promise<unknown>
}

type Values = AutoReplySaveBody

const initial = (agentMode: boolean): Partial<Values> => ({
  classification: agentMode ? 'personal' : 'public',
  audience: 'all',
  replyType: 'all',
  matchMode: 'half',
  keywords: [],
  labelIds: [],
  agentUserIds: [],
  replyLimit: 0,
  replyDelay: 0,
  sendInterval: 0,
  sentences: [{ type: 'text', text: '' }],
  enabled: true,
})

const required = (key: string) => ({
  validator: async (_: unknown, v: unknown[] | undefined) => {
    if (!v || v.length === 0) throw new Error(validationText(key))
  },
})

/**
 * Create, edit or (for a rule made by someone else) read a rule: every field of the spec with the
 * endpoint's own checks, so a refused value is explained before anything is sent.
 */
export function AutoReplyFormModal({ open, editing, agentMode, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const readOnly = !!editing && !editing.can.edit
  const classification = Form.useWatch('classification', form)
  const audience = Form.useWatch('audience', form)
  const labels = useAllLabels(open)
  const agents = useQuery({
    queryKey: ['tenant', 'agents'],
    queryFn: listAgents,
    enabled: open && !agentMode,
  })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(editing ? { ...editing } : initial(agentMode))
  }, [open, editing, agentMode, form])

  const submit = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      // the form shows each refused field's message
      return
    }
    setSaving(true)
    try {
      await onSubmit({
        ...v,
        keywords: v.keywords.map((k) => k.trim()),
        replyLimit: v.replyLimit ?? 0,
        labelIds: v.audience === 'labels' ? v.labelIds : [],
        agentUserIds: v.classification === 'personal' && !agentMode ? v.agentUserIds : [],
      })
      onClose()
    } catch {
      // the request client told the user
    } finally {
      setSaving(false)
    }
  }

  // no max on the inputs: a value over the limit is explained by the rule's message rather than clamped
  const whole = { min: 0, precision: 0, style: { width: '100%' } }
  return (
    <Modal
      open={open}
      title={t(readOnly ? 'autoReply.viewTitle' : editing ? 'autoReply.editTitle' : 'autoReply.createTitle')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: saving, style: readOnly ? { display: 'none' } : undefined }}
      okText={t('common.save')}
      cancelText={t(readOnly ? 'common.ok' : 'common.cancel')}
      destroyOnHidden
      data-testid="auto-reply-form"
    >
      {readOnly && (
        <Alert type="info" showIcon message={t('autoReply.readOnlyHint')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" disabled={readOnly} preserve={false}>
        <Form.Item name="name" label={t('autoReply.name')} rules={[zodRule(autoReplyFields.name)]} required>
          <Input
            maxLength={AUTO_REPLY_NAME_MAX}
            placeholder={t('autoReply.namePlaceholder')}
            data-testid="auto-reply-name"
          />
        </Form.Item>
        <Form.Item
          name="classification"
          label={t('autoReply.classification')}
          rules={[zodRule(autoReplyFields.classification)]}
          required
        >
          <Radio.Group data-testid="auto-reply-classification">
            <Radio value="public" disabled={agentMode}>
              {t('autoReply.classificationOptions.public')}
            </Radio>
            <Radio value="personal">{t('autoReply.classificationOptions.personal')}</Radio>
          </Radio.Group>
        </Form.Item>
        {classification === 'personal' && !agentMode ? (
          <Form.Item
            name="agentUserIds"
            label={t('autoReply.customerService')}
            rules={[required('autoReply.customerServiceRequired')]}
            required
          >
            <Select
              mode="multiple"
              placeholder={t('autoReply.customerServicePlaceholder')}
              loading={agents.isLoading}
              options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.nickname || a.username }))}
              optionFilterProp="label"
              data-testid="auto-reply-agents"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('autoReply.customerService')} required>
            <Input
              disabled
              value={t(
                classification === 'personal'
                  ? 'autoReply.customerServiceSelf'
                  : 'autoReply.customerServiceAll',
              )}
            />
          </Form.Item>
        )}
        <Form.Item
          name="audience"
          label={t('autoReply.audience')}
          rules={[zodRule(autoReplyFields.audience)]}
          extra={audience === 'new_customers' ? t('autoReply.newCustomerHint') : undefined}
          required
        >
          <Select
            options={AUTO_REPLY_AUDIENCES.map((a) => ({
              value: a,
              label: t(`autoReply.audienceOptions.${a}`),
            }))}
            data-testid="auto-reply-audience"
          />
        </Form.Item>
        {audience === 'labels' && (
          <Form.Item
            name="labelIds"
            label={t('autoReply.labels')}
            rules={[required('autoReply.labelsRequired')]}
            required
          >
            <Select
              mode="multiple"
              placeholder={t('autoReply.labelsPlaceholder')}
              options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
        )}
        <Form.Item
          name="matchMode"
          label={t('autoReply.matchMode')}
          rules={[zodRule(autoReplyFields.matchMode)]}
          required
        >
          <Radio.Group>
            {AUTO_REPLY_MATCHES.map((m) => (
              <Radio key={m} value={m} data-testid={`auto-reply-match-${m}`}>
                {t(`autoReply.matchModeOptions.${m}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="keywords"
          label={t('autoReply.keywords')}
          rules={[zodRule(autoReplyFields.keywords)]}
          required
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            placeholder={t('autoReply.keywordsPlaceholder')}
            data-testid="auto-reply-keywords"
          />
        </Form.Item>
        <Form.Item
          name="replyType"
          label={t('autoReply.replyType')}
          rules={[zodRule(autoReplyFields.replyType)]}
          required
        >
          <Radio.Group>
            {AUTO_REPLY_TYPES.map((r) => (
              <Radio key={r} value={r}>
                {t(`autoReply.replyTypeOptions.${r}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="replyLimit"
          label={t('autoReply.replyLimit')}
          extra={t('autoReply.replyLimitHint')}
          rules={[zodRule(autoReplyFields.replyLimit)]}
        >
          <InputNumber {...whole} data-testid="auto-reply-limit" />
        </Form.Item>
        <Form.Item
          name="replyDelay"
          label={t('autoReply.replyDelay')}
          rules={[zodRule(autoReplyFields.replyDelay)]}
        >
          <InputNumber {...whole} data-testid="auto-reply-delay" />
        </Form.Item>
        <Form.Item
          name="sendInterval"
          label={t('autoReply.sendInterval')}
          rules={[zodRule(autoReplyFields.sendInterval)]}
        >
          <InputNumber {...whole} data-testid="auto-reply-interval" />
        </Form.Item>
        <Form.Item
          name="sentences"
          label={t('autoReply.sentences')}
          rules={[zodRule(autoReplyFields.sentences)]}
          required
        >
          <SentenceList disabled={readOnly} />
        </Form.Item>
        <Form.Item name="enabled" label={t('autoReply.enabled')} valuePropName="checked" required>
          <Switch data-testid="auto-reply-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
