import {
  ErrorCode,
  StatisticsPath as P,
  RESPONSE_BUCKET_ERROR,
  Role,
  STATS_DEFAULT_TIME_ZONE,
  STATS_EXPORT_COLUMNS,
  STATS_EXPORT_SHEETS,
  STATS_RANGE_DAYS_MAX,
  type StatisticsOverview,
  statsDayOf,
  statsDayText,
} from '@app/core'
import ExcelJS from 'exceljs'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { RollupEngine } from './rollup.engine.js'
import { RollupRepository } from './rollup.repository.js'
import { recount, rolledUp, seedTraffic } from './statistics.fixtures.js'

const DAY = 86_400_000
// a stats-day boundary 20 days ago, so generated traffic never touches today
const EDGE = (statsDayOf(Date.now(), STATS_DEFAULT_TIME_ZONE) - 20) * DAY - 8 * 3_600_000
const FIRST = statsDayText(statsDayOf(EDGE - 6 * 3_600_000, STATS_DEFAULT_TIME_ZONE))
const LAST = statsDayText(statsDayOf(EDGE + 18 * 3_600_000, STATS_DEFAULT_TIME_ZONE))

let ctx: TestContext
let engine: RollupEngine
let a: number
let b: number
let boss: string
let bossB: string
let agent1: number
let agent2: number
const accountsA: number[] = []

/** Every row stored so far, rolled up in small batches (so turns cross batch boundaries). */
const roll = () => engine.catchUp(Date.now() + 60_000)

beforeAll(async () => {
  ctx = await createTestContext()
  engine = new RollupEngine(
    ctx.db,
    new RollupRepository(ctx.db),
    { everyMs: 1_000, settleMs: 0, batch: 97 },
    pino({ level: 'silent' }),
  )
  a = await ctx.tenant('stat-a')
  b = await ctx.tenant('stat-b')
  boss = (await ctx.as(a, Role.customerMaster, 'stat-boss')).token
  bossB = (await ctx.as(b, Role.customerMaster, 'stat-boss-b')).token
  agent1 = await ctx.user(a, Role.customerUser, 'stat-agent1')
  agent2 = await ctx.user(a, Role.customerUser, 'stat-agent2')
  accountsA.push(await ctx.linkAccount(a, '8613900000001'), await ctx.linkAccount(a, '8613900000002'))
  const accountB = await ctx.linkAccount(b, '8613900000009')
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent1 })
    .where('id', '=', accountsA[0] as number)
    .execute()
  // a day of traffic around one day boundary, in two parts, rolled up as it arrives
  const first = { start: EDGE - 6 * 3_600_000, spanMs: 12 * 3_600_000 }
  const second = { start: EDGE + 6 * 3_600_000, spanMs: 12 * 3_600_000 }
  await seedTraffic(ctx.db, {
    tenantId: a,
    accountIds: accountsA,
    senders: [agent1, agent2, null],
    customers: 60,
    seed: 11,
    groupMessages: 30,
    ...first,
  })
  await seedTraffic(ctx.db, {
    tenantId: b,
    accountIds: [accountB],
    senders: [null],
    customers: 25,
    seed: 12,
    ...first,
  })
  await roll()
  await seedTraffic(ctx.db, {
    tenantId: a,
    accountIds: accountsA,
    senders: [agent1, agent2],
    customers: 60,
    seed: 13,
    ...second,
  })
  await seedTraffic(ctx.db, {
    tenantId: b,
    accountIds: [accountB],
    senders: [null],
    customers: 25,
    seed: 14,
    ...second,
  })
  await roll()
})
afterAll(() => ctx.close())

/** The cells of one row of a sheet, from the first column. */
const cells = (ws: ExcelJS.Worksheet | undefined, row: number): unknown[] =>
  ((ws?.getRow(row).values ?? []) as unknown[]).slice(1)

async function overview(token: string, from = FIRST, to = LAST): Promise<StatisticsOverview> {
  const r = await ctx.call('POST', P.overview, { token, body: { from, to } })
  expect(r.code, r.msg).toBe(0)
  return r.data as StatisticsOverview
}

