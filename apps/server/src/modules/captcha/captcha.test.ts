import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000' })
  const t = await ctx.tenant('acme')
  await ctx.user(t, Role.customerUser, 'alice', 'Alice123')
})
afterAll(() => ctx.close())

/** A new puzzle and where its gap is (read from the database, as a person would see it). */
async function puzzle() {
  const r = await ctx.call('POST', '/damai/system/captcha/get', { body: {} })
  const data = r.data as { token: string; backgroundImage: string; pieceImage: string; pieceY: number }
  const row = await ctx.db
    .selectFrom('captchas')
    .selectAll()
    .where('token', '=', data.token)
    .executeTakeFirstOrThrow()
  return { ...data, gapX: row.x }
}

async function solved(): Promise<string> {
  const p = await puzzle()
  const r = await ctx.call('POST', '/damai/system/captcha/check', { body: { token: p.token, x: p.gapX + 3 } })
  expect(r.code).toBe(0)
  return (r.data as { captchaVerification: string }).captchaVerification
}

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

  it('burns a puzzle dropped in the wrong place', async () => {
    const p = await puzzle()
    const miss = await ctx.call('POST', '/damai/system/captcha/check', {
      body: { token: p.token, x: p.gapX + 40 },
    })
    expect(miss.code).toBe(ErrorCode.captchaInvalid)
    const retry = await ctx.call('POST', '/damai/system/captcha/check', {
      body: { token: p.token, x: p.gapX },
    })
    expect(retry.code).toBe(ErrorCode.captchaInvalid)
  })

  it('answers expired for an old puzzle', async () => {
    const p = await puzzle()
    await ctx.db
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1 })
      .where('token', '=', p.token)
      .execute()
    const r = await ctx.call('POST', '/damai/system/captcha/check', { body: { token: p.token, x: p.gapX } })
    expect(r.code).toBe(ErrorCode.captchaExpired)
  })
})

describe('POST /damai/system/auth/admin/login', () => {
  it('requires the captcha verification', async () => {
    const r = await adminLogin({ enterUsername: 'platform', username: 'admin', password: ADMIN_PASSWORD })
    expect(r.code).toBe(ErrorCode.badRequest)
  })

  it('refuses an unsolved puzzle', async () => {
    const p = await puzzle()
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
