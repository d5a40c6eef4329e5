import {
  type DeskSessionView,
  ErrorCode,
  Role,
  SendOrigin,
  type SessionPage,
  type SessionStatusEvent,
  type SessionStatusResult,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { deskClient } from './desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let rival: Signed
let rivalSession: number
let api: ReturnType<typeof deskClient>
let events: ReturnType<typeof recordEvents>
const bus: (SessionStatusEvent & { tenantId: number })[] = []
const SHOP = '8613800000011'
const RIVAL_SHOP = '8613800000019'
const STATUS = '/damai/customer/session/status'
const PAGE = '/damai/customer/session/page'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('status')
  boss = await ctx.as(tenant, Role.customerMaster, 'st-boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'st-agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'st-agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'st-lead')
  api = deskClient(ctx)
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  const other = await ctx.tenant('status-rival')
  rival = await ctx.as(other, Role.customerMaster, 'st-rival')
  await ctx.linkAccount(other, RIVAL_SHOP)
  rivalSession = await customerSession(ctx, '447700911999', RIVAL_SHOP)
  events = recordEvents(ctx)
  ctx.events.subscribe('session.status', (e) => {
    bus.push(e)
  })
})
afterAll(() => ctx.close())

const setStatus = (who: Signed, body: Record<string, unknown>, lang?: 'zh' | 'en') =>
  api.put(who, STATUS, body, lang ? { lang } : undefined)
const sessionRow = async (who: Signed, id: number, filters: Record<string, unknown> = {}) =>
  ((await api.post(who, PAGE, { pageSize: 100, ...filters })).data as SessionPage).list.find(
    (s) => s.id === id,
  )
const stored = (id: number) =>
  ctx.db
    .selectFrom('sessions')
    .select(['status', 'snoozed_until', 'status_changed_by', 'waiting_since'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const customerWrites = async (phone: string, text: string) => {
  ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text })
  await ctx.sim.settle(100)
}
const statusEvents = (sessionId: number) =>
  events.filter((e) => e.event === 'session.status' && e.payload.sessionId === sessionId)

describe('PUT /damai/customer/session/status: who may, and what is refused', () => {
  it('answers 401 without a token and 403 to the team lead', async () => {
    const s = await customerSession(ctx, '447700911001', SHOP)
    expect((await setStatus(null as unknown as Signed, { sessionIds: [s], status: 'resolved' })).code).toBe(
      401,
    )
    expect((await setStatus(lead, { sessionIds: [s], status: 'resolved' })).code).toBe(ErrorCode.forbidden)
    expect((await stored(s)).status).toBe('open')
  })

  it('refuses a snooze without a future time, a time without a snooze, and more than 200 sessions', async () => {
    const s = await customerSession(ctx, '447700911002', SHOP)
    const missing = await setStatus(agentA, { sessionIds: [s], status: 'snoozed' }, 'en')
    expect(missing.code).toBe(ErrorCode.badRequest)
    expect(missing.msg).toBe('Choose the time to snooze until')
    const past = await setStatus(agentA, { sessionIds: [s], status: 'snoozed', snoozeUntil: Date.now() - 1 })
    expect(past.code).toBe(ErrorCode.badRequest)
    expect(past.msg).toBe('提醒时间必须晚于当前时间')
    const stray = await setStatus(agentA, {
      sessionIds: [s],
      status: 'open',
      snoozeUntil: Date.now() + 60_000,
    })
    expect(stray.code).toBe(ErrorCode.badRequest)
    const many = Array.from({ length: 201 }, (_, i) => i + 1)
    const tooMany = await setStatus(agentA, { sessionIds: many, status: 'resolved' }, 'en')
    expect(tooMany.code).toBe(ErrorCode.badRequest)
    expect(tooMany.msg).toBe('At most 200 sessions can change status at a time')
    expect((await setStatus(agentA, { sessionIds: [s], status: 'closed' })).code).toBe(ErrorCode.badRequest)
    expect((await stored(s)).status).toBe('open')
  })

  it("answers not found for another tenant's session or one outside the agent's desk, and changes none", async () => {
    const s = await customerSession(ctx, '447700911003', SHOP)
    expect((await setStatus(boss, { sessionIds: [rivalSession], status: 'resolved' })).code).toBe(
      ErrorCode.notFound,
    )
    expect((await setStatus(rival, { sessionIds: [s], status: 'resolved' })).code).toBe(ErrorCode.notFound)
    // agent B is not the agent of the shop's account: not theirs, even named beside one of theirs
    expect((await setStatus(agentB, { sessionIds: [s], status: 'resolved' })).code).toBe(ErrorCode.notFound)
    expect((await setStatus(agentA, { sessionIds: [s, rivalSession], status: 'resolved' })).code).toBe(
      ErrorCode.notFound,
    )
    expect((await stored(s)).status).toBe('open')
    expect((await stored(rivalSession)).status).toBe('open')
  })
})