describe('/dataStatistics', () => {
  it('answers 401, 403 and 400, and refuses a reversed or too long range', async () => {
    const body = { from: FIRST, to: LAST }
    expect((await ctx.call('POST', P.overview, { body })).code).toBe(401)
    const agent = (await ctx.signIn('stat-agent1', 'Passw0rd', 'stat-a')).token
    expect((await ctx.call('POST', P.overview, { token: agent, body })).code).toBe(403)
    expect((await ctx.call('POST', P.export, { token: agent, body })).code).toBe(403)
    expect(
      (await ctx.call('POST', P.overview, { token: boss, body: { from: '2026-02-30', to: LAST } })).code,
    ).toBe(400)
    expect((await ctx.call('POST', P.overview, { token: boss, body: { from: 'x' } })).code).toBe(400)
    const reversed = await ctx.call('POST', P.overview, { token: boss, body: { from: LAST, to: FIRST } })
    expect(reversed.code).toBe(ErrorCode.statsRangeInvalid)
    const long = await ctx.call('POST', P.overview, {
      token: boss,
      body: { from: '2025-01-01', to: '2026-01-02' },
    })
    expect(long.code).toBe(ErrorCode.statsRangeTooLong)
    expect(long.msg).toContain(String(STATS_RANGE_DAYS_MAX))
  })

  it('rollups equal a recount from the raw tables after a day of traffic in two tenants', async () => {
    const expected = await recount(ctx.db)
    const actual = await rolledUp(ctx.db)
    expect(actual.daily).toEqual(expected.daily)
    expect(actual.responses).toEqual(expected.responses)
    expect(actual.fans).toEqual(expected.fans)
    expect(actual.open).toEqual(expected.open)
    expect(actual.open.size).toBeGreaterThan(10)
    // the traffic really has every kind of row, on both sides of the day boundary
    const tenantA = [...expected.daily.entries()].filter(([k]) => k.startsWith(`${a}|`))
    const sum = (i: number) => tenantA.reduce((s, [, v]) => s + (v[i] as number), 0)
    expect(sum(0)).toBeGreaterThan(100)
    expect(sum(1)).toBeGreaterThan(100)
    expect(sum(4)).toBeGreaterThan(30)
    expect(sum(3)).toBeGreaterThan(sum(4))
    expect(new Set(tenantA.map(([k]) => k.split('|')[1])).size).toBeGreaterThanOrEqual(2)
    // a second round finds nothing new and changes nothing
    const again = await engine.tick(Date.now() + 60_000)
    expect(again).toMatchObject({ leased: true, messages: 0, sessions: 0, fans: 0 })
    expect(await rolledUp(ctx.db)).toEqual(actual)
  })

  it("sums the range of the caller's tenant only, each day of the range listed", async () => {
    const expected = await recount(ctx.db)
    const total = (tenant: number, i: number) =>
      [...expected.daily.entries()]
        .filter(([k]) => k.startsWith(`${tenant}|`))
        .reduce((s, [, v]) => s + (v[i] as number), 0)
    const mine = await overview(boss)
    const theirs = await overview(bossB)
    expect(mine.totals.messagesIn).toBe(total(a, 0))
    expect(mine.totals.messagesOut).toBe(total(a, 1))
    expect(mine.totals.sessionsOpened).toBe(total(a, 2))
    expect(mine.totals.turnsAnswered).toBe(total(a, 4))
    expect(mine.totals.newFans).toBe(120)
    expect(theirs.totals.messagesIn).toBe(total(b, 0))
    expect(theirs.totals.newFans).toBe(50)
    expect(mine.days.map((d) => d.day)).toEqual([FIRST, LAST])
    expect(mine.days.reduce((s, d) => s + d.messagesIn, 0)).toBe(mine.totals.messagesIn)
    expect(mine.accounts.map((x) => x.accountId).sort()).toEqual([...accountsA].sort())
    expect(mine.accounts.map((x) => x.phone).sort()).toEqual(['8613900000001', '8613900000002'])
    const names = mine.agents.map((x) => x.name)
    expect(names).toEqual(expect.arrayContaining(['stat-agent1', 'stat-agent2']))
    expect(mine.fansBySource.reduce((s, x) => s + x.count, 0)).toBe(120)
    expect(mine.fansByLink).toEqual([{ linkId: 0, name: '', count: 120 }])
    // only the first day: the second day's figures are left out
    const firstDay = await overview(boss, FIRST, FIRST)
    expect(firstDay.days).toHaveLength(1)
    expect(firstDay.totals.messagesIn).toBe(mine.days[0]?.messagesIn)
    expect(firstDay.totals.messagesIn).toBeLessThan(mine.totals.messagesIn)
    // a range without traffic is all zeros, every day listed
    const empty = await overview(boss, '2020-01-01', '2020-01-07')
    expect(empty.days).toHaveLength(7)
    expect(empty.totals).toMatchObject({
      messagesIn: 0,
      messagesOut: 0,
      newFans: 0,
      replyRate: null,
      p50Ms: null,
    })
  })

  it('first-response percentiles are within the stated bound of the exact ones', async () => {
    const exact = (await recount(ctx.db)).times.get(a) ?? []
    expect(exact.length).toBeGreaterThan(30)
    const sorted = [...exact].sort((x, y) => x - y)
    const rank = (p: number) => sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number
    const mine = await overview(boss)
    expect(mine.totals.responses).toBe(exact.length)
    for (const [p, got] of [
      [50, mine.totals.p50Ms],
      [90, mine.totals.p90Ms],
    ] as const) {
      const want = rank(p)
      if (want < 1000) expect(Math.abs((got as number) - want)).toBeLessThanOrEqual(500)
      else expect(Math.abs((got as number) - want) / want).toBeLessThanOrEqual(RESPONSE_BUCKET_ERROR + 1e-9)
    }
  })

  it('exports the figures by day, account and agent with the stated columns', async () => {
    const r = await ctx.call('POST', P.export, {
      token: boss,
      body: { from: FIRST, to: LAST, language: 'en' },
    })
    expect(r.res.headers['content-type']).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer)
    const sheets = STATS_EXPORT_SHEETS.en
    expect(wb.worksheets.map((w) => w.name)).toEqual([sheets.days, sheets.accounts, sheets.agents])
    const mine = await overview(boss)
    const days = wb.getWorksheet(sheets.days)
    expect(cells(days, 1)).toEqual([...STATS_EXPORT_COLUMNS.en])
    const row2 = cells(days, 2)
    expect(row2.slice(0, 4)).toEqual([
      FIRST,
      mine.days[0]?.messagesIn,
      mine.days[0]?.messagesOut,
      mine.days[0]?.newFans,
    ])
    const totalRow = cells(days, 4)
    expect(totalRow.slice(0, 2)).toEqual([sheets.total, mine.totals.messagesIn])
    const agents = wb.getWorksheet(sheets.agents)
    expect(agents?.rowCount).toBe(mine.agents.length + 2)
    const zh = await ctx.call('POST', P.export, {
      token: boss,
      body: { from: FIRST, to: LAST, language: 'zh' },
    })
    const wbZh = new ExcelJS.Workbook()
    await wbZh.xlsx.load(zh.res.rawPayload as unknown as ArrayBuffer)
    expect(cells(wbZh.worksheets[0], 1)).toEqual([...STATS_EXPORT_COLUMNS.zh])
  })

  it("a customer writing in shows in today's figures once the job has run", async () => {
    const today = statsDayText(statsDayOf(Date.now(), STATS_DEFAULT_TIME_ZONE))
    const before = await overview(boss, today, today)
    ctx.sim.network.customerSend('8613911112222', '8613900000002', { kind: 'text', text: 'hello' })
    await ctx.sim.settle(100)
    expect((await overview(boss, today, today)).totals.messagesIn).toBe(before.totals.messagesIn)
    await roll()
    const after = await overview(boss, today, today)
    expect(after.totals.messagesIn).toBe(before.totals.messagesIn + 1)
    expect(after.totals.newFans).toBe(before.totals.newFans + 1)
    expect(after.totals.sessionsOpened).toBe(before.totals.sessionsOpened + 1)
    expect(after.totals.turns).toBe(before.totals.turns + 1)
    expect((await overview(bossB, today, today)).totals.messagesIn).toBe(0)
  })
})
