import { checkPassword, LOGIN_PASSWORD_MAX, PASSWORD_DIALOG_WIDTH_PX, PASSWORD_MAX } from '@app/core'
import { type ButtonProps, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { changePassword } from '../api/auth'
import { feedback } from '../app/feedback'
import { leaveSession } from '../app/session'
import { useRevalidateOnLanguage } from '../hooks/useRevalidateOnLanguage'
import { validationText } from '../i18n'
import { useSession } from '../stores/session'

interface Values {
  oldPassword: string
  password: string
  confirm: string
}

/**
 * Spec §5 new-password dialog: the current password first (a signed-in tab alone must not be able
 * to take the account over), the new one strength-checked with core's rules against the user's
 * name, the confirmation must match; on success the user is signed out and sent to the login page.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const name = useSession((s) => s.user?.name)

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await changePassword({ oldPassword: values.oldPassword, password: values.password })
      feedback().message.success({ content: t('layout.passwordChanged') })
      onClose()
      leaveSession('/login')
    } catch {
      // the request client showed the error; the button is enabled again below
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('layout.changePasswordTitle')}
      width={PASSWORD_DIALOG_WIDTH_PX}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'change-password-submit' } as ButtonProps}
      afterClose={() => form.resetFields()}
      forceRender
      modalRender={(node) => <div data-testid="change-password-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="oldPassword"
          label={t('layout.currentPassword')}
          required
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value
                  ? Promise.resolve()
                  : Promise.reject(new Error(validationText('password.currentRequired'))),
            },
          ]}
        >
          <Input.Password
            maxLength={LOGIN_PASSWORD_MAX}
            placeholder={t('layout.currentPasswordPlaceholder')}
            autoComplete="current-password"
            data-testid="current-password"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('layout.newPassword')}
          required
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const key = checkPassword(value, name)
                return key ? Promise.reject(new Error(validationText(key))) : Promise.resolve()
              },
            },
          ]}
        >
          <Input.Password
            maxLength={PASSWORD_MAX}
            placeholder={t('layout.newPasswordPlaceholder')}
            autoComplete="new-password"
            data-testid="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('layout.confirmPassword')}
          dependencies={['password']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                if (!value) return Promise.reject(new Error(validationText('password.confirmRequired')))
                if (value !== getFieldValue('password')) {
                  return Promise.reject(new Error(validationText('password.mismatch')))
                }
                return Promise.resolve()
              },
            }),
          ]}
        >
          <Input.Password
            maxLength={PASSWORD_MAX}
            placeholder={t('layout.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            data-testid="confirm-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
