import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenantA: number

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_RATE_PER_MINUTE: '1000' })
  tenantA = await ctx.tenant('acme')
  await ctx.user(tenantA, Role.customerUser, 'alice', 'Alice123')
})
afterAll(() => ctx.close())

describe('POST /damai/system/auth/login', () => {
  it('rejects a missing password with the rule message, in the request language', async () => {
    const zh = await ctx.call('POST', '/damai/system/auth/login', { body: { username: 'alice' } })
    expect(zh.code).toBe(ErrorCode.badRequest)
    expect(zh.msg).toBe('密码不能为空')
    const en = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'alice' },
      headers: { language: 'en' },
    })
    expect(en.msg).toBe('Password cannot be empty')
  })

  it('rejects a password shorter than 4 characters without looking the user up', async () => {
    const r = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'alice', password: 'abc' },
    })
    expect(r.code).toBe(ErrorCode.badRequest)
  })

  it('answers wrong credentials for an unknown user and for a wrong password alike', async () => {
    const unknown = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'nobody', password: 'Whatever1' },
    })
    const wrong = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'alice', password: 'Wrong1234' },
    })
    expect(unknown.code).toBe(ErrorCode.wrongCredentials)
    expect(wrong.code).toBe(ErrorCode.wrongCredentials)
    expect(wrong.res.statusCode).toBe(200)
  })

  it('asks for the target account when the name exists in two tenants, and signs in with it', async () => {
    const other = await ctx.tenant('globex')
    await ctx.user(other, Role.customerUser, 'sam', 'Samuel12')
    await ctx.user(tenantA, Role.customerUser, 'sam', 'Samuel34')
    // a wrong password reads like any wrong password: the shared name is told only after a right one
    const wrong = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'sam', password: 'Wrong1234' },
    })
    expect(wrong.code).toBe(ErrorCode.wrongCredentials)
    const ambiguous = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'sam', password: 'Samuel12' },
    })
    expect(ambiguous.code).toBe(ErrorCode.targetAccountRequired)
    const signed = await ctx.signIn('sam', 'Samuel12', 'globex')
    expect(signed.tenantId).toBe(other)
  })

  it('trims the user name and signs in', async () => {
    const r = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: '  alice ', password: 'Alice123' },
    })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({ tenantId: tenantA, accessToken: expect.any(String) })
  })

  it('refuses a disabled user even with the right password', async () => {
    const id = await ctx.user(tenantA, Role.customerUser, 'dora', 'Dora1234')
    await ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', id).execute()
    const r = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'dora', password: 'Dora1234' },
    })
    expect(r.code).toBe(ErrorCode.userDisabled)
  })

  it('does not let platform staff use the tenant sign-in', async () => {
    const r = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'admin', password: 'Admin123' },
    })
    expect(r.code).toBe(ErrorCode.wrongCredentials)
  })

  it('locks a user name after repeated failures, with a clear message, even for the right password', async () => {
    await ctx.user(tenantA, Role.customerUser, 'lucy', 'Lucy1234')
    for (let i = 0; i < 3; i++) {
      await ctx.call('POST', '/damai/system/auth/login', {
        body: { username: 'lucy', password: 'Nope12345' },
      })
    }
    const locked = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'lucy', password: 'Lucy1234' },
      headers: { language: 'en' },
    })
    expect(locked.code).toBe(ErrorCode.loginLocked)
    expect(locked.msg).toMatch(/Too many failed sign-ins, try again in \d+ minutes/)
  })
})

describe('per-IP rate limit', () => {
  it('answers 429 in the envelope once an address exceeds the limit', async () => {
    const limited = await createTestContext({ LOGIN_RATE_PER_MINUTE: '3' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 5; i++) {
        codes.push(
          (
            await limited.call('POST', '/damai/system/auth/login', {
              body: { username: 'x', password: 'Wrong1234' },
            })
          ).code,
        )
      }
      expect(codes.slice(0, 3)).toEqual([1001, 1001, 1001])
      expect(codes.slice(3)).toEqual([ErrorCode.tooManyRequests, ErrorCode.tooManyRequests])
    } finally {
      await limited.close()
    }
  })
})

describe('tokens', () => {
  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    expect((await ctx.call('GET', '/damai/system/user/profile/get')).code).toBe(401)
    expect(
      (await ctx.call('GET', '/damai/system/user/profile/get', { headers: { authorization: 'Basic abc' } }))
        .code,
    ).toBe(401)
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: 'not-a-token' })).code).toBe(401)
  })

  it('answers 401 once the token is revoked by logout', async () => {
    const s = await ctx.signIn('alice', 'Alice123')
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })).code).toBe(0)
    expect((await ctx.call('POST', '/damai/system/auth/logout', { token: s.token })).code).toBe(0)
    const after = await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })
    expect(after.code).toBe(401)
    expect(after.msg).toBe('登录认证已过期，请重新登录')
  })

  it('answers 401 for an expired token', async () => {
    const s = await ctx.signIn('alice', 'Alice123')
    await ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', s.userId)
      .execute()
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })).code).toBe(401)
  })

  it('answers 401 when the tenant-id header names another tenant', async () => {
    const s = await ctx.signIn('alice', 'Alice123')
    const r = await ctx.call('GET', '/damai/system/user/profile/get', {
      token: s.token,
      headers: { 'tenant-id': '999' },
    })
    expect(r.code).toBe(401)
    const same = await ctx.call('GET', '/damai/system/user/profile/get', {
      token: s.token,
      headers: { 'tenant-id': String(tenantA) },
    })
    expect(same.code).toBe(0)
  })

  it('stores only a hash of the token', async () => {
    const s = await ctx.signIn('alice', 'Alice123')
    const rows = await ctx.db.selectFrom('auth_tokens').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === s.token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true)
  })
})

describe('GET /damai/admin/user/getUserTenantIdByName', () => {
  it('rejects an empty name and an unknown one, then answers the id', async () => {
    expect(
      (await ctx.call('GET', '/damai/admin/user/getUserTenantIdByName', { query: { name: '' } })).code,
    ).toBe(400)
    expect(
      (await ctx.call('GET', '/damai/admin/user/getUserTenantIdByName', { query: { name: 'nope' } })).code,
    ).toBe(ErrorCode.tenantNotFound)
    const r = await ctx.call('GET', '/damai/admin/user/getUserTenantIdByName', { query: { name: 'acme' } })
    expect(r.data).toEqual({ tenantId: tenantA })
  })
})
