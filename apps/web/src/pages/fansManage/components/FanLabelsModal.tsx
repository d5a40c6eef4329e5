import { LABELS_PER_ACTION_MAX } from '@app/core'
import { type ButtonProps, Form, Modal, Radio, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAllLabels } from '../../../components/label/useLabels'

interface Values {
  mode: 'add' | 'remove'
  labelIds: number[]
}

/** Labels on or off the batch's customers; `target` says which (the selection, or every match). */
export function FanLabelsModal({
  open,
  target,
  onClose,
  onSubmit,
}: {
  open: boolean
  target: string
  onClose: () => void
  onSubmit: (mode: Values['mode'], labelIds: number[]) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const labels = useAllLabels(open)

  useEffect(() => {
    if (open) form.setFieldsValue({ mode: 'add', labelIds: [] })
  }, [open, form])

  const submit = async () => {
    let v: Values
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(v.mode, v.labelIds)
    } catch {
      // the request client told the user; the dialog stays for another try
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('fans.labelsModal.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'fan-labels-ok' } as ButtonProps}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('fans.labelsModal.target', { target })}</Typography.Paragraph>
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="mode" label={t('fans.labelsModal.mode')}>
          <Radio.Group
            options={[
              { value: 'add', label: t('fans.labelsModal.add') },
              { value: 'remove', label: t('fans.labelsModal.remove') },
            ]}
            data-testid="fan-labels-mode"
          />
        </Form.Item>
        <Form.Item
          name="labelIds"
          label={t('fans.labelsModal.labels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('fans.labelsModal.required') }]}
        >
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            maxCount={LABELS_PER_ACTION_MAX}
            loading={labels.isLoading}
            options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            data-testid="fan-labels-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
