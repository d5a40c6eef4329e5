import type { LoginResult } from '@app/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Form, Input } from 'antd'
import Cookies from 'js-cookie'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { fakeFeedback } from '../test/feedback'
import { fakeServer, makeUser, ok } from '../test/fixtures'
import { StorageKey } from '../utils/storage'
import { SignInForm, type SignInFormProps } from './SignInForm'

interface Values {
  enterprise: string
  username: string
  password: string
  code?: string
}

const result: LoginResult = {
  accessToken: 'tok-1',
  expiresAt: Date.now() + 3_600_000,
  tenantId: 3,
  userId: 9,
}
const required = [{ required: true, message: 'Required' }]

function renderForm(over: Partial<SignInFormProps<Values>> = {}) {
  const props: SignInFormProps<Values> = {
    title: 'Sign in here',
    footer: <span data-testid="other-page" />,
    testId: 'some-login-form',
    rules: { username: required, password: required },
    before: (
      <Form.Item name="enterprise">
        <Input data-testid="enterprise" />
      </Form.Item>
    ),
    after: (
      <Form.Item name="code">
        <Input data-testid="code" />
      </Form.Item>
    ),
    signIn: vi.fn(() => Promise.resolve(result)),
    onSignedIn: vi.fn(),
    onFailed: vi.fn(),
    ...over,
  }
  render(
    <MemoryRouter>
      <SignInForm<Values> {...props} />
    </MemoryRouter>,
  )
  return props
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback()
})

afterEach(async () => {
  Cookies.remove(StorageKey.token)
  Cookies.remove(StorageKey.tenantId)
  useSession.setState({ token: undefined, tenantId: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('SignInForm', () => {
  it("puts the page's fields around user name and password, in the page's shell", () => {
    renderForm()
    expect(screen.getByText('Sign in here')).toBeInTheDocument()
    expect(screen.getByTestId('other-page')).toBeInTheDocument()
    const form = screen.getByTestId('some-login-form')
    const order = Array.from(form.querySelectorAll('[data-testid]')).map((e) => e.getAttribute('data-testid'))
    expect(order).toEqual(['enterprise', 'login-username', 'login-password', 'code', 'login-submit'])
  })

  it("checks with the page's rules and calls nothing while they fail", async () => {
    const props = renderForm()
    fireEvent.click(screen.getByTestId('login-submit'))
    // both fields' messages, which the form's checks may show one after the other
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2))
    expect(props.signIn).not.toHaveBeenCalled()
  })

  it('signs in with every field, completes the session and leaves', async () => {
    fakeServer({ '/damai/system/user/profile/get': () => ok(makeUser()) })
    const props = renderForm()
    fill('enterprise', 'demo')
    fill('login-username', 'master')
    fill('login-password', 'Master123')
    fill('code', 'x1')
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(props.onSignedIn).toHaveBeenCalled())
    expect(props.signIn).toHaveBeenCalledWith({
      enterprise: 'demo',
      username: 'master',
      password: 'Master123',
      code: 'x1',
    })
    expect(useSession.getState()).toMatchObject({ token: 'tok-1' })
    expect(Cookies.get(StorageKey.token)).toBe('tok-1')
    expect(props.onFailed).not.toHaveBeenCalled()
  })

  it('a failed sign-in clears the stored tenant and tells the page, which may try again', async () => {
    Cookies.set(StorageKey.tenantId, '7')
    const props = renderForm({ signIn: vi.fn(() => Promise.reject(new Error('refused'))) })
    fill('login-username', 'master')
    fill('login-password', 'nope1')
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(props.onFailed).toHaveBeenCalled())
    expect(Cookies.get(StorageKey.tenantId)).toBeUndefined()
    expect(props.onSignedIn).not.toHaveBeenCalled()
    expect(screen.getByTestId('login-submit')).toBeEnabled()
  })
})
