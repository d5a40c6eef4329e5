import { ErrorCode, FailureReason, SendOrigin } from '@app/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import {
  chatWith,
  DAY,
  HOUR,
  MINUTE,
  type RiskTenant,
  riskTenant,
  saveLimits,
  sendIn,
} from './risk.fixtures.js'

let ctx: TestContext
let n = 0
/** the gate's clock: the start of an hour well past every account's warm-up, plus a second */
let now = 0
const base = () => Math.ceil((Date.now() + 40 * DAY) / DAY) * DAY + HOUR + 1_000

beforeAll(async () => {
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' })
  ctx.risk.setClock(() => now)
})
afterAll(() => ctx.close())
beforeEach(() => {
  now = base()
})

async function fresh(timeZone?: string): Promise<RiskTenant> {
  n++
  return riskTenant(ctx, `risk${n}`, `86139${n}0000001`, timeZone)
}
const customer = (i: number) => `4479${n}${String(i).padStart(6, '0')}`

describe('each limit refuses with its reason and the count left, and reopens when its window passes', () => {
  it('messages per minute: a desk send fails at once with the rule, remaining and reopening', async () => {
    const t = await fresh()
    expect((await saveLimits(ctx, t, { perMinute: 2, perDay: 10 })).code).toBe(0)
    const s = await chatWith(ctx, t, customer(1))
    const events = recordEvents(ctx)
    expect((await sendIn(ctx, t, s, 'one')).status).toBe('sent')
    expect((await sendIn(ctx, t, s, 'two')).status).toBe('sent')
    const refused = await sendIn(ctx, t, s, 'three')
    expect(refused.status).toBe('failed')
    expect(refused.failure_reason).toBe(FailureReason.riskControlLimit)
    const minuteStart = now - (now % MINUTE)
    expect(refused.risk).toEqual({ rule: 'perMinute', remaining: 8, reopensAt: minuteStart + MINUTE })
    // the desk hears the refusal with its details
    const told = events.find((e) => e.event === 'message.updated' && e.payload.id === refused.id)
    expect(told?.payload).toMatchObject({ status: 'failed', risk: { rule: 'perMinute', remaining: 8 } })
    now = minuteStart + MINUTE
    expect((await sendIn(ctx, t, s, 'four')).status).toBe('sent')
  })

  it('messages per hour', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, { perHour: 2 })
    const s = await chatWith(ctx, t, customer(1))
    await sendIn(ctx, t, s, 'a')
    now += 2 * MINUTE
    await sendIn(ctx, t, s, 'b')
    now += 2 * MINUTE
    const refused = await sendIn(ctx, t, s, 'c')
    const hourStart = now - (now % HOUR)
    expect(refused.risk).toEqual({ rule: 'perHour', remaining: 2998, reopensAt: hourStart + HOUR })
    now = hourStart + HOUR
    expect((await sendIn(ctx, t, s, 'd')).status).toBe('sent')
  })

  it('messages per day, by the days of the tenant’s time zone', async () => {
    // the business hours' zone is the windows' too; UTC+8: the day begins at 16:00 UTC
    const t = await fresh('Asia/Shanghai')
    await saveLimits(ctx, t, { perDay: 1 })
    const s = await chatWith(ctx, t, customer(1))
    await sendIn(ctx, t, s, 'a')
    const refused = await sendIn(ctx, t, s, 'b')
    const off = 480 * MINUTE
    const dayStart = Math.floor((now + off) / DAY) * DAY - off
    expect(refused.risk).toEqual({ rule: 'perDay', remaining: 0, reopensAt: dayStart + DAY })
    now = dayStart + DAY - 1
    expect((await sendIn(ctx, t, s, 'c')).status).toBe('failed')
    now = dayStart + DAY
    expect((await sendIn(ctx, t, s, 'd')).status).toBe('sent')
  })

  it('new chats per day: only a first message to a customer counts', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, { newChatsPerDay: 1 })
    const a = await chatWith(ctx, t, customer(1))
    const b = await chatWith(ctx, t, customer(2))
    expect((await sendIn(ctx, t, a, 'first to a')).status).toBe('sent')
    expect((await sendIn(ctx, t, a, 'again to a')).status).toBe('sent')
    const refused = await sendIn(ctx, t, b, 'first to b')
    expect(refused.risk).toMatchObject({ rule: 'newChatsPerDay', remaining: 2998 })
    now = Math.floor(now / DAY) * DAY + DAY
    expect((await sendIn(ctx, t, b, 'first to b, next day')).status).toBe('sent')
  })

  it('mass sends per day and their interval: a mass-send message waits for its window, never fails', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, { massPerDay: 2, massIntervalSec: 30 })
    const s = await chatWith(ctx, t, customer(1))
    expect((await sendIn(ctx, t, s, 'm1', SendOrigin.massSend)).status).toBe('sent')
    const early = await sendIn(ctx, t, s, 'm2', SendOrigin.massSend)
    expect(early.status).not.toBe('failed')
    const row = await ctx.db
      .selectFrom('outbox')
      .select(['state', 'due_at', 'last_error'])
      .where('message_id', '=', early.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ due_at: now + 30_000, last_error: 'risk: massIntervalSec' })
    // a desk message is no mass send: the interval does not hold it
    expect((await sendIn(ctx, t, s, 'desk')).status).toBe('sent')
    // the interval passes (the row falls due)
    now += 30_000
    await ctx.db.updateTable('outbox').set({ due_at: 0 }).where('message_id', '=', early.id).execute()
    expect((await sendIn(ctx, t, s, 'desk 2')).status).toBe('sent')
    const m2 = await ctx.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', early.id)
      .executeTakeFirstOrThrow()
    expect(m2.status).toBe('sent')
    now += 60_000
    const third = await sendIn(ctx, t, s, 'm3', SendOrigin.massSend)
    const held = await ctx.db
      .selectFrom('outbox')
      .select(['due_at', 'last_error'])
      .where('message_id', '=', third.id)
      .executeTakeFirstOrThrow()
    expect(held).toEqual({ due_at: Math.floor(now / DAY) * DAY + DAY, last_error: 'risk: massPerDay' })
    expect(third.status).not.toBe('failed')
  })
})

