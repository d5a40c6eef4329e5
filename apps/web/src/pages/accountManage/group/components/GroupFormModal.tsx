import { type AccountGroupView, checkGroupName, GROUP_NAME_MAX } from '@app/core'
import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { checkRule } from '../../../../utils/formRules'

interface Props {
  open: boolean
  /** the group being renamed; null creates one */
  editing: AccountGroupView | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}

/** Create or rename an account group: no spaces, at most 20 characters (spec §5). */
export function GroupFormModal({ open, editing, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) form.setFieldsValue({ name: editing?.name ?? '' })
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
      title={editing ? t('account.editGroup') : t('account.createGroup')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'group-save' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="group-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('account.groupName')} required rules={[checkRule(checkGroupName)]}>
          <Input
            maxLength={GROUP_NAME_MAX}
            showCount
            placeholder={t('account.groupNamePlaceholder')}
            data-testid="group-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
