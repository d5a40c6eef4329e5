import { ErrorCode, type FanBatchResult, Role } from '@app/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import { seedAccount } from '../labels/labels.fixtures.js'
import { seedFanRow, seedLabel } from './fans.fixtures.js'

const base = '/damai/customer/fans'

let ctx: TestContext
let tenant: number
let boss: Signed
let lead: Signed
let agent1: Signed
let agent2: Signed
let rivalFan: number
let rivalLabel: number
let events: ReturnType<typeof recordEvents>
let a1: number
let a2: number

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  agent1 = await ctx.as(tenant, Role.customerUser, 'agent-1')
  agent2 = await ctx.as(tenant, Role.customerUser, 'agent-2')
  const rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  a1 = await seedAccount(ctx.db, tenant, agent1.userId)
  a2 = await seedAccount(ctx.db, tenant, agent2.userId)
  rivalFan = (await seedFanRow(ctx.db, rival, await seedAccount(ctx.db, rival))).fanId
  rivalLabel = await seedLabel(ctx.db, rival, 'Theirs', rivalBoss.userId)
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())
beforeEach(() => {
  events.length = 0
})

const put = async (who: Signed, action: string, body: object, headers: Record<string, string> = {}) =>
  ctx.call('PUT', `${base}/${action}`, { token: who.token, body, headers })
