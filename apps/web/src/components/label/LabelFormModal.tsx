import { checkLabelName, LABEL_NAME_MAX } from '@app/core'
import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { checkRule } from '../../utils/formRules'

interface Props {
  open: boolean
  /** the label being renamed; null creates one */
  editing: { id: number; name: string } | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}

/** Create or rename a label: no spaces, 2–20 characters (spec §5); the server checks it is unique. */
export function LabelFormModal({ open, editing, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue({ name: editing?.name ?? '' })
  }, [open, editing, form])

  const submit = async () => {
    let name: string
    try {
      name = (await form.validateFields()).name
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(name)
      onClose()
    } catch {
      // shown by the request client (a name already taken, …); the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('label.rename') : t('label.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'label-save' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="label-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('label.name')} required rules={[checkRule(checkLabelName)]}>
          <Input
            maxLength={LABEL_NAME_MAX}
            showCount
            placeholder={t('label.namePlaceholder')}
            data-testid="label-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
