import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { LOGIN_PASSWORD_MAX, type LoginResult, USERNAME_MAX } from '@app/core'
import { Button, Form, type FormRule } from 'antd'
// the two fields alone: antd's Input also carries its search box, text area and code input
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { feedback } from '../app/feedback'
import { completeSignIn, MissingUserError, profileFailureText } from '../app/session'
import { useSignedInRedirect } from '../app/useSignedInRedirect'
import { useRevalidateOnLanguage } from '../hooks/useRevalidateOnLanguage'
import { AuthShell } from '../layouts/AuthShell'
import { NoRolesError, useSession } from '../stores/session'

/** What every sign-in form asks; a form's own fields add to it. */
export interface SignInValues {
  username: string
  password: string
}

export interface SignInFormProps<V extends SignInValues> {
  title: string
  /** the link to the other sign-in page */
  footer: ReactNode
  /** the form's test id */
  testId: string
  rules: { username: FormRule[]; password: FormRule[] }
  /** fields before the user name (the enterprise account) */
  before?: ReactNode
  /** fields after the password (the target account, the captcha) */
  after?: ReactNode
  /** the sign-in call with the typed values */
  signIn: (values: V) => Promise<LoginResult>
  /** after a failed sign-in, once the stored tenant is cleared (a new captcha) */
  onFailed?: () => void
  /** where to go once signed in; by default the redirect target or the home page */
  onSignedIn?: () => void
}

/**
 * A sign-in form in the auth shell: user name, password and the form's own fields. On success the
 * session is completed and the page left; on failure the stored tenant is cleared and a user
 * without roles is told so (other errors show through the request's own message).
 */
export function SignInForm<V extends SignInValues>(props: SignInFormProps<V>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const redirect = useSignedInRedirect()
  const leave = props.onSignedIn ?? redirect
  const [form] = Form.useForm<V>()
  useRevalidateOnLanguage(form)

  const onFinish = async (values: V) => {
    setBusy(true)
    try {
      await completeSignIn(await props.signIn(values))
      leave()
    } catch (error) {
      useSession.getState().clearTenantId()
      if (error instanceof NoRolesError || error instanceof MissingUserError)
        feedback().message.error({ content: profileFailureText(error) })
      props.onFailed?.()
      setBusy(false)
    }
  }

  return (
    <AuthShell title={props.title} footer={props.footer}>
      <Form<V> form={form} size="large" onFinish={onFinish} data-testid={props.testId}>
        {props.before}
        <Form.Item name="username" rules={props.rules.username}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.usernamePlaceholder')}
            aria-label={t('auth.username')}
            autoComplete="username"
            maxLength={USERNAME_MAX}
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={props.rules.password}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
            aria-label={t('auth.password')}
            autoComplete="current-password"
            maxLength={LOGIN_PASSWORD_MAX}
            data-testid="login-password"
          />
        </Form.Item>
        {props.after}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('auth.submit')}
        </Button>
      </Form>
    </AuthShell>
  )
}
