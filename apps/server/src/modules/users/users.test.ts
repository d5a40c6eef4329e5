import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '1000', LOGIN_MAX_FAILURES: '3' })
  tenant = await ctx.tenant('acme')
})
afterAll(() => ctx.close())

describe('GET /damai/system/user/profile/get', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.call('GET', '/damai/system/user/profile/get')).code).toBe(401)
  })

  it("gives a supervisor every field of the current user with the tenant's validity", async () => {
    await ctx.user(tenant, Role.customerMaster, 'boss', 'Boss1234')
    const end = Date.now() + 10 * 86_400_000
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: end })
      .where('username', '=', 'acme-master')
      .execute()
    const s = await ctx.signIn('acme-master', 'Passw0rd')
    const { data } = await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })
    expect(data).toMatchObject({
      id: s.userId,
      name: 'acme-master',
      roles: ['customerMaster'],
      roleId: 4,
      tenantId: tenant,
      tenantAccount: 'acme',
      vipExpired: false,
      specialChannelData: { tenantSpecialChannel: false, specialChannel: false },
      permissionVO: {},
    })
    expect((data as { validDate: number[] }).validDate[1]).toBe(end)
    expect(data).not.toHaveProperty('password_hash')
  })

  it('reports an expired VIP', async () => {
    const t = await ctx.tenant('lapsed', { validEndDate: Date.now() - 3 * 86_400_000 })
    const agent = await ctx.as(t, Role.customerUser, 'late-agent')
    const { data } = await ctx.call('GET', '/damai/system/user/profile/get', { token: agent.token })
    expect(data).toMatchObject({ vipExpired: true, roles: ['customerUser'] })
  })
})

describe('PUT /damai/system/user/profile/update-password', () => {
  const url = '/damai/system/user/profile/update-password'

  it('answers 401 without a token', async () => {
    expect(
      (await ctx.call('PUT', url, { body: { oldPassword: 'Passw0rd', password: 'Good1234' } })).code,
    ).toBe(401)
  })

  it('asks for the current password, in the request language', async () => {
    const s = await ctx.as(tenant, Role.customerUser, 'nora')
    const zh = await ctx.call('PUT', url, { token: s.token, body: { password: 'Good1234' } })
    expect(zh).toMatchObject({ code: ErrorCode.badRequest, msg: '请输入当前密码' })
    const en = await ctx.call('PUT', url, {
      token: s.token,
      body: { oldPassword: '', password: 'Good1234' },
      headers: { language: 'en' },
    })
    expect(en).toMatchObject({ code: ErrorCode.badRequest, msg: 'Enter your current password' })
  })

  it('refuses a wrong current password: nothing changes and the token stays valid', async () => {
    await ctx.user(tenant, Role.customerUser, 'olga', 'Olga1234')
    const s = await ctx.signIn('olga', 'Olga1234')
    const r = await ctx.call('PUT', url, {
      token: s.token,
      body: { oldPassword: 'Guess1234', password: 'Taken2024' },
      headers: { language: 'en' },
    })
    expect(r).toMatchObject({ code: ErrorCode.oldPasswordWrong, msg: 'The current password is wrong' })
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })).code).toBe(0)
    await ctx.signIn('olga', 'Olga1234')
    const stolen = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'olga', password: 'Taken2024' },
    })
    expect(stolen.code).toBe(ErrorCode.wrongCredentials)
  })

  it('counts wrong current passwords like failed sign-ins, so a token cannot guess the password for ever', async () => {
    await ctx.user(tenant, Role.customerUser, 'pete', 'Pete1234')
    const s = await ctx.signIn('pete', 'Pete1234')
    for (let i = 0; i < 3; i++) {
      const r = await ctx.call('PUT', url, {
        token: s.token,
        body: { oldPassword: `Guess${i}234`, password: 'Taken2024' },
      })
      expect(r.code).toBe(ErrorCode.oldPasswordWrong)
    }
    const locked = await ctx.call('PUT', url, {
      token: s.token,
      body: { oldPassword: 'Pete1234', password: 'Taken2024' },
    })
    expect(locked.code).toBe(ErrorCode.loginLocked)
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: s.token })).code).toBe(0)
  })

  it.each([
    ['', 'password.required', '密码不能为空'],
    ['abc12', 'password.length', '密码长度为6-20位'],
    ['abc_1234', 'password.charset', '密码只能包含字母和数字'],
    ['chris99', 'password.sameAsName', '密码不能与账号相同'],
    ['777777', 'password.sameDigit', '密码不能是相同的数字'],
    ['123456', 'password.ascending', '密码不能是连续递增的数字'],
  ])('refuses %j (%s) and changes nothing', async (password, _key, message) => {
    const s = await ctx.as(tenant, Role.customerUser, `chris99-${Math.random().toString(36).slice(2, 6)}`)
    await ctx.db.updateTable('users').set({ username: 'chris99' }).where('id', '=', s.userId).execute()
    const before = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow()
    const r = await ctx.call('PUT', url, { token: s.token, body: { oldPassword: 'Passw0rd', password } })
    expect(r.msg).toBe(message)
    expect(r.code).not.toBe(0)
    const after = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow()
    expect(after.password_hash).toBe(before.password_hash)
    await ctx.db.deleteFrom('users').where('id', '=', s.userId).execute()
  })

  it('changes the password, revokes every token, and the new password signs in', async () => {
    await ctx.user(tenant, Role.customerUser, 'dave', 'Dave1234')
    const a = await ctx.signIn('dave', 'Dave1234')
    const b = await ctx.signIn('dave', 'Dave1234')
    const r = await ctx.call('PUT', url, {
      token: a.token,
      body: { oldPassword: 'Dave1234', password: 'Fresh2024' },
    })
    expect(r.code).toBe(0)
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: a.token })).code).toBe(401)
    expect((await ctx.call('GET', '/damai/system/user/profile/get', { token: b.token })).code).toBe(401)
    const old = await ctx.call('POST', '/damai/system/auth/login', {
      body: { username: 'dave', password: 'Dave1234' },
    })
    expect(old.code).toBe(ErrorCode.wrongCredentials)
    await ctx.signIn('dave', 'Fresh2024')
  })
})

describe('GET /damai/admin/user/getTenantRiskStatus', () => {
  it('is for tenant roles only', async () => {
    expect(
      (await ctx.call('GET', '/damai/admin/user/getTenantRiskStatus', { token: await adminToken(ctx) })).code,
    ).toBe(403)
  })

  it("answers the caller's tenant status", async () => {
    const t = await ctx.tenant('risky')
    await ctx.db.updateTable('tenants').set({ risk_status: 1 }).where('id', '=', t).execute()
    const s = await ctx.as(t, Role.customerMaster, 'risky-boss')
    expect((await ctx.call('GET', '/damai/admin/user/getTenantRiskStatus', { token: s.token })).data).toBe(1)
    const other = await ctx.as(tenant, Role.customerMaster, 'calm-boss')
    expect(
      (await ctx.call('GET', '/damai/admin/user/getTenantRiskStatus', { token: other.token })).data,
    ).toBe(0)
  })
})
