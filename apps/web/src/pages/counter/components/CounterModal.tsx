import { BATCH_IDS_MAX, COUNTER_NAME_MAX, type CounterView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Input, Modal, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { allAccounts } from '../../../api/acquisition'
import type { CounterInput } from '../../../api/diversion'
import { validationText } from '../../../i18n'

interface Props {
  open: boolean
  editing: CounterView | null
  saving: boolean
  onCancel: () => void
  onSave: (input: CounterInput) => void
}

interface FormValues {
  name: string
  accountIds: number[]
  window: [Dayjs, Dayjs] | null
}

/** Create or edit a counter: a name, the accounts and the time window [start, end]. */
export function CounterModal({ open, editing, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FormValues>()
  const accounts = useQuery({ queryKey: ['counter', 'accounts'], queryFn: allAccounts, enabled: open })

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            accountIds: editing.accountIds,
            window: [dayjs(editing.startAt), dayjs(editing.endAt)],
          }
        : { name: '', accountIds: [], window: [dayjs().startOf('day'), dayjs().endOf('day')] },
    )
  }, [open, editing, form])

  const submit = (v: FormValues) => {
    if (!v.window) return
    onSave({
      name: v.name.trim(),
      accountIds: v.accountIds,
      startAt: v.window[0].valueOf(),
      endAt: v.window[1].valueOf(),
    })
  }

  return (
    <Modal
      open={open}
      title={editing ? t('diversion.counter.edit') : t('diversion.counter.create')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="counter-form">
        <Form.Item
          name="name"
          label={t('diversion.counter.name')}
          rules={[
            { required: true, whitespace: true, message: validationText('counter.nameRequired') },
            { max: COUNTER_NAME_MAX, message: validationText('counter.nameLength') },
          ]}
        >
          <Input maxLength={COUNTER_NAME_MAX} data-testid="counter-name" />
        </Form.Item>
        <Form.Item
          name="accountIds"
          label={t('diversion.counter.accounts')}
          rules={[
            { required: true, type: 'array', min: 1, message: validationText('counter.accountsRequired') },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            maxCount={BATCH_IDS_MAX}
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({
              value: a.id,
              label: a.phone ?? t('diversion.link.noPhone', { id: a.id }),
            }))}
            data-testid="counter-accounts"
          />
        </Form.Item>
        <Form.Item
          name="window"
          label={t('diversion.counter.window')}
          rules={[
            { required: true, message: validationText('counter.windowRequired') },
            {
              validator: async (_, v: FormValues['window']) => {
                if (v && !v[1].isAfter(v[0])) throw new Error(validationText('counter.windowOrder'))
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            placeholder={[t('diversion.counter.start'), t('diversion.counter.end')]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
