import { DAY_MS, PlatformPath as P, Role } from '@app/core'
import { expect } from 'vitest'
import { adminToken, type TestContext } from './harness.js'

/** A token for a user made through the API (the admin sign-in needs a captcha a test does not solve here). */
export async function tokenOf(ctx: TestContext, userId: number): Promise<string> {
  const u = await ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return (await ctx.services.tokens.issue(u, { ip: '127.0.0.1', userAgent: 'test' })).accessToken
}

export interface Staff {
  admin: string
  ops: { id: number; token: string }
  biz: { id: number; token: string }
  /** a second operations user with a salesperson of their own */
  ops2: { id: number; token: string }
  biz2: { id: number; token: string }
}

/** An answer that must succeed; its data. */
export async function okData<T>(p: Promise<{ code: number; msg: string; data: unknown }>): Promise<T> {
  const r = await p
  expect(r.code, r.msg).toBe(0)
  return r.data as T
}

let seq = 0
const unique = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 6)}`

/** Two operations users, each with one salesperson, made through the API as the admin and operations would. */
export async function makeStaff(ctx: TestContext): Promise<Staff> {
  const admin = await adminToken(ctx)
  const create = async (token: string, body: Record<string, unknown>) => {
    const { id } = await okData<{ id: number }>(ctx.call('POST', P.userCreate, { token, body }))
    return { id, token: await tokenOf(ctx, id) }
  }
  const ops = await create(admin, { roleId: Role.operations, username: unique('ops'), password: 'Oper2468' })
  const biz = await create(ops.token, {
    roleId: Role.business,
    username: unique('biz'),
    password: 'Busi2468',
  })
  const ops2 = await create(admin, { roleId: Role.operations, username: unique('opz'), password: 'Oper2468' })
  const biz2 = await create(ops2.token, {
    roleId: Role.business,
    username: unique('bzz'),
    password: 'Busi2468',
  })
  return { admin, ops, biz, ops2, biz2 }
}

/** A tenant with its supervisor, sold by the caller (or `sellerId`); VIP for 30 days from now. */
export async function makeTenant(
  ctx: TestContext,
  token: string,
  opts: { sellerId?: number; days?: number; account?: string; password?: string } = {},
) {
  const account = opts.account ?? unique('co')
  const now = Date.now()
  const body = {
    roleId: Role.customerMaster,
    username: `${account}-boss`,
    password: opts.password ?? 'Boss2468',
    enterpriseAccount: account,
    tenantName: `Company ${account}`,
    validStartDate: now,
    validEndDate: now + (opts.days ?? 30) * DAY_MS,
    ...(opts.sellerId ? { sellerId: opts.sellerId } : {}),
  }
  const { id, tenantId } = await okData<{ id: number; tenantId: number }>(
    ctx.call('POST', P.userCreate, { token, body }),
  )
  return {
    masterId: id,
    tenantId: tenantId as number,
    account,
    username: body.username,
    masterToken: await tokenOf(ctx, id),
  }
}
