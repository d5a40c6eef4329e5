import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons'
import { checkLoginPassword, checkUsername, LOGIN_PASSWORD_MAX, USERNAME_MAX } from '@app/core'
import { Button, Form } from 'antd'
// the two fields alone: antd's Input also carries its search box, text area and code input
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { login } from '../../api/auth'
import { feedback } from '../../app/feedback'
import { completeSignIn } from '../../app/session'
import { useSignedInRedirect } from '../../app/useSignedInRedirect'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { AuthShell } from '../../layouts/AuthShell'
import { NoRolesError, useSession } from '../../stores/session'
import { checkRule } from '../../utils/formRules'

interface Values {
  username: string
  password: string
  targetAccount?: string
}

/**
 * Tenant sign-in (spec §2): user name, password, optional target account. Checked with core's
 * check functions (the same rules as the login schema) so this route does not load zod.
 */
export default function LoginPage() {
  const { t } = useTranslation()
  const { search } = useLocation()
  const [busy, setBusy] = useState(false)
  const leave = useSignedInRedirect()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)

  const onFinish = async (values: Values) => {
    setBusy(true)
    try {
      const result = await login({
        username: values.username.trim(),
        password: values.password,
        targetAccount: values.targetAccount?.trim() || undefined,
      })
      await completeSignIn(result)
      leave()
    } catch (error) {
      useSession.getState().clearTenantId()
      if (error instanceof NoRolesError) feedback().message.error({ content: t('auth.noRoles') })
      setBusy(false)
    }
  }

  return (
    <AuthShell
      title={t('auth.loginTitle')}
      footer={
        <Link to={`/adminLogin${search}`} data-testid="to-admin-login">
          {t('auth.toAdminLogin')}
        </Link>
      }
    >
      <Form<Values> form={form} size="large" onFinish={onFinish} data-testid="login-form">
        <Form.Item name="username" rules={[checkRule(checkUsername)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            aria-label={t('auth.username')}
            autoComplete="username"
            maxLength={USERNAME_MAX}
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[checkRule(checkLoginPassword)]}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            aria-label={t('auth.password')}
            autoComplete="current-password"
            maxLength={LOGIN_PASSWORD_MAX}
            data-testid="login-password"
          />
        </Form.Item>
        <Form.Item name="targetAccount" extra={t('auth.targetAccountPlaceholder')}>
          <Input
            prefix={<TeamOutlined />}
            placeholder={t('auth.targetAccount')}
            aria-label={t('auth.targetAccount')}
            maxLength={USERNAME_MAX}
            data-testid="login-target-account"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('auth.submit')}
        </Button>
      </Form>
    </AuthShell>
  )
}
