import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../hooks/useRevalidateOnLanguage'
import { checkRule } from '../utils/formRules'

export interface NameFormModalProps {
  open: boolean
  /** the name being changed; empty creates a new one */
  initialName: string
  title: string
  label: string
  placeholder: string
  maxLength: number
  /** the core rule of the name (a validation key, or null when it is fine) */
  check: (value: string | undefined) => string | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
  /** test ids of the dialog, its save button and its input */
  testIds: { dialog: string; save: string; input: string }
}

/**
 * Create or rename something that is only a name (an account group, a label): the core rule in
 * the form, the server's refusal (a name already taken) told by the request client while the
 * dialog stays open.
 */
export function NameFormModal(props: NameFormModalProps) {
  const { open, initialName, onClose, onSubmit, testIds } = props
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    form.setFieldsValue({ name: initialName })
  }, [open, initialName, form])

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
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={props.title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': testIds.save } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid={testIds.dialog}>{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="name" label={props.label} required rules={[checkRule(props.check)]}>
          <Input
            maxLength={props.maxLength}
            showCount
            placeholder={props.placeholder}
            data-testid={testIds.input}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
