import { FailureReason, RISK_WARNING_DEDUPE_MS, roomOf } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import { chatWith, DAY, HOUR, type RiskTenant, riskTenant, saveLimits, sendIn } from './risk.fixtures.js'

let ctx: TestContext
let n = 0
let now = 0
let events: ReturnType<typeof recordEvents>

beforeAll(async () => {
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' })
  now = Math.ceil((Date.now() + 40 * DAY) / DAY) * DAY + HOUR
  ctx.risk.setClock(() => now)
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

async function fresh(): Promise<RiskTenant> {
  n++
  return riskTenant(ctx, `warn${n}`, `86138${n}0000001`)
}
const customer = (i: number) => `4476${n}${String(i).padStart(6, '0')}`

async function kinds(t: RiskTenant): Promise<string[]> {
  await ctx.risk.warnings.idle()
  const r = await ctx.call('POST', '/damai/customer/risk/warning/page', {
    token: t.boss.token,
    body: { current: 1, pageSize: 100 },
  })
  expect(r.code).toBe(0)
  return (r.data as { list: { kind: string }[] }).list.map((w) => w.kind).reverse()
}
const pushed = (t: RiskTenant) =>
  events.filter((e) => e.event === 'risk.warning' && e.rooms.includes(roomOf.tenant(t.tenantId)))

describe('each warning kind is raised once per event, not in a storm', () => {
  it('a limit hit: many refusals, one warning, pushed to the tenant room with the unhandled count; again after the window', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, { perMinute: 1 })
    const s = await chatWith(ctx, t, customer(1))
    await sendIn(ctx, t, s, 'ok')
    for (let i = 0; i < 5; i++) await sendIn(ctx, t, s, `refused ${i}`)
    expect(await kinds(t)).toEqual(['limit_hit'])
    expect(pushed(t)).toHaveLength(1)
    expect(pushed(t)[0]?.payload).toMatchObject({
      unhandled: 1,
      warning: { kind: 'limit_hit', level: 2, handled: false },
    })
    now += RISK_WARNING_DEDUPE_MS
    await sendIn(ctx, t, s, 'next window')
    await sendIn(ctx, t, s, 'refused again')
    expect(await kinds(t)).toEqual(['limit_hit', 'limit_hit'])
  })

  it('a ban, a time-lock and being pushed out: one warning each however often the status repeats', async () => {
    const t = await fresh()
    ctx.sim.network.restrict(t.shop, HOUR)
    await ctx.sim.settle(200)
    ctx.sim.network.pushOut(t.shop)
    await ctx.sim.settle(200)
    // the same status told again (a reconnect, a second device) raises nothing new
    for (let i = 0; i < 3; i++)
      await ctx.events.publish('account.status', {
        tenantId: t.tenantId,
        status: {
          accountId: t.accountId,
          phone: t.shop,
          status: 'abnormal',
          abnormalReason: 'pushed_out',
          bannedAt: null,
          restrictedUntil: null,
        },
      })
    ctx.sim.network.ban(t.shop)
    await ctx.sim.settle(200)
    await ctx.events.publish('account.status', {
      tenantId: t.tenantId,
      status: {
        accountId: t.accountId,
        phone: t.shop,
        status: 'banned',
        abnormalReason: null,
        bannedAt: now,
        restrictedUntil: null,
      },
    })
    expect((await kinds(t)).sort()).toEqual(['banned', 'pushed_out', 'time_locked'])
    const stats = await ctx.db
      .selectFrom('risk_daily')
      .select(['bans', 'warnings'])
      .where('account_id', '=', t.accountId)
      .executeTakeFirstOrThrow()
    expect(stats).toEqual({ bans: 1, warnings: 3 })
  })

  it('a burst of failed sends warns once', async () => {
    const t = await fresh()
    const o = {
      tenantId: t.tenantId,
      accountId: t.accountId,
      newChat: false,
      failure: FailureReason.wsSendLimitReached,
    }
    for (let i = 0; i < 4; i++) ctx.risk.gate.settled(o, { sends: 0, replies: 0 })
    expect(await kinds(t)).toEqual([])
    for (let i = 0; i < 6; i++) ctx.risk.gate.settled(o, { sends: 0, replies: 0 })
    expect(await kinds(t)).toEqual(['send_failures'])
  })

  it('a reply ratio under the threshold warns once; a healthy one does not', async () => {
    const t = await fresh()
    const o = { tenantId: t.tenantId, accountId: t.accountId, newChat: false, failure: null }
    ctx.risk.gate.settled(o, { sends: 50, replies: 10 })
    expect(await kinds(t)).toEqual([])
    ctx.risk.gate.settled(o, { sends: 60, replies: 1 })
    ctx.risk.gate.settled(o, { sends: 70, replies: 1 })
    expect(await kinds(t)).toEqual(['low_reply_ratio'])
  })

  it('opt-outs spiking warns once; a reply is a customer turn answering ours', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, {})
    const s = await chatWith(ctx, t, customer(9))
    await sendIn(ctx, t, s, 'our offer')
    // two messages in one turn answer ours once; the customers' own first messages answer nothing
    for (const text of ['hello', 'tell me more']) {
      ctx.sim.network.customerSend(customer(9), t.shop, { kind: 'text', text })
      await ctx.sim.settle(100)
    }
    for (let i = 1; i <= 5; i++) {
      ctx.sim.network.customerSend(customer(i), t.shop, { kind: 'text', text: 'STOP' })
      await ctx.sim.settle(100)
    }
    expect(await kinds(t)).toEqual(['opt_out_spike'])
    const stats = await ctx.db
      .selectFrom('risk_daily')
      .select(['replies', 'opt_outs', 'sends'])
      .where('account_id', '=', t.accountId)
      .executeTakeFirstOrThrow()
    expect(stats).toEqual({ replies: 1, opt_outs: 5, sends: 1 })
  })

  it('counts an opt-out only when the fan is opted out: a word the tenant does not use is no opt-out', async () => {
    const t = await fresh()
    for (let i = 1; i <= 4; i++) {
      ctx.sim.network.customerSend(customer(i), t.shop, { kind: 'text', text: 'not a stop word' })
      await ctx.sim.settle(100)
    }
    ctx.sim.network.customerSend(customer(5), t.shop, { kind: 'text', text: 'STOP' })
    await ctx.sim.settle(100)
    await ctx.risk.warnings.idle()
    const fan = await ctx.db
      .selectFrom('fans')
      .select('mass_send_enabled')
      .where('tenant_id', '=', t.tenantId)
      .where('phone', '=', customer(5))
      .executeTakeFirstOrThrow()
    expect(fan.mass_send_enabled).toBe(0)
    const stats = await ctx.db
      .selectFrom('risk_daily')
      .select(['opt_outs'])
      .where('account_id', '=', t.accountId)
      .executeTakeFirstOrThrow()
    expect(stats.opt_outs).toBe(1)
  })
})