describe('status changes', () => {
  it("the session's agent resolves it: stored, shown in the list, announced on the bus and to the desks", async () => {
    const s = await customerSession(ctx, '447700911010', SHOP)
    const r = await setStatus(agentA, { sessionIds: [s], status: 'resolved' })
    expect(r.code).toBe(0)
    const [view] = (r.data as SessionStatusResult).list
    expect(view).toMatchObject({
      sessionId: s,
      status: 'resolved',
      snoozedUntil: null,
      statusChangedBy: agentA.userId,
    })
    expect(await stored(s)).toMatchObject({ status: 'resolved', status_changed_by: agentA.userId })
    expect((await sessionRow(agentA, s))?.status).toBe('resolved')
    expect(statusEvents(s).at(-1)).toMatchObject({
      rooms: expect.arrayContaining([`tenant:${tenant}`, `session:${s}`, `user:${agentA.userId}`]),
      payload: { sessionId: s, status: 'resolved', cause: 'user' },
    })
    expect(bus.filter((e) => e.sessionId === s).at(-1)).toMatchObject({
      tenantId: tenant,
      status: 'resolved',
    })
  })

  it('a supervisor changes several at once; a session already in that status is not announced again', async () => {
    const a = await customerSession(ctx, '447700911011', SHOP)
    const b = await customerSession(ctx, '447700911012', SHOP)
    expect((await setStatus(boss, { sessionIds: [a], status: 'pending' })).code).toBe(0)
    const before = statusEvents(a).length
    const r = await setStatus(boss, { sessionIds: [a, b, b], status: 'pending' })
    expect(r.code).toBe(0)
    expect((r.data as SessionStatusResult).list.map((v) => [v.sessionId, v.status])).toEqual([
      [a, 'pending'],
      [b, 'pending'],
    ])
    expect(statusEvents(a)).toHaveLength(before)
    expect(statusEvents(b)).toHaveLength(1)
  })

  it('a snooze keeps its time; a later snooze moves it', async () => {
    const s = await customerSession(ctx, '447700911013', SHOP)
    const until = Date.now() + 3_600_000
    const r = await setStatus(agentA, { sessionIds: [s], status: 'snoozed', snoozeUntil: until })
    expect((r.data as SessionStatusResult).list[0]).toMatchObject({ status: 'snoozed', snoozedUntil: until })
    const row = await sessionRow(agentA, s)
    expect(row).toMatchObject({ status: 'snoozed', snoozedUntil: until })
    await setStatus(agentA, { sessionIds: [s], status: 'snoozed', snoozeUntil: until + 1000 })
    expect((await stored(s)).snoozed_until).toBe(until + 1000)
    await setStatus(agentA, { sessionIds: [s], status: 'open' })
    expect(await stored(s)).toMatchObject({ status: 'open', snoozed_until: null })
  })
})

describe('a customer message reopens; a snooze ends by itself', () => {
  it('a live customer message opens a resolved, pending or snoozed session again', async () => {
    const phone = '447700911020'
    const s = await customerSession(ctx, phone, SHOP)
    for (const body of [
      { status: 'resolved' },
      { status: 'pending' },
      { status: 'snoozed', snoozeUntil: Date.now() + 3_600_000 },
    ]) {
      expect((await setStatus(agentA, { sessionIds: [s], ...body })).code).toBe(0)
      await customerWrites(phone, `again after ${body.status}`)
      expect(await stored(s)).toMatchObject({ status: 'open', snoozed_until: null, status_changed_by: null })
      expect(statusEvents(s).at(-1)?.payload).toMatchObject({ status: 'open', cause: 'customer' })
      expect(bus.filter((e) => e.sessionId === s).at(-1)).toMatchObject({ status: 'open', cause: 'customer' })
    }
    // an open session stays open without a word on the socket
    const heard = statusEvents(s).length
    await customerWrites(phone, 'still here')
    expect(statusEvents(s)).toHaveLength(heard)
  })

  it('our own messages leave the status alone', async () => {
    const s = await customerSession(ctx, '447700911021', SHOP)
    await setStatus(agentA, { sessionIds: [s], status: 'pending' })
    await api.post(agentA, '/damai/customer/user/sendChatMessage', {
      sessionId: s,
      type: 'text',
      text: 'any news?',
    })
    await drainOutbox(ctx)
    expect((await stored(s)).status).toBe('pending')
  })

  it('the snooze engine opens a session at its time, once, and announces it', async () => {
    const s = await customerSession(ctx, '447700911022', SHOP)
    const until = Date.now() + 60_000
    await setStatus(agentA, { sessionIds: [s], status: 'snoozed', snoozeUntil: until })
    await ctx.desk.snooze.tick(until - 1)
    expect((await stored(s)).status).toBe('snoozed')
    await ctx.desk.snooze.tick(until)
    expect(await stored(s)).toMatchObject({ status: 'open', snoozed_until: null, status_changed_by: null })
    expect(statusEvents(s).at(-1)).toMatchObject({
      rooms: expect.arrayContaining([`tenant:${tenant}`, `user:${agentA.userId}`]),
      payload: { status: 'open', cause: 'snoozeEnded' },
    })
    const heard = statusEvents(s).length
    await ctx.desk.snooze.tick(until + 1000)
    expect(statusEvents(s)).toHaveLength(heard)
  })
})

