import { newPassword } from '@app/core'
import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../utils/formRules'

interface Props {
  /** whose password is reset; none: closed */
  user: { id: number; username: string } | null
  onClose: () => void
  onSubmit: (userId: number, password: string) => Promise<unknown>
}

/** A reset by a superior: a new password under the shared rules, typed twice; no current password asked. */
export function PasswordResetModal({ user, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ password: string; confirm: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (!user) return
    let v: { password: string }
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit(user.id, v.password)
      onClose()
    } catch {
      // told by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open={!!user}
      title={t('platform.resetPasswordOf', { name: user?.username ?? '' })}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'password-reset-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label={t('platform.newPassword')} rules={[zodRule(newPassword)]}>
          <Input.Password autoComplete="new-password" data-testid="password-reset-input" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('platform.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string) => {
                if (value !== getFieldValue('password')) throw new Error(t('platform.passwordMismatch'))
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
