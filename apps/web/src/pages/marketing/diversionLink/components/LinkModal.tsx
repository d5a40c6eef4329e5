import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  DIVERSION_CAP_MAX,
  DIVERSION_GREETING_MAX,
  DIVERSION_NAME_MAX,
  type DiversionLinkView,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Input, InputNumber, Modal, Select } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { allAccounts } from '../../../../api/acquisition'
import { queryAgents } from '../../../../api/agents'
import type { LinkInput } from '../../../../api/diversion'
import { validationText } from '../../../../i18n'

interface Props {
  open: boolean
  editing: DiversionLinkView | null
  saving: boolean
  onCancel: () => void
  onSave: (input: LinkInput) => void
}

interface FormValues {
  name: string
  greeting?: string
  accounts?: { accountId?: number; dailyCap?: number | null }[]
  agentIds?: number[]
}

/** Create or edit a link: name, greeting, accounts in turn order with their caps, and agents. */
export function LinkModal({ open, editing, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FormValues>()
  const accounts = useQuery({ queryKey: ['diversion', 'accounts'], queryFn: allAccounts, enabled: open })
  const agents = useQuery({
    queryKey: ['diversion', 'agents'],
    queryFn: () => queryAgents({ pageNo: 1, pageSize: 100 }),
    enabled: open,
  })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            greeting: editing.greeting,
            accounts: editing.accounts.map((a) => ({ accountId: a.accountId, dailyCap: a.dailyCap })),
            agentIds: [],
          }
        : { name: '', greeting: '', accounts: [{}], agentIds: [] },
    )
  }, [open, editing, form])

  const submit = (v: FormValues) =>
    onSave({
      name: v.name.trim(),
      greeting: (v.greeting ?? '').trim(),
      accounts: (v.accounts ?? [])
        .filter((a): a is { accountId: number; dailyCap?: number | null } => typeof a.accountId === 'number')
        .map((a) => ({ accountId: a.accountId, dailyCap: a.dailyCap ?? 0 })),
      agentIds: v.agentIds ?? [],
    })

  const accountOptions = (accounts.data ?? []).map((a) => ({
    value: a.id,
    label: a.phone ?? t('diversion.link.noPhone', { id: a.id }),
  }))

  return (
    <Modal
      open={open}
      title={editing ? t('diversion.link.edit') : t('diversion.link.create')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="diversion-link-form">
        <Form.Item
          name="name"
          label={t('diversion.link.name')}
          rules={[
            { required: true, whitespace: true, message: validationText('diversion.nameRequired') },
            { max: DIVERSION_NAME_MAX, message: validationText('diversion.nameLength') },
          ]}
        >
          <Input maxLength={DIVERSION_NAME_MAX} data-testid="diversion-name" />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={t('diversion.link.greeting')}
          extra={t('diversion.link.greetingHint')}
          rules={[{ max: DIVERSION_GREETING_MAX, message: validationText('diversion.greetingLength') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={DIVERSION_GREETING_MAX}
            showCount
            data-testid="diversion-greeting"
          />
        </Form.Item>
        <Form.Item label={t('diversion.link.accounts')} extra={t('diversion.link.accountsHint')} required>
          <Form.List name="accounts">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, i) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item name={[field.name, 'accountId']} noStyle>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        options={accountOptions}
                        loading={accounts.isLoading}
                        placeholder={t('diversion.link.accounts')}
                        style={{ flex: 1 }}
                        data-testid={`diversion-account-${i}`}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'dailyCap']} noStyle>
                      <InputNumber
                        min={0}
                        max={DIVERSION_CAP_MAX}
                        precision={0}
                        placeholder={t('diversion.link.dailyCap')}
                        style={{ width: 140 }}
                        data-testid={`diversion-cap-${i}`}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label="remove"
                    />
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="diversion-add-account">
                  {t('diversion.link.addAccount')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="agentIds"
          label={t('diversion.link.agents')}
          extra={t('diversion.link.agentsHint')}
          rules={[
            {
              validator: async (_, agentIds: number[] | undefined) => {
                const chosen = (form.getFieldValue('accounts') as FormValues['accounts'])?.some(
                  (a) => typeof a?.accountId === 'number',
                )
                if (!chosen && !agentIds?.length)
                  throw new Error(validationText('diversion.accountsRequired'))
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={agents.isLoading}
            options={(agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.nickname || a.username }))}
            data-testid="diversion-agents"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
