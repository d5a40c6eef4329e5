import {
  AgentPath as A,
  type AgentGroupView,
  DEFAULT_BUSINESS_HOURS,
  StatisticsPath as P,
  Role,
  SupportPath as S,
  type ServiceLevelView,
  SessionType,
  type StatisticsOverview,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

const MIN = 60_000
const HOUR = 60 * MIN
// Los Angeles keeps Pacific Standard Time (UTC−8) all of November 2026; the 16th is a Monday
const LA = (day: number, hh: number, mm: number) => Date.UTC(2026, 10, day, hh + 8, mm)

let ctx: TestContext
let tenant: number
let boss: string
let agent: number
let account: number
let serial = 0

/** A customer's personal session on the tenant's number (`on`, default the first), opened at `at`. */
async function session(at: number, on = account): Promise<number> {
  const phone = `1415555${String(++serial).padStart(4, '0')}`
  const fan = await ctx.db
    .insertInto('fans')
    .values({
      tenant_id: tenant,
      account_id: on,
      jid: `${phone}@s.whatsapp.net`,
      phone,
      source: 'passive_add',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const s = await ctx.db
    .insertInto('sessions')
    .values({
      tenant_id: tenant,
      account_id: on,
      type: SessionType.personal,
      fan_id: fan.id,
      last_activity_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return s.id
}

/** A message of the session at `at`: the customer's, or ours sent by the agent. */
async function message(sessionId: number, fromMe: boolean, at: number, on = account): Promise<void> {
  await ctx.db
    .insertInto('messages')
    .values({
      tenant_id: tenant,
      account_id: on,
      session_id: sessionId,
      wa_message_id: `sl-${++serial}`,
      from_me: fromMe ? 1 : 0,
      type: 'text',
      status: fromMe ? 'sent' : 'received',
      timestamp: at,
      created_at: at,
      requested_by: fromMe ? agent : null,
    })
    .execute()
}

async function overview(from: string, to: string): Promise<StatisticsOverview> {
  const r = await ctx.call('POST', P.overview, { token: boss, body: { from, to } })
  expect(r.code, r.msg).toBe(0)
  return r.data as StatisticsOverview
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('sl-stats')
  boss = (await ctx.as(tenant, Role.customerMaster, 'sl-boss')).token
  agent = await ctx.user(tenant, Role.customerUser, 'sl-agent')
  account = await ctx.linkAccount(tenant, '14155550000')
  const hours = { ...DEFAULT_BUSINESS_HOURS, enabled: true, timeZone: 'America/Los_Angeles' }
  expect((await ctx.call('PUT', S.businessHoursUpdate, { token: boss, body: hours })).code).toBe(0)
  const level = { enabled: true, firstResponseMinutes: 10, nextResponseMinutes: 30 }
  expect((await ctx.call('PUT', S.serviceLevelUpdate, { token: boss, body: level })).code).toBe(0)

  // Monday 09:00: answered after 12 minutes (over the first-response target of 10), then a later
  // turn answered after 20 minutes (within the next-response target of 30)
  const early = await session(LA(16, 9, 0))
  await message(early, false, LA(16, 9, 0))
  await message(early, true, LA(16, 9, 12))
  await message(early, false, LA(16, 10, 0))
  await message(early, true, LA(16, 10, 20))
  // Monday 17:55, answered Tuesday 09:03: 15 hours on the clock, 8 minutes of business time
  const evening = await session(LA(16, 17, 55))
  await message(evening, false, LA(16, 17, 55))
  await message(evening, true, LA(17, 9, 3))
  // Monday 23:30 in Los Angeles is Tuesday 15:30 in Shanghai: it counts on Monday; answered
  // Tuesday 09:20, 20 business minutes after the opening
  const late = await session(LA(16, 23, 30))
  await message(late, false, LA(16, 23, 30))
  await message(late, true, LA(17, 9, 20))
  await ctx.statistics.engine.catchUp(Date.now() + HOUR)
})
afterAll(() => ctx.close())

describe('service levels and the tenant time zone on /dataStatistics', () => {
  it("counts each message on its day in the tenant's time zone", async () => {
    const o = await overview('2026-11-16', '2026-11-17')
    expect(o.timeZone).toBe('America/Los_Angeles')
    const [monday, tuesday] = o.days
    expect(monday).toMatchObject({ day: '2026-11-16', messagesIn: 4, newFans: 3, sessionsOpened: 3 })
    expect(tuesday).toMatchObject({ day: '2026-11-17', messagesIn: 0, messagesOut: 2 })
  })

  it('counts an answer later than its target in business time as a breach, per day, agent and account', async () => {
    const o = await overview('2026-11-16', '2026-11-17')
    expect(o.totals.responses).toBe(4)
    expect(o.totals.breaches).toBe(2)
    expect(o.days.map((d) => d.breaches)).toEqual([1, 1])
    expect(o.agents.find((a) => a.agentId === agent)?.breaches).toBe(2)
    expect(o.accounts.find((a) => a.accountId === account)?.breaches).toBe(2)
  })

  it('counts no breach while the targets are off', async () => {
    const level = { enabled: false, firstResponseMinutes: 10, nextResponseMinutes: 30 }
    expect((await ctx.call('PUT', S.serviceLevelUpdate, { token: boss, body: level })).code).toBe(0)
    const quiet = await session(LA(18, 9, 0))
    await message(quiet, false, LA(18, 9, 0))
    await message(quiet, true, LA(18, 11, 0))
    await ctx.statistics.engine.catchUp(Date.now() + HOUR)
    const o = await overview('2026-11-18', '2026-11-18')
    expect(o.totals).toMatchObject({ responses: 1, breaches: 0 })
  })
})

describe('targets of an agent group, and turns nobody answers', () => {
  const on = { enabled: true, firstResponseMinutes: 10, nextResponseMinutes: 30 }
  let groupId: number
  let vipAccount: number

  beforeAll(async () => {
    expect((await ctx.call('PUT', S.serviceLevelUpdate, { token: boss, body: on })).code).toBe(0)
    const made = await ctx.call('POST', A.group, { token: boss, body: { name: 'VIP' } })
    groupId = (made.data as { id: number }).id
    vipAccount = await ctx.linkAccount(tenant, '14155550999')
    const update = await ctx.call('PUT', A.agentUpdate, { token: boss, body: { id: agent, groupId } })
    expect(update.code, update.msg).toBe(0)
    const bind = await ctx.call('PUT', A.agentBindAccounts, {
      token: boss,
      body: { id: agent, accountIds: [vipAccount] },
    })
    expect(bind.code, bind.msg).toBe(0)
  })

  it("refuses a target out of range in the caller's language and keeps the group's as it was", async () => {
    const r = await ctx.call('PUT', A.groupServiceLevel, {
      token: boss,
      body: { id: groupId, firstResponseMinutes: 0, nextResponseMinutes: null },
      headers: { language: 'en' },
    })
    expect(r.code).not.toBe(0)
    expect(r.msg).toBe('The first response target is a whole number of minutes from 1 to 1440')
    const groups = (await ctx.call('POST', A.groupList, { token: boss, body: {} })).data as AgentGroupView[]
    expect(groups.find((g) => g.id === groupId)).toMatchObject({
      firstResponseMinutes: null,
      nextResponseMinutes: null,
    })
  })

  it("keeps another tenant's group out of reach", async () => {
    const other = await ctx.tenant('sl-other')
    const otherBoss = (await ctx.as(other, Role.customerMaster, 'sl-other-boss')).token
    const r = await ctx.call('PUT', A.groupServiceLevel, {
      token: otherBoss,
      body: { id: groupId, firstResponseMinutes: 1, nextResponseMinutes: 1 },
    })
    expect(r.code).not.toBe(0)
    const groups = (await ctx.call('POST', A.groupList, { token: boss, body: {} })).data as AgentGroupView[]
    expect(groups.find((g) => g.id === groupId)?.firstResponseMinutes).toBeNull()
  })

  it("saves the group's own first-response target and shows it with the group's agents to the desk", async () => {
    const r = await ctx.call('PUT', A.groupServiceLevel, {
      token: boss,
      body: { id: groupId, firstResponseMinutes: 5, nextResponseMinutes: null },
    })
    expect(r.code, r.msg).toBe(0)
    const groups = (await ctx.call('POST', A.groupList, { token: boss, body: {} })).data as AgentGroupView[]
    expect(groups.find((g) => g.id === groupId)).toMatchObject({
      firstResponseMinutes: 5,
      nextResponseMinutes: null,
    })
    const agentToken = (await ctx.as(tenant, Role.customerUser, 'sl-agent-2')).token
    const level = (await ctx.call('GET', S.serviceLevelGet, { token: agentToken })).data as ServiceLevelView
    expect(level).toMatchObject({ firstResponseMinutes: 10, nextResponseMinutes: 30, enabled: true })
    expect(level.groups).toEqual([
      { groupId, name: 'VIP', firstResponseMinutes: 5, nextResponseMinutes: null, agentIds: [agent] },
    ])
  })

  it("counts an answer against the owner's group's target: 7 minutes is late for the group, not for the team", async () => {
    // Thursday 19 November: the group's agent answers after 7 minutes; the team's agentless account too
    const vip = await session(LA(19, 9, 0), vipAccount)
    await message(vip, false, LA(19, 9, 0), vipAccount)
    await message(vip, true, LA(19, 9, 7), vipAccount)
    const team = await session(LA(19, 9, 0))
    await message(team, false, LA(19, 9, 0))
    await message(team, true, LA(19, 9, 7))
    await ctx.statistics.engine.catchUp(Date.now() + HOUR)
    const o = await overview('2026-11-19', '2026-11-19')
    expect(o.totals).toMatchObject({ responses: 2, breaches: 1 })
    expect(o.accounts.find((a) => a.accountId === vipAccount)?.breaches).toBe(1)
    expect(o.accounts.find((a) => a.accountId === account)?.breaches ?? 0).toBe(0)
  })

  it('counts a turn nobody answered once its time has passed, on its due day, and not again when answered', async () => {
    // Friday 20 November 17:58: two business minutes of the group’s five left that day, three more on Monday the 23rd
    const waiting = await session(LA(20, 17, 58), vipAccount)
    await message(waiting, false, LA(20, 17, 58), vipAccount)
    await ctx.statistics.engine.catchUp(Date.now() + HOUR)
    const before = await overview('2026-11-20', '2026-11-23')
    expect(before.days.map((d) => d.breaches)).toEqual([0, 0, 0, 1])
    expect(before.agents.find((a) => a.agentId === agent)?.breaches).toBe(1)
    await message(waiting, true, LA(23, 11, 0), vipAccount)
    await ctx.statistics.engine.catchUp(Date.now() + HOUR)
    const after = await overview('2026-11-20', '2026-11-23')
    expect(after.totals).toMatchObject({ responses: 1, breaches: 1 })
  })
})
