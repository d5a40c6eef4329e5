import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js'
import { check, puzzle, solvedCaptcha } from './captcha.fixtures.js'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
  const t = await ctx.tenant('acme')
  await ctx.user(t, Role.customerUser, 'alice', 'Alice123')
})
afterAll(() => ctx.close())

const solved = () => solvedCaptcha(ctx)

const adminLogin = (body: Record<string, unknown>) =>
  ctx.call('POST', '/damai/system/auth/admin/login', { body })

describe('captcha', () => {
  it('hands out PNG images and the piece row, never the gap position', async () => {
    const r = await ctx.call('POST', '/damai/system/captcha/get', { body: {} })
    const data = r.data as Record<string, unknown>
    expect(data.backgroundImage).toMatch(/^data:image\/png;base64,/)
    expect(data.pieceImage).toMatch(/^data:image\/png;base64,/)
    expect(data).not.toHaveProperty('x')
  })

  // the puzzle's own checks come from addresses of their own: a miss in the hour after a pass
  // locks an address (captcha.limiter.ts), and the sign-ins below pass from 127.0.0.1
  it('burns a puzzle dropped in the wrong place', async () => {
    const p = await puzzle(ctx)
    const ip = '10.6.0.1'
    expect((await check(ctx, p.token, p.gapX + 40, { ip })).code).toBe(ErrorCode.captchaInvalid)
    expect((await check(ctx, p.token, p.gapX, { ip })).code).toBe(ErrorCode.captchaInvalid)
  })

  it('passes a drop within 3 px of the gap and misses one 4 px off', async () => {
    const ip = '10.6.0.2'
    const near = await puzzle(ctx)
    expect((await check(ctx, near.token, near.gapX - 3, { ip })).code).toBe(0)
    const off = await puzzle(ctx)
    expect((await check(ctx, off.token, off.gapX + 4, { ip })).code).toBe(ErrorCode.captchaInvalid)
  })

  it('answers expired for an old puzzle', async () => {
    const p = await puzzle(ctx)
    await ctx.db
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1 })
      .where('token', '=', p.token)
      .execute()
    expect((await check(ctx, p.token, p.gapX)).code).toBe(ErrorCode.captchaExpired)
  })

  it('asks for the track of the drag', async () => {
    const p = await puzzle(ctx)
    const r = await ctx.call('POST', '/damai/system/captcha/check', { body: { token: p.token, x: p.gapX } })
    expect(r.code).toBe(ErrorCode.badRequest)
  })
})

describe('POST /damai/system/auth/admin/login', () => {
  it('requires the captcha verification', async () => {
    const r = await adminLogin({ enterUsername: 'platform', username: 'admin', password: ADMIN_PASSWORD })
    expect(r.code).toBe(ErrorCode.badRequest)
  })

  it('refuses an unsolved puzzle', async () => {
    const p = await puzzle(ctx)
    const r = await adminLogin({
      enterUsername: 'platform',
      username: 'admin',
      password: ADMIN_PASSWORD,
      captchaVerification: p.token,
    })
    expect(r.code).toBe(ErrorCode.captchaInvalid)
  })

  it('refuses a wrong password and burns the captcha', async () => {
    const v = await solved()
    const r = await adminLogin({
      enterUsername: 'platform',
      username: 'admin',
      password: 'Wrong1234',
      captchaVerification: v,
    })
    expect(r.code).toBe(ErrorCode.wrongCredentials)
    const again = await adminLogin({
      enterUsername: 'platform',
      username: 'admin',
      password: ADMIN_PASSWORD,
      captchaVerification: v,
    })
    expect(again.code).toBe(ErrorCode.captchaInvalid)
  })

  it('signs the admin in with a solved captcha, which then cannot be used twice', async () => {
    const v = await solved()
    const body = {
      enterUsername: 'platform',
      username: 'admin',
      password: ADMIN_PASSWORD,
      captchaVerification: v,
    }
    const r = await adminLogin(body)
    expect(r.code).toBe(0)
    const token = (r.data as { accessToken: string }).accessToken
    const profile = await ctx.call('GET', '/damai/system/user/profile/get', { token })
    expect(profile.data).toMatchObject({ roles: ['admin'], roleId: 1 })
    expect((await adminLogin(body)).code).toBe(ErrorCode.captchaInvalid)
  })

  it('signs a tenant user in through their enterprise account', async () => {
    const r = await adminLogin({
      enterUsername: 'acme',
      username: 'alice',
      password: 'Alice123',
      captchaVerification: await solved(),
    })
    expect(r.code).toBe(0)
  })

  it('does not find a user under another enterprise account', async () => {
    const r = await adminLogin({
      enterUsername: 'platform',
      username: 'alice',
      password: 'Alice123',
      captchaVerification: await solved(),
    })
    expect(r.code).toBe(ErrorCode.wrongCredentials)
  })
})
