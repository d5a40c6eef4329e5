import { BankOutlined } from '@ant-design/icons'
import { adminLoginBody, USERNAME_MAX } from '@app/core'
import { Form, Input } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { adminLogin, getTenantIdByName } from '../../api/auth'
import { SignInForm } from '../../components/SignInForm'
import { useSession } from '../../stores/session'
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
  const captcha = useRef<SliderCaptchaHandle>(null)

  const signIn = async (values: Values) => {
    const enterUsername = values.enterUsername.trim()
    const { tenantId } = await getTenantIdByName(enterUsername)
    useSession.getState().setTenantId(tenantId)
    return adminLogin({
      enterUsername,
      username: values.username.trim(),
      password: values.password,
      captchaVerification: values.captchaVerification,
    })
  }

  return (
    <SignInForm<Values>
      title={t('auth.adminLoginTitle')}
      footer={
        <Link to={`/login${search}`} data-testid="to-login">
          {t('auth.toLogin')}
        </Link>
      }
      testId="admin-login-form"
      rules={{
        username: [zodRule(adminLoginBody.shape.username)],
        password: [zodRule(adminLoginBody.shape.password)],
      }}
      before={
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
      }
      after={
        <Form.Item name="captchaVerification" rules={[zodRule(adminLoginBody.shape.captchaVerification)]}>
          <SliderCaptcha ref={captcha} />
        </Form.Item>
      }
      signIn={signIn}
      onFailed={() => captcha.current?.refresh()}
    />
  )
}
