import { type HomeFigures, StatisticsPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff } from '../../test/platform.js'
import { monthStart } from './home.service.js'

const DAY = 86_400_000
let ctx: TestContext
let tenant: number
let boss: string
let agent: string
let leader: string
let other: string
let staff: Staff

const figures = (token: string) => okData<HomeFigures>(ctx.call('GET', P.home, { token }))

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('home-a')
  const rival = await ctx.tenant('home-b')
  boss = (await ctx.as(tenant, Role.customerMaster, 'home-boss')).token
  const agentUser = await ctx.as(tenant, Role.customerUser, 'home-agent')
  agent = agentUser.token
  leader = (await ctx.as(tenant, Role.customerUserLeader, 'home-lead')).token
  other = (await ctx.as(rival, Role.customerMaster, 'home-rival')).token
  const mine = await ctx.linkAccount(tenant, '8613700000001')
  const unassigned = await ctx.linkAccount(tenant, '8613700000002')
  const offline = await ctx.linkAccount(tenant, '8613700000003')
  await ctx.linkAccount(rival, '8613700000009')
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentUser.userId })
    .where('id', '=', mine)
    .execute()
  // two customers of the agent's account and one of another account write in; one is answered later
  for (const [customer, to] of [
    ['8613711110001', '8613700000001'],
    ['8613711110002', '8613700000001'],
    ['8613711110003', '8613700000002'],
    ['8613711110009', '8613700000009'],
  ] as const)
    ctx.sim.network.customerSend(customer, to, { kind: 'text', text: 'hi' })
  await ctx.sim.settle(100)
  await ctx.statistics.engine.catchUp(Date.now() + 60_000)
  await ctx.db.updateTable('ws_accounts').set({ status: 'offline' }).where('id', '=', offline).execute()
  expect(unassigned).toBeGreaterThan(0)
  // ports ending within the week, and an unhandled and a handled warning
  await ctx.ports(tenant, 2, Date.now() + 3 * DAY)
  for (const handled of [0, 1])
    await ctx.db
      .insertInto('risk_warnings')
      .values({
        tenant_id: tenant,
        account_id: mine,
        kind: 'perMinute',
        level: 1,
        bucket: handled,
        created_at: Date.now(),
        handled,
      })
      .execute()
  staff = await makeStaff(ctx)
})
afterAll(() => ctx.close())

describe('/home figures', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.call('GET', P.home)).code).toBe(401)
  })

  it('the supervisor sees the whole tenant: messages, unreplied, offline numbers, warnings, expiring ports', async () => {
    const f = await figures(boss)
    expect(f.kind).toBe('tenant')
    expect(f.platform).toBeNull()
    expect(f.tenant).toEqual({
      messagesInToday: 3,
      messagesOutToday: 0,
      unrepliedSessions: 3,
      offlineAccounts: 1,
      warnings: 1,
      expiringPorts: 2,
      expiringSeats: 0,
    })
  })

  it('an agent sees only their own sessions and accounts, and no tenant-wide figures', async () => {
    const f = await figures(agent)
    expect(f.tenant).toEqual({
      messagesInToday: 2,
      messagesOutToday: 0,
      unrepliedSessions: 2,
      offlineAccounts: 0,
      warnings: null,
      expiringPorts: null,
      expiringSeats: null,
    })
  })

  it('the team lead sees the tenant and its warnings, not its ports and seats', async () => {
    const f = await figures(leader)
    expect(f.tenant).toMatchObject({
      messagesInToday: 3,
      unrepliedSessions: 3,
      offlineAccounts: 1,
      warnings: 1,
      expiringPorts: null,
    })
  })

  it("another tenant's supervisor sees only their own tenant", async () => {
    const f = await figures(other)
    expect(f.tenant).toMatchObject({
      messagesInToday: 1,
      unrepliedSessions: 1,
      offlineAccounts: 0,
      warnings: 0,
      expiringPorts: 0,
    })
  })

  it('platform staff see tenants, orders and revenue of this month in their own scope', async () => {
    const admin = await adminToken(ctx)
    const before = (await figures(admin)).platform
    expect(before).not.toBeNull()
    const sold = await makeTenant(ctx, admin, { sellerId: staff.biz.id })
    const order = (amount: number, at?: number) =>
      ctx.billing.orders.create({
        tenantId: sold.tenantId,
        kind: 'port',
        quantity: 1,
        days: 30,
        amount,
        sellerId: staff.biz.id,
        operatorId: staff.ops.id,
        remark: at ? 'old' : '',
      })
    await order(12_000)
    await order(3_000)
    // an order of last month does not count
    const old = await order(50_000)
    await ctx.db
      .updateTable('orders')
      .set({ created_at: monthStart(Date.now()) - 1 })
      .where('id', '=', old.orderId as number)
      .execute()
    const after = (await figures(admin)).platform
    expect(after).toEqual({
      tenants: (before?.tenants ?? 0) + 1,
      ordersThisMonth: (before?.ordersThisMonth ?? 0) + 2,
      revenueThisMonthCents: (before?.revenueThisMonthCents ?? 0) + 15_000,
    })
    const biz = await figures(staff.biz.token)
    expect(biz.tenant).toBeNull()
    expect(biz.platform).toEqual({ tenants: 1, ordersThisMonth: 2, revenueThisMonthCents: 15_000 })
    const biz2 = await figures(staff.biz2.token)
    expect(biz2.platform).toEqual({ tenants: 0, ordersThisMonth: 0, revenueThisMonthCents: 0 })
  })
})