const done = async (who: Signed, action: string, body: object) => {
  const r = await put(who, action, body)
  if (r.code !== 0) throw new Error(`${action}: ${r.code} ${r.msg}`)
  return r.data as FanBatchResult
}
const fanRow = (id: number) =>
  ctx.db
    .selectFrom('fans')
    .select(['invalid', 'mass_send_enabled'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const sessionRow = (id: number) =>
  ctx.db
    .selectFrom('sessions')
    .select(['invalid', 'agent_user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const labelsOf = async (fanId: number) =>
  (await ctx.db.selectFrom('fan_labels').select('label_id').where('fan_id', '=', fanId).execute()).map(
    (r) => r.label_id,
  )

describe('batch access', () => {
  it('answers 401 without a token, 403 to the team lead, 400 to a body without its fans', async () => {
    const body = { fanIds: [1], value: true }
    expect((await ctx.call('PUT', `${base}/massSend`, { body })).code).toBe(401)
    for (const action of ['massSend', 'invalid']) expect((await put(lead, action, body)).code).toBe(403)
    expect((await put(lead, 'migrate', { fanIds: [1], userId: agent1.userId })).code).toBe(403)
    for (const bad of [
      { value: true },
      { fanIds: [], value: true },
      { fanIds: Array.from({ length: 201 }, (_, i) => i + 1), value: true },
      { fanIds: [1], value: 'yes' },
      { filter: { country: 'GBR' }, value: true },
    ])
      expect((await put(boss, 'massSend', bad)).code, JSON.stringify(bad)).toBe(400)
    // invalid and migrate take chosen fans only, never a whole filter
    expect((await put(boss, 'invalid', { filter: {}, value: true })).code).toBe(400)
    expect((await put(boss, 'labels', { fanIds: [1], labelIds: [], mode: 'add' })).code).toBe(400)
  })
})

describe('labels in batch', () => {
  it("labels the chosen fans, answering another tenant's fan as not found and changing it not", async () => {
    const f1 = (await seedFanRow(ctx.db, tenant, a1)).fanId
    const f2 = (await seedFanRow(ctx.db, tenant, a2)).fanId
    const label = await seedLabel(ctx.db, tenant, 'Hot', boss.userId)
    const r = await done(boss, 'labels', { fanIds: [f1, rivalFan, f2, f1], labelIds: [label], mode: 'add' })
    expect(r).toEqual({
      matched: 2,
      changed: 2,
      notFound: 1,
      items: [
        { fanId: f1, outcome: 'done' },
        { fanId: f2, outcome: 'done' },
      ],
    })
    expect(await labelsOf(rivalFan)).toEqual([])
    const off = await done(boss, 'labels', { fanIds: [f2], labelIds: [label], mode: 'remove' })
    expect(off).toMatchObject({ matched: 1, changed: 1 })
    expect(await labelsOf(f1)).toEqual([label])
    expect(await labelsOf(f2)).toEqual([])
    // another tenant's label refuses the batch whole
    expect((await put(boss, 'labels', { fanIds: [f1], labelIds: [rivalLabel], mode: 'add' })).code).toBe(404)
  })

  it('labels every fan a filter matches, in the caller’s scope only', async () => {
    const cn = await Promise.all(
      Array.from({ length: 5 }, () => seedFanRow(ctx.db, tenant, a1, { country: 'CN' })),
    )
    const other = (await seedFanRow(ctx.db, tenant, a2, { country: 'CN' })).fanId
    const label = await seedLabel(ctx.db, tenant, 'China', boss.userId)
    const byAgent = await done(agent1, 'labels', {
      filter: { country: 'CN' },
      labelIds: [label],
      mode: 'add',
    })
    expect(byAgent).toEqual({ matched: 5, changed: 5, notFound: 0, items: [] })
    expect(await labelsOf(other)).toEqual([])
    const all = await done(boss, 'labels', { filter: { country: 'CN' }, labelIds: [label], mode: 'add' })
    expect(all).toMatchObject({ matched: 6, changed: 1 })
    const off = await done(boss, 'labels', {
      filter: { labelIds: [label] },
      labelIds: [label],
      mode: 'remove',
    })
    expect(off).toMatchObject({ matched: 6, changed: 6 })
    for (const f of cn) expect(await labelsOf(f.fanId)).toEqual([])
  })

  it('walks a filter larger than one chunk', async () => {
    const many = Array.from({ length: 230 }, () => seedFanRow(ctx.db, tenant, a2, { country: 'BR' }))
    await Promise.all(many)
    const label = await seedLabel(ctx.db, tenant, 'Brazil', boss.userId)
    const r = await done(boss, 'labels', { filter: { country: 'BR' }, labelIds: [label], mode: 'add' })
    expect(r).toMatchObject({ matched: 230, changed: 230 })
  })
})

describe('mass send in batch', () => {
  it('forbids the chosen fans through the desk (open desks hear it) and a fan without a session alone', async () => {
    const withSession = await seedFanRow(ctx.db, tenant, a1)
    const alone = (await seedFanRow(ctx.db, tenant, a1, { session: false })).fanId
    const r = await done(boss, 'massSend', { fanIds: [withSession.fanId, alone, rivalFan], value: false })
    expect(r).toMatchObject({ matched: 2, changed: 2, notFound: 1 })
    expect((await fanRow(withSession.fanId)).mass_send_enabled).toBe(0)
    expect((await fanRow(alone)).mass_send_enabled).toBe(0)
    expect(
      events.find((e) => e.event === 'session.updated' && e.payload.sessionId === withSession.sessionId),
    ).toMatchObject({ payload: { changes: { massSendEnabled: false } } })
    await done(boss, 'massSend', { fanIds: [withSession.fanId], value: true })
    expect((await fanRow(withSession.fanId)).mass_send_enabled).toBe(1)
  })

  it('allows or forbids every fan a filter matches', async () => {
    const fans = await Promise.all(
      Array.from({ length: 3 }, () => seedFanRow(ctx.db, tenant, a2, { country: 'DE' })),
    )
    const r = await done(boss, 'massSend', { filter: { country: 'DE' }, value: false })
    expect(r).toEqual({ matched: 3, changed: 3, notFound: 0, items: [] })
    for (const f of fans) expect((await fanRow(f.fanId)).mass_send_enabled).toBe(0)
    // agent 1 has no German fans: nothing of agent 2's changes
    expect(await done(agent1, 'massSend', { filter: { country: 'DE' }, value: true })).toMatchObject({
      matched: 0,
    })
    expect((await fanRow(fans[0]?.fanId as number)).mass_send_enabled).toBe(0)
  })
})

describe('invalid in batch', () => {
  it('marks the fan and its session invalid, and restores them', async () => {
    const f = await seedFanRow(ctx.db, tenant, a1)
    const r = await done(boss, 'invalid', { fanIds: [f.fanId], value: true })
    expect(r).toMatchObject({ matched: 1, changed: 1, items: [{ fanId: f.fanId, outcome: 'done' }] })
    expect((await fanRow(f.fanId)).invalid).toBe(1)
    expect((await sessionRow(f.sessionId as number)).invalid).toBe(1)
    expect(events.find((e) => e.event === 'session.updated')).toMatchObject({
      payload: { sessionId: f.sessionId, changes: { invalid: true } },
    })
    await done(agent1, 'invalid', { fanIds: [f.fanId], value: false })
    expect((await fanRow(f.fanId)).invalid).toBe(0)
    expect((await sessionRow(f.sessionId as number)).invalid).toBe(0)
  })

  it("an agent's batch reaches only the fans of their sessions", async () => {
    const mine = (await seedFanRow(ctx.db, tenant, a1)).fanId
    const theirs = (await seedFanRow(ctx.db, tenant, a2)).fanId
    const r = await done(agent1, 'invalid', { fanIds: [mine, theirs], value: true })
    expect(r).toMatchObject({ matched: 1, notFound: 1, items: [{ fanId: mine, outcome: 'done' }] })
    expect((await fanRow(theirs)).invalid).toBe(0)
  })
})

describe('hand to another agent', () => {
  it("moves the fans' sessions as the desk's migrate does, with the same events", async () => {
    const f = await seedFanRow(ctx.db, tenant, a1)
    const noSession = (await seedFanRow(ctx.db, tenant, a1, { session: false })).fanId
    const r = await done(boss, 'migrate', { fanIds: [f.fanId, noSession, rivalFan], userId: agent2.userId })
    expect(r).toEqual({
      matched: 2,
      changed: 1,
      notFound: 1,
      items: [
        { fanId: f.fanId, outcome: 'done' },
        { fanId: noSession, outcome: 'noSession' },
      ],
    })
    expect((await sessionRow(f.sessionId as number)).agent_user_id).toBe(agent2.userId)
    expect(events.find((e) => e.event === 'session.removed')).toMatchObject({
      rooms: [`user:${agent1.userId}`],
      payload: { sessionId: f.sessionId, reason: 'migrated' },
    })
    expect(events.find((e) => e.event === 'session.updated')).toMatchObject({
      payload: { sessionId: f.sessionId, changes: { agentUserId: agent2.userId } },
    })
    // the fan left agent 1's customers and joined agent 2's
    const list = async (who: Signed) =>
      (
        (await ctx.call('POST', `${base}/page`, { token: who.token, body: { pageSize: 100 } })).data as {
          list: { id: number }[]
        }
      ).list.map((x) => x.id)
    expect(await list(agent1)).not.toContain(f.fanId)
    expect(await list(agent2)).toContain(f.fanId)
  })

  it('refuses a target that is not an enabled agent of the tenant, moving nothing', async () => {
    const f = await seedFanRow(ctx.db, tenant, a1)
    for (const userId of [lead.userId, boss.userId, 999_999]) {
      const r = await put(boss, 'migrate', { fanIds: [f.fanId], userId })
      expect(r.code).toBe(ErrorCode.migrateTargetInvalid)
    }
    expect((await sessionRow(f.sessionId as number)).agent_user_id).toBeNull()
  })
})
