import { API_SCOPES, type ApiKeyCreateBody, type ApiKeyCreated, apiKeyCreateBody } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import {
  App,
  type ButtonProps,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { zodRule } from '../../../utils/formRules'
import { showFormError } from './formIssues'
import { createApiKey } from './integrationsApi'
import { MODAL_WIDTH } from './modalWidth'

/** The form holds the body itself (the expiry as epoch ms), so the contract's rules check it as is. */
type KeyForm = ApiKeyCreateBody

const FIELDS = ['name', 'scopes', 'expiresAt', 'allowedIps'] as const
const rule = (key: (typeof FIELDS)[number]) => zodRule(apiKeyCreateBody.shape[key])
const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'))

interface ApiKeyFormModalProps {
  open: boolean
  onClose: () => void
  onCreated: (created: ApiKeyCreated) => void
}

/** "New key": a name, its permissions, and optionally an expiry and the addresses that may use it. */
export function ApiKeyFormModal({ open, onClose, onCreated }: ApiKeyFormModalProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<KeyForm>()
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: onCreated,
    onError: (e) => {
      showFormError(form, e, FIELDS, message.error)
    },
  })
  return (
    <Modal
      open={open}
      title={t('integrations.keys.create')}
      width={MODAL_WIDTH}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'api-key-form-submit' } as ButtonProps}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form<KeyForm>
        form={form}
        layout="vertical"
        initialValues={{ scopes: ['read'], allowedIps: [], expiresAt: null }}
        onFinish={(v) => create.mutate(v)}
        data-testid="api-key-form"
      >
        <Form.Item name="name" label={t('integrations.keys.name')} rules={[rule('name')]}>
          <Input placeholder={t('integrations.keys.namePlaceholder')} data-testid="api-key-name" />
        </Form.Item>
        <Form.Item name="scopes" label={t('integrations.keys.scopes')} rules={[rule('scopes')]}>
          <Checkbox.Group data-testid="api-key-scopes">
            <Flex vertical gap={8}>
              {API_SCOPES.map((s) => (
                <Checkbox key={s} value={s} data-testid={`api-key-scope-${s}`}>
                  <Typography.Text strong>{t(`integrations.scope.${s}.label`)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {' · '}
                    {t(`integrations.scope.${s}.hint`)}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('integrations.keys.expiresAt')}
          extra={t('integrations.keys.expiresAtHint')}
          rules={[rule('expiresAt')]}
          getValueProps={(v: number | null) => ({ value: v ? dayjs(v) : null })}
          normalize={(d: Dayjs | null) => d?.valueOf() ?? null}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={beforeToday}
            style={{ width: '100%' }}
            data-testid="api-key-expiry"
          />
        </Form.Item>
        <Form.Item
          name="allowedIps"
          label={t('integrations.keys.allowedIps')}
          extra={t('integrations.keys.allowedIpsHint')}
          rules={[rule('allowedIps')]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', '，', ' ']}
            aria-label={t('integrations.keys.allowedIps')}
            data-testid="api-key-ips"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
