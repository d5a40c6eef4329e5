import { TeamOutlined } from '@ant-design/icons'
import { checkLoginPassword, checkUsername, USERNAME_MAX } from '@app/core'
import { Form } from 'antd'
// the field alone: antd's Input also carries its search box, text area and code input
import Input from 'antd/es/input/Input'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { login } from '../../api/auth'
import { SignInForm } from '../../components/SignInForm'
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
  return (
    <SignInForm<Values>
      title={t('auth.loginTitle')}
      footer={
        <Link to={`/adminLogin${search}`} data-testid="to-admin-login">
          {t('auth.toAdminLogin')}
        </Link>
      }
      testId="login-form"
      rules={{ username: [checkRule(checkUsername)], password: [checkRule(checkLoginPassword)] }}
      after={
        <Form.Item name="targetAccount" extra={t('auth.targetAccountPlaceholder')}>
          <Input
            prefix={<TeamOutlined />}
            placeholder={t('auth.targetAccount')}
            aria-label={t('auth.targetAccount')}
            maxLength={USERNAME_MAX}
            data-testid="login-target-account"
          />
        </Form.Item>
      }
      signIn={(values) =>
        login({
          username: values.username.trim(),
          password: values.password,
          targetAccount: values.targetAccount?.trim() || undefined,
        })
      }
    />
  )
}
