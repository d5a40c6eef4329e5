import { BankOutlined, LockOutlined, UserOutlined } from '@ant-design/icons'
import { adminLoginBody, LOGIN_PASSWORD_MAX, USERNAME_MAX } from '@app/core'
import { Button, Form, Input } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { adminLogin, getTenantIdByName } from '../../api/auth'
import { feedback } from '../../app/feedback'
import { completeSignIn } from '../../app/session'
import { useSignedInRedirect } from '../../app/useSignedInRedirect'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { AuthShell } from '../../layouts/AuthShell'
import { NoRolesError, useSession } from '../../stores/session'
import { zodRule } from '../../utils/formRules'
import { SliderCaptcha, type SliderCaptchaHandle } from './components/SliderCaptcha'

interface Values {
  enterUsername: string
  username: string
  password: string
  captchaVerification: string
}

/**
 * Admin sign-in (spec §2): enterprise account, user name, password and the puzzle captcha. The
 * tenant id of the enterprise account is looked up and kept before signing in.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation()
  const { search } = useLocation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const captcha = useRef<SliderCaptchaHandle>(null)
  const leave = useSignedInRedirect()
  useRevalidateOnLanguage(form)

  const onFinish = async (values: Values) => {
    setBusy(true)
    const enterUsername = values.enterUsername.trim()
    try {
      const { tenantId } = await getTenantIdByName(enterUsername)
      useSession.getState().setTenantId(tenantId)
      const result = await adminLogin({
        enterUsername,
        username: values.username.trim(),
        password: values.password,
        captchaVerification: values.captchaVerification,
      })
      await completeSignIn(result)
      leave()
    } catch (error) {
      useSession.getState().clearTenantId()
      if (error instanceof NoRolesError) feedback().message.error({ content: t('auth.noRoles') })
      captcha.current?.refresh()
      setBusy(false)
    }
  }

  return (
    <AuthShell
      title={t('auth.adminLoginTitle')}
      footer={
        <Link to={`/login${search}`} data-testid="to-login">
          {t('auth.toLogin')}
        </Link>
      }
    >
      <Form<Values> form={form} size="large" onFinish={onFinish} data-testid="admin-login-form">
        <Form.Item name="enterUsername" rules={[zodRule(adminLoginBody.shape.enterUsername)]}>
          <Input
            prefix={<BankOutlined />}
            placeholder={t('auth.enterUsernamePlaceholder')}
            aria-label={t('auth.enterUsername')}
            autoComplete="organization"
            maxLength={USERNAME_MAX}
            data-testid="login-enter-username"
          />
        </Form.Item>
        <Form.Item name="username" rules={[zodRule(adminLoginBody.shape.username)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            aria-label={t('auth.username')}
            autoComplete="username"
            maxLength={USERNAME_MAX}
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[zodRule(adminLoginBody.shape.password)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            aria-label={t('auth.password')}
            autoComplete="current-password"
            maxLength={LOGIN_PASSWORD_MAX}
            data-testid="login-password"
          />
        </Form.Item>
        <Form.Item name="captchaVerification" rules={[zodRule(adminLoginBody.shape.captchaVerification)]}>
          <SliderCaptcha ref={captcha} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('auth.submit')}
        </Button>
      </Form>
    </AuthShell>
  )
}