describe('keyword blocks and warm-up', () => {
  it('a text holding a blocked keyword is refused as a content violation, whoever sends it', async () => {
    const t = await fresh()
    await saveLimits(ctx, t, {}, ['casino', '赌场'])
    const s = await chatWith(ctx, t, customer(1))
    const desk = await sendIn(ctx, t, s, 'Best CASINO in town')
    expect(desk.failure_reason).toBe(FailureReason.contentViolation)
    expect(desk.risk).toMatchObject({ rule: 'keyword', keyword: 'casino', reopensAt: null })
    const mass = await sendIn(ctx, t, s, '欢迎来赌场', SendOrigin.massSend)
    expect(mass.status).toBe('failed')
    expect(mass.failure_reason).toBe(FailureReason.contentViolation)
    expect(mass.risk).toMatchObject({ rule: 'keyword', keyword: '赌场' })
    expect((await sendIn(ctx, t, s, 'an honest offer')).status).toBe('sent')
    expect(ctx.sim.network.messagesBetween(t.shop, customer(1)).map((m) => m.text)).not.toContain(
      'Best CASINO in town',
    )
  })

  it('a new number gets the warm-up share of each limit for its first days', async () => {
    const t = await fresh()
    const added = await ctx.db
      .selectFrom('ws_accounts')
      .select('created_at')
      .where('id', '=', t.accountId)
      .executeTakeFirstOrThrow()
    now = added.created_at + HOUR
    await saveLimits(ctx, t, { perMinute: 4, perDay: 100, warmupDays: 3, warmupPercent: 50 })
    const s = await chatWith(ctx, t, customer(1))
    await sendIn(ctx, t, s, 'a')
    await sendIn(ctx, t, s, 'b')
    const refused = await sendIn(ctx, t, s, 'c')
    expect(refused.risk).toMatchObject({ rule: 'perMinute', remaining: 48 })
    // after the warm-up: the full limit
    now = added.created_at + 3 * DAY + HOUR
    for (const x of ['d', 'e', 'f', 'g']) expect((await sendIn(ctx, t, s, x)).status).toBe('sent')
    expect((await sendIn(ctx, t, s, 'h')).risk).toMatchObject({ rule: 'perMinute', remaining: 96 })
  })
})

describe('the bounds the platform sets', () => {
  it('refuses a limit outside the bounds; a special channel raises them, risk control lowers what is enforced', async () => {
    const t = await fresh()
    const over = await saveLimits(ctx, t, { perMinute: 31 })
    expect(over.code).toBe(ErrorCode.riskLimitOutOfBounds)
    expect(over.msg).toContain('30')
    await ctx.db.updateTable('tenants').set({ special_channel: 1 }).where('id', '=', t.tenantId).execute()
    expect((await saveLimits(ctx, t, { perMinute: 60 })).code).toBe(0)
    await ctx.db
      .updateTable('tenants')
      .set({ special_channel: 0, risk_status: 1 })
      .where('id', '=', t.tenantId)
      .execute()
    const view = await ctx.call('GET', '/damai/customer/risk/config', { token: t.boss.token })
    expect(view.data).toMatchObject({
      saved: true,
      riskStatus: 1,
      limits: { perMinute: 60 },
      effective: { perMinute: 15 },
    })
    const s = await chatWith(ctx, t, customer(1))
    for (let i = 0; i < 15; i++) expect((await sendIn(ctx, t, s, `m${i}`)).status).toBe('sent')
    expect((await sendIn(ctx, t, s, 'one too many')).risk).toMatchObject({ rule: 'perMinute' })
  })

  it('answers 401 without a token, 403 to an agent, 400 for a bad body', async () => {
    const t = await fresh()
    expect((await ctx.call('GET', '/damai/customer/risk/config')).code).toBe(401)
    expect((await ctx.call('GET', '/damai/customer/risk/config', { token: t.agent.token })).code).toBe(403)
    const bad = await ctx.call('PUT', '/damai/customer/risk/config', {
      token: t.boss.token,
      body: { limits: { perMinute: 'x' }, keywords: [], utcOffset: 0 },
    })
    expect(bad.code).toBe(400)
  })
})