describe('waiting on us, and the list filters', () => {
  it('a customer message starts the clock; a mass send leaves it; a reply from us stops it', async () => {
    const phone = '447700911030'
    const s = await customerSession(ctx, phone, SHOP)
    const first = (await stored(s)).waiting_since
    expect(first).not.toBeNull()
    await customerWrites(phone, 'hello? anyone?')
    expect((await stored(s)).waiting_since).toBe(first)
    await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId: s,
      content: { type: 'text', text: 'our summer sale' },
      requestedBy: null,
      origin: SendOrigin.massSend,
    })
    await drainOutbox(ctx)
    expect((await stored(s)).waiting_since).toBe(first)
    expect((await sessionRow(agentA, s))?.waitingSince).toBe(first)
    await api.post(agentA, '/damai/customer/user/sendChatMessage', {
      sessionId: s,
      type: 'text',
      text: 'hi, how can I help?',
    })
    expect((await stored(s)).waiting_since).toBeNull()
    await customerWrites(phone, 'about my order')
    expect((await stored(s)).waiting_since).not.toBeNull()
    // the desks follow the clock with each message: the session of a message.new carries it
    const news = events.filter(
      (e) => e.event === 'message.new' && (e.payload.session as { id: number }).id === s,
    )
    expect(news.at(-2)?.payload.session).toMatchObject({ waitingSince: null, status: 'open' })
    expect(news.at(-1)?.payload.session).toMatchObject({ waitingSince: (await stored(s)).waiting_since })
    // an automatic reply answers too
    await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId: s,
      content: { type: 'text', text: 'we will be right with you' },
      requestedBy: null,
      origin: SendOrigin.autoReply,
    })
    expect((await stored(s)).waiting_since).toBeNull()
    await drainOutbox(ctx)
  })

  it('resolving stops the clock; the status filter lists only that status', async () => {
    const phone = '447700911031'
    const s = await customerSession(ctx, phone, SHOP)
    await setStatus(agentA, { sessionIds: [s], status: 'resolved' })
    expect((await stored(s)).waiting_since).toBeNull()
    const resolved = (
      (await api.post(agentA, PAGE, { pageSize: 100, status: 'resolved' })).data as SessionPage
    ).list
    expect(resolved.map((r) => r.id)).toContain(s)
    expect(resolved.every((r) => r.status === 'resolved')).toBe(true)
    const open = ((await api.post(agentA, PAGE, { pageSize: 100, status: 'open' })).data as SessionPage).list
    expect(open.map((r) => r.id)).not.toContain(s)
  })

  it('waiting: the sessions whose customer wrote last, the longest waiting first, paged by cursor', async () => {
    // answer everything waiting so far, so the list holds only this test's sessions
    const before = ((await api.post(boss, PAGE, { pageSize: 100, waiting: true })).data as SessionPage).list
    if (before.length) await setStatus(boss, { sessionIds: before.map((r) => r.id), status: 'pending' })
    const ids: number[] = []
    for (const phone of ['447700911040', '447700911041', '447700911042']) {
      ids.push(await customerSession(ctx, phone, SHOP))
      await new Promise((r) => setTimeout(r, 5))
    }
    // the middle one is answered: no longer waiting
    await api.post(agentA, '/damai/customer/user/sendChatMessage', {
      sessionId: ids[1],
      type: 'text',
      text: 'done',
    })
    const pages: DeskSessionView[][] = []
    let cursor: string | undefined
    do {
      const page = (
        await api.post(agentA, PAGE, { pageSize: 1, waiting: true, ...(cursor ? { cursor } : {}) })
      ).data as SessionPage
      pages.push(page.list)
      cursor = page.nextCursor ?? undefined
      if (cursor) expect(cursor).toMatch(/^w_/)
    } while (cursor && pages.length < 10)
    const walked = pages.flat()
    expect(walked.map((r) => r.id)).toEqual([ids[0], ids[2]])
    expect(walked.every((r) => r.waitingSince !== null && r.status === 'open')).toBe(true)
    const since = walked.map((r) => r.waitingSince as number)
    expect(since[0]).toBeLessThanOrEqual(since[1])
    // with a status: the waiting among them only
    await setStatus(agentA, { sessionIds: [ids[2]], status: 'snoozed', snoozeUntil: Date.now() + 3_600_000 })
    const snoozed = ((await api.post(agentA, PAGE, { waiting: true, status: 'snoozed' })).data as SessionPage)
      .list
    expect(snoozed.map((r) => r.id)).toEqual([ids[2]])
    await drainOutbox(ctx)
  })

  it('a list cursor of the other order starts the waiting list from its top', async () => {
    const page = (await api.post(agentA, PAGE, { waiting: true, cursor: '0_1_1' })).data as SessionPage
    expect(page.list.length).toBeGreaterThan(0)
    expect((await api.post(agentA, PAGE, { cursor: 'x_1_1' })).code).toBe(ErrorCode.badRequest)
  })
})
