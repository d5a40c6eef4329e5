import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js'
import { solvedCaptcha as solved } from '../captcha/captcha.fixtures.js'

/**
 * The sign-in lock: failures lock the resolved user (tenant + name), failures on unknown names
 * count against the caller's address, and /login can never lock an account only /adminLogin signs in.
 */
let ctx: TestContext
let acme: number
let globex: number

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_RATE_PER_MINUTE: '1000' })
  acme = await ctx.tenant('acme')
  globex = await ctx.tenant('globex')
})
afterAll(() => ctx.close())

interface Answer {
  code: number
  msg: string
}

const login = async (body: Record<string, unknown>, ip = '10.0.0.1'): Promise<Answer> =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/damai/system/auth/login',
      payload: body,
      remoteAddress: ip,
      headers: { language: 'en' },
    })
  ).json()

/** A puzzle solved by a person's drag from `ip` (the gap read from the database, as a person sees it). */
const solvedCaptcha = (ip: string): Promise<string> => solved(ctx, ip)

const adminLogin = async (enterUsername: string, username: string, password: string, ip = '10.0.0.9') =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/damai/system/auth/admin/login',
      payload: { enterUsername, username, password, captchaVerification: await solvedCaptcha(ip) },
      remoteAddress: ip,
      headers: { language: 'en' },
    })
  ).json() as Answer

describe('the sign-in lock', () => {
  it('never locks the platform admin through the tenant sign-in, however often its name fails there', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login({ username: 'admin', password: `Wrong${i}234` }, `10.1.0.${i}`)
      expect(r.code).toBe(ErrorCode.wrongCredentials)
    }
    expect((await adminLogin('platform', 'admin', ADMIN_PASSWORD)).code).toBe(0)
  })

  it('locks the user of one tenant and not the same name in another tenant', async () => {
    await ctx.user(acme, Role.customerUser, 'sam', 'AcmeSam12')
    await ctx.user(globex, Role.customerUser, 'sam', 'GlobexSam12')
    for (let i = 0; i < 3; i++) {
      const r = await login({ username: 'sam', password: 'Wrong1234', targetAccount: 'acme' }, `10.2.0.${i}`)
      expect(r.code).toBe(ErrorCode.wrongCredentials)
    }
    const locked = await login({ username: 'sam', password: 'AcmeSam12', targetAccount: 'acme' })
    expect(locked.code).toBe(ErrorCode.loginLocked)
    expect(locked.msg).toMatch(/Too many failed sign-ins, try again in \d+ minutes/)
    expect((await login({ username: 'sam', password: 'GlobexSam12', targetAccount: 'globex' })).code).toBe(0)
  })

  it('locks an account from either screen once it is resolved', async () => {
    await ctx.user(acme, Role.customerUser, 'tina', 'Tina1234')
    for (let i = 0; i < 3; i++) {
      expect((await adminLogin('acme', 'tina', 'Wrong1234', `10.3.0.${i}`)).code).toBe(
        ErrorCode.wrongCredentials,
      )
    }
    expect((await login({ username: 'tina', password: 'Tina1234' }, '10.3.1.1')).code).toBe(
      ErrorCode.loginLocked,
    )
    expect((await adminLogin('acme', 'tina', 'Tina1234', '10.3.1.2')).code).toBe(ErrorCode.loginLocked)
  })

  it('counts unknown names per address and locks that address, not an account', async () => {
    await ctx.user(acme, Role.customerUser, 'uma', 'Uma12345')
    const ip = '10.4.0.1'
    for (let i = 0; i < 3; i++) {
      expect((await login({ username: `ghost${i}`, password: 'Wrong1234' }, ip)).code).toBe(
        ErrorCode.wrongCredentials,
      )
    }
    const locked = await login({ username: 'ghost9', password: 'Wrong1234' }, ip)
    expect(locked.code).toBe(ErrorCode.loginLocked)
    // a wrong password on a real name from that address reads the same, so the lock tells no names apart
    expect((await login({ username: 'uma', password: 'Wrong1234' }, ip)).code).toBe(ErrorCode.loginLocked)
    // the account itself is open: the right password signs in from that address and any other
    expect((await login({ username: 'uma', password: 'Uma12345' }, ip)).code).toBe(0)
    // and other addresses are not affected
    expect((await login({ username: 'ghost9', password: 'Wrong1234' }, '10.4.0.2')).code).toBe(
      ErrorCode.wrongCredentials,
    )
  })

  it('does not lock any same-named user when the name is ambiguous and no password matches', async () => {
    await ctx.user(acme, Role.customerUser, 'vic', 'AcmeVic12')
    await ctx.user(globex, Role.customerUser, 'vic', 'GlobexVic12')
    for (let i = 0; i < 4; i++) {
      expect((await login({ username: 'vic', password: 'Wrong1234' }, `10.5.0.${i}`)).code).toBe(
        ErrorCode.wrongCredentials,
      )
    }
    expect((await login({ username: 'vic', password: 'AcmeVic12', targetAccount: 'acme' })).code).toBe(0)
    expect((await login({ username: 'vic', password: 'GlobexVic12', targetAccount: 'globex' })).code).toBe(0)
  })
})