describe('handling warnings', () => {
  it('marks a batch handled, only the tenant’s own, and the badge count follows', async () => {
    const t = await fresh()
    const other = await fresh()
    for (const kind of ['limit_hit', 'banned'] as const)
      await ctx.risk.warnings.raise(t.tenantId, t.accountId, kind, {})
    await ctx.risk.warnings.raise(other.tenantId, other.accountId, 'banned', {})
    const count = async (x: RiskTenant) =>
      (await ctx.call('GET', '/damai/customer/risk/warning/count', { token: x.boss.token })).data
    expect(await count(t)).toEqual({ unhandled: 2 })
    const page = await ctx.call('POST', '/damai/customer/risk/warning/page', {
      token: t.boss.token,
      body: { current: 1, pageSize: 10, handled: false },
    })
    const ids = (page.data as { list: { id: number }[] }).list.map((w) => w.id)
    const theirs = await ctx.call('POST', '/damai/customer/risk/warning/page', {
      token: other.boss.token,
      body: { current: 1, pageSize: 10 },
    })
    const otherId = (theirs.data as { list: { id: number }[] }).list[0]?.id as number
    const r = await ctx.call('PUT', '/damai/customer/risk/warning/handle', {
      token: t.boss.token,
      body: { ids: [...ids, otherId] },
    })
    expect(r.data).toEqual({ handled: 2 })
    expect(await count(t)).toEqual({ unhandled: 0 })
    expect(await count(other)).toEqual({ unhandled: 1 })
  })
})
