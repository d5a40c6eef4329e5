import { ErrorCode, NurturingPath, type NurturingProgressView, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { drainOutbox } from '../../test/messaging.js'
import { DAY_MS, dayStart } from './nurturing.clock.js'

const SHOP_A = '8613800000021'
const SHOP_B = '8613800000022'
const OTHER = '8613900000021'
const HOUR = 3_600_000

let ctx: TestContext
let admin: string
let boss: Signed
let tenantId: number
let otherTenant: number
let accountA: number
let accountB: number
let clock = 0

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
  ctx.call(method, url, { token, body, headers: { language: 'en' } })

/** The nurtured accounts' counters as the engine keeps them. */
const counters = async () =>
  new Map(
    (
      await ctx.db
        .selectFrom('nurturing_accounts')
        .select(['account_id', 'sent_total', 'state', 'stop_reason'])
        .execute()
    ).map((r) => [r.account_id, r]),
  )

/**
 * Run the engine on the test clock until `until`: each round jumps to the next due turn, lets
 * the outbox send and the network deliver, and notes who sent at which (test clock) time.
 */
async function runUntil(until: number, sends: { at: number; account: number }[]): Promise<void> {
  for (let round = 0; round < 2_000 && clock < until; round++) {
    const before = await counters()
    await ctx.nurturing.engine.tick()
    await drainOutbox(ctx)
    await ctx.nurturing.engine.readsQueued()
    await ctx.messaging.requests.drain()
    const after = await counters()
    for (const [id, row] of after)
      for (let i = before.get(id)?.sent_total ?? 0; i < row.sent_total; i++)
        sends.push({ at: clock, account: id })
    const next = await ctx.db
      .selectFrom('nurturing_pairs')
      .select((eb) => eb.fn.min('next_at').as('at'))
      .where('state', '=', 'active')
      .executeTakeFirst()
    const at = Number(next?.at ?? until)
    clock = Math.min(until, Math.max(clock + 1_000, at))
  }
}

beforeAll(async () => {
  ctx = await createTestContext()
  admin = await adminToken(ctx)
  tenantId = await ctx.tenant('nurture')
  boss = await ctx.as(tenantId, Role.customerMaster, 'nurture-boss')
  otherTenant = await ctx.tenant('nurtureother')
  accountA = await ctx.linkAccount(tenantId, SHOP_A)
  accountB = await ctx.linkAccount(tenantId, SHOP_B)
  await ctx.linkAccount(otherTenant, OTHER)
  // the simulated day starts at the next UTC midnight, before the active hours
  clock = dayStart(Date.now(), 0) + DAY_MS
  ctx.nurturing.engine.useClock(() => clock)
})
afterAll(() => ctx.close())

describe('admin only', () => {
  it('refuses every role but the platform admin', async () => {
    for (const [method, url] of [
      ['POST', NurturingPath.materialPage],
      ['POST', NurturingPath.rulePage],
      ['POST', NurturingPath.progress],
      ['POST', NurturingPath.rule],
    ] as const) {
      const r = await call(method, url, {}, boss.token)
      expect(r.code).toBe(ErrorCode.forbidden)
      const anon = await ctx.call(method, url, { body: {} })
      expect(anon.code).toBe(401)
    }
  })

  it('keeps material by language and checks rules', async () => {
    const bad = await call('POST', NurturingPath.material, { language: 'en', text: '  ' })
    expect(bad.msg).toContain('Enter the text of the material')
    const hours = await call('POST', NurturingPath.rule, {
      name: 'x',
      tenantIds: [tenantId],
      language: 'en',
      days: 1,
      perDay: 1,
      activeFrom: 600,
      activeTo: 600,
    })
    expect(hours.code).toBe(ErrorCode.nurturingHoursEmpty)
    const unknown = await call('POST', NurturingPath.rule, {
      name: 'x',
      tenantIds: [999_999],
      language: 'en',
      days: 1,
      perDay: 1,
      activeFrom: 540,
      activeTo: 1080,
    })
    expect(unknown.code).toBe(ErrorCode.nurturingTenantUnknown)
    const days = await call('POST', NurturingPath.rule, {
      name: 'x',
      tenantIds: [tenantId],
      language: 'en',
      days: 0,
    })
    expect(days.msg).toContain('Nurturing lasts 1 to 60 days')
  })
})

describe('a simulated day of nurturing', () => {
  it('two new accounts take turns within the active hours, hold the daily cap, and stop when one is banned', async () => {
    for (const text of ['Hi, how are you?', 'Fine thanks', 'Lunch later?', 'Sure, see you'])
      expect((await call('POST', NurturingPath.material, { language: 'en', text })).code).toBe(0)
    expect((await call('POST', NurturingPath.material, { language: 'zh', text: '你好' })).code).toBe(0)
    const page = await call('POST', NurturingPath.materialPage, { language: 'en' })
    expect(page.data).toMatchObject({ total: 4 })
    const rule = await call('POST', NurturingPath.rule, {
      name: 'New numbers',
      tenantIds: [tenantId],
      language: 'en',
      days: 3,
      perDay: 5,
      activeFrom: 9 * 60,
      activeTo: 18 * 60,
      utcOffset: 0,
    })
    expect(rule.code).toBe(0)

    const day1 = clock
    const sends: { at: number; account: number }[] = []
    await runUntil(day1 + DAY_MS, sends)

    // five each, in turns, all inside 09:00–18:00
    expect(sends.filter((s) => s.account === accountA)).toHaveLength(5)
    expect(sends.filter((s) => s.account === accountB)).toHaveLength(5)
    for (let i = 1; i < sends.length; i++) expect(sends[i]?.account).not.toBe(sends[i - 1]?.account)
    for (const s of sends) {
      expect(s.at).toBeGreaterThanOrEqual(day1 + 9 * HOUR)
      expect(s.at).toBeLessThan(day1 + 18 * HOUR)
    }
    // the texts reached the partner's phone through the outbox, marked as nurturing, and were read
    const between = ctx.sim.network.messagesBetween(SHOP_A, SHOP_B)
    expect(between).toHaveLength(10)
    const rows = await ctx.db
      .selectFrom('messages')
      .select(['origin', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('from_me', '=', 1)
      .execute()
    expect(rows).toHaveLength(10)
    expect(rows.every((r) => r.origin === 'nurturing')).toBe(true)
    // each partner read what it received (read receipts sent by the receiving account)
    await ctx.sim.settle(120_000)
    const read = ctx.sim.network.messagesBetween(SHOP_A, SHOP_B).filter((m) => m.status === 'read')
    expect(read).toHaveLength(10)
    const receipts = await ctx.db
      .selectFrom('gateway_requests')
      .select('state')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'read')
      .execute()
    expect(receipts.map((r) => r.state)).toEqual(Array(10).fill('done'))

    const progress = await call('POST', NurturingPath.progress, {})
    const list = (progress.data as { list: NurturingProgressView[] }).list
    expect(list).toHaveLength(2)
    expect(list.find((p) => p.accountId === accountA)).toMatchObject({
      state: 'active',
      sentTotal: 5,
      perDay: 5,
      partnerPhone: SHOP_B,
    })

    // the second day starts a new count
    const day2: typeof sends = []
    await runUntil(day1 + DAY_MS + 12 * HOUR, day2)
    expect(day2.length).toBeGreaterThan(0)
    expect(day2.filter((s) => s.account === accountA).length).toBeLessThanOrEqual(5)

    // a ban stops the account; its partner waits for another
    ctx.sim.network.ban(SHOP_B)
    await ctx.sim.settle(5_000)
    const afterBan: typeof sends = []
    await runUntil(day1 + 2 * DAY_MS, afterBan)
    expect(afterBan).toHaveLength(0)
    const c = await counters()
    expect(c.get(accountB)).toMatchObject({ state: 'stopped', stop_reason: 'banned' })
    expect(c.get(accountA)).toMatchObject({ state: 'waiting' })
    // the other tenant's account never took part
    expect([...c.keys()].sort()).toEqual([accountA, accountB].sort())
  })
})
