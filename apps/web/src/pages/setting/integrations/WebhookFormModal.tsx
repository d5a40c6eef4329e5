import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  type WebhookCreateBody,
  type WebhookCreated,
  type WebhookView,
  webhookCreateBody,
} from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { App, type ButtonProps, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { zodRule } from '../../../utils/formRules'
import { showFormError } from './formIssues'
import { createWebhook, editWebhook } from './integrationsApi'
import { MODAL_WIDTH } from './modalWidth'

type HookForm = WebhookCreateBody
const FIELDS = ['url', 'events', 'description'] as const
const rule = (key: (typeof FIELDS)[number]) => zodRule(webhookCreateBody.shape[key])
const EMPTY: HookForm = { url: '', events: [], description: '' }

interface WebhookFormModalProps {
  open: boolean
  /** the endpoint to edit; null adds one */
  editing: WebhookView | null
  onClose: () => void
  onCreated: (created: WebhookCreated) => void
  onSaved: () => void
}

/** Adds an endpoint (its signing secret is answered once) or changes its address, events and description. */
export function WebhookFormModal({ open, editing, onClose, onCreated, onSaved }: WebhookFormModalProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<HookForm>()
  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(
      editing ? { url: editing.url, events: editing.events, description: editing.description } : EMPTY,
    )
  }, [open, editing, form])
  const create = useMutation({ mutationFn: createWebhook, onSuccess: onCreated })
  const edit = useMutation({ mutationFn: editWebhook, onSuccess: onSaved })
  const onError = (e: unknown) => {
    showFormError(form, e, FIELDS, message.error)
  }
  const submit = (values: HookForm) => {
    if (editing) edit.mutate({ id: editing.id, ...values }, { onError })
    else create.mutate(values, { onError })
  }
  return (
    <Modal
      open={open}
      title={t(editing ? 'integrations.hooks.editTitle' : 'integrations.hooks.create')}
      width={MODAL_WIDTH}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(editing ? 'common.save' : 'common.create')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { loading: create.isPending || edit.isPending, 'data-testid': 'webhook-form-submit' } as ButtonProps
      }
      forceRender
    >
      <Form<HookForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        data-testid="webhook-form"
      >
        <Form.Item name="url" label={t('integrations.hooks.url')} rules={[rule('url')]}>
          <Input
            placeholder={t('integrations.hooks.urlPlaceholder')}
            inputMode="url"
            data-testid="webhook-url"
          />
        </Form.Item>
        <Form.Item name="events" label={t('integrations.hooks.events')} rules={[rule('events')]}>
          <Checkbox.Group data-testid="webhook-events">
            <Flex vertical gap={8}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} data-testid={`webhook-event-${e}`}>
                  {t(`integrations.event.${e}`)}{' '}
                  <Typography.Text type="secondary" code>
                    {e}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('integrations.hooks.description')}
          rules={[rule('description')]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            showCount
            data-testid="webhook-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
