import {
  adminLoginBody,
  checkLoginPassword,
  checkPassword,
  checkUsername,
  loginBody,
  validationMessages,
} from '@app/core'
import type { FormRule } from 'antd'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { checkRule, zodRule } from './formRules'

type Validator = (rule: unknown, value: unknown) => Promise<void>
const run = (rule: FormRule, value: unknown) => (rule as { validator: Validator }).validator({}, value)

describe('form rules from @app/core', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh')
  })

  it('gives the server-side text for the login password', async () => {
    const rule = zodRule(loginBody.shape.password)
    await expect(run(rule, undefined)).rejects.toThrow(validationMessages.zh['password.required'])
    await expect(run(rule, 'abc')).rejects.toThrow(validationMessages.zh['password.loginLength'])
    await expect(run(rule, 'abcd')).resolves.toBeUndefined()
  })

  it('refuses a blank user name and a missing captcha', async () => {
    await expect(run(zodRule(loginBody.shape.username), '   ')).rejects.toThrow(
      validationMessages.zh['username.required'],
    )
    await expect(run(zodRule(adminLoginBody.shape.captchaVerification), undefined)).rejects.toThrow(
      validationMessages.zh['captcha.required'],
    )
  })

  it('wraps a check function', async () => {
    const rule = checkRule((v) => checkPassword(v, 'alice'))
    await expect(run(rule, '123456')).rejects.toThrow(validationMessages.zh['password.ascending'])
    await expect(run(rule, 'Alice1')).resolves.toBeUndefined()
    await expect(
      run(
        checkRule((v) => checkPassword(v, 'alice99')),
        'ALICE99',
      ),
    ).rejects.toThrow(validationMessages.zh['password.sameAsName'])
    await expect(run(rule, 'Secret99')).resolves.toBeUndefined()
  })
})

describe('check functions used by the login form agree with the login schema', () => {
  const keyOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : (r.error?.issues[0]?.message ?? 'invalid')

  it.each([undefined, '', '   ', 'a', ' alice ', 'x'.repeat(30), 'x'.repeat(31)])('user name %j', (v) => {
    expect(checkUsername(v)).toBe(keyOf(loginBody.shape.username.safeParse(v)))
  })

  it.each([undefined, '', 'abc', 'abcd', 'x'.repeat(20), 'x'.repeat(21)])('password %j', (v) => {
    expect(checkLoginPassword(v)).toBe(keyOf(loginBody.shape.password.safeParse(v)))
  })
})
