import { LABELS_PER_ACTION_MAX } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, type ButtonProps, Form, Modal, Radio, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addLabelsToFans, removeLabelsFromFans } from '../../api/label'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { refreshLabels, useAllLabels } from './useLabels'

interface Props {
  fanIds: number[]
  open: boolean
  onClose(): void
}

interface Values {
  mode: 'add' | 'remove'
  labelIds: number[]
}

/** Put labels on, or take them off, many customers at once (all or nothing on the server). */
export function BatchLabelModal({ fanIds, open, onClose }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const labels = useAllLabels(open)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue({ mode: 'add', labelIds: [] })
  }, [open, form])

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const apply = values.mode === 'add' ? addLabelsToFans : removeLabelsFromFans
      const { changed } = await apply(fanIds, values.labelIds)
      message.success(t('label.batchDone', { count: changed }))
      await refreshLabels(qc)
      onClose()
    } catch {
      // the request client told the user; the dialog stays for another try
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('label.batchTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { loading: busy, disabled: fanIds.length === 0, 'data-testid': 'batch-label-ok' } as ButtonProps
      }
      forceRender
      modalRender={(node) => <div data-testid="batch-label-dialog">{node}</div>}
    >
      <Typography.Paragraph type="secondary">
        {t('label.batchTarget', { count: fanIds.length })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="mode" label={t('label.batchMode')}>
          <Radio.Group
            options={[
              { value: 'add', label: t('label.batchAdd') },
              { value: 'remove', label: t('label.batchRemove') },
            ]}
            data-testid="batch-label-mode"
          />
        </Form.Item>
        <Form.Item
          name="labelIds"
          label={t('label.labels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('label.labelsRequired') }]}
        >
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            maxCount={LABELS_PER_ACTION_MAX}
            loading={labels.isLoading}
            placeholder={t('label.labelsPlaceholder')}
            options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            data-testid="batch-label-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
