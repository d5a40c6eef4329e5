import {
  ConsolePath as C,
  type ConsoleAgentView,
  type ConsoleOverview,
  ErrorCode,
  Role,
  type SessionCounts,
  type SessionPage,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { deskClient } from '../desk/desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let lead: Signed
let agentA: Signed
let agentB: Signed
let agentOff: Signed
let rivalBoss: Signed
let rivalAgent: Signed
let api: ReturnType<typeof deskClient>
let shopA: number
let shopFree: number
let rivalShop: number
let rivalSession: number
/** sessions of SHOP_A (assigned to agent A) */
const onA: number[] = []
/** sessions of SHOP_FREE (assigned to nobody) */
const onFree: number[] = []
let migratedToA: number
const SHOP_A = '8613800000101'
const SHOP_FREE = '8613800000102'
const customer = (i: number) => `4477019${String(i).padStart(5, '0')}`

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  agentOff = await ctx.as(tenant, Role.customerUser, 'agent-off')
  await ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', agentOff.userId).execute()
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  rivalAgent = await ctx.as(rival, Role.customerUser, 'rival-agent')
  api = deskClient(ctx)
  shopA = await ctx.linkAccount(tenant, SHOP_A)
  shopFree = await ctx.linkAccount(tenant, SHOP_FREE)
  rivalShop = await ctx.linkAccount(rival, '8613800000109')
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shopA)
    .execute()
  for (let i = 0; i < 3; i++) onA.push(await customerSession(ctx, customer(i), SHOP_A))
  for (let i = 3; i < 8; i++) onFree.push(await customerSession(ctx, customer(i), SHOP_FREE))
  // a session of the free account handed to agent A on its own: allocated, not unallocated
  migratedToA = await customerSession(ctx, customer(8), SHOP_FREE)
  expect(
    (
      await api.put(boss, '/damai/customer/session/migrate', {
        sessionId: migratedToA,
        userId: agentA.userId,
      })
    ).code,
  ).toBe(0)
  rivalSession = await customerSession(ctx, customer(9), '8613800000109')
})
afterAll(() => ctx.close())

const overview = async (who: Signed = boss): Promise<ConsoleOverview> => {
  const r = await api.get(who, C.overview)
  if (r.code !== 0) throw new Error(`overview: ${r.code} ${r.msg}`)
  return r.data as ConsoleOverview
}
const agentIn = (o: ConsoleOverview, id: number): ConsoleAgentView | undefined =>
  o.agents.find((a) => a.id === id)
async function consolePage(body: Record<string, unknown> = {}): Promise<SessionPage> {
  const r = await api.post(boss, C.sessionPage, body)
  if (r.code !== 0) throw new Error(`page: ${r.code} ${r.msg}`)
  return r.data as SessionPage
}
const unallocatedIds = async () => (await consolePage({ pageSize: 100 })).list.map((s) => s.id).sort()
const deskIds = async (who: Signed) =>
  ((await api.post(who, '/damai/customer/session/page', { pageSize: 100 })).data as SessionPage).list
    .map((s) => s.id)
    .sort()
const sorted = (ids: number[]) => [...ids].sort()
const accountAgent = async (id: number) =>
  (
    await ctx.db
      .selectFrom('ws_accounts')
      .select('agent_user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).agent_user_id
const sessionAgents = async (ids: number[]) =>
  (
    await ctx.db
      .selectFrom('sessions')
      .select(['id', 'agent_user_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  ).map((r) => r.agent_user_id)

describe('who may use the console', () => {
  const calls = () => [
    () => api.get(null, C.overview),
    () => api.post(null, C.sessionPage, {}),
    () => api.put(null, C.sessionMove, { sessionIds: [onFree[0]], userId: agentB.userId }),
    () => api.put(null, C.accountAssign, { accountIds: [shopFree], userId: agentB.userId }),
    () => api.put(null, C.accountUnassign, { accountIds: [shopA] }),
  ]

  it('answers 401 without a token', async () => {
    for (const call of calls()) expect((await call()).code).toBe(401)
  })

  it('refuses agents, team leads and platform staff (403), and changes nothing', async () => {
    const admin = { token: await adminToken(ctx) }
    for (const who of [agentA, lead, admin]) {
      expect((await api.get(who, C.overview)).code).toBe(403)
      expect((await api.post(who, C.sessionPage, {})).code).toBe(403)
      const move = { sessionIds: [onFree[0]], userId: agentA.userId }
      expect((await api.put(who, C.sessionMove, move)).code).toBe(403)
      const assign = { accountIds: [shopFree], userId: agentA.userId }
      expect((await api.put(who, C.accountAssign, assign)).code).toBe(403)
      expect((await api.put(who, C.accountUnassign, { accountIds: [shopA] })).code).toBe(403)
    }
    expect(await accountAgent(shopFree)).toBeNull()
    expect(await accountAgent(shopA)).toBe(agentA.userId)
    expect(await sessionAgents([onFree[0] as number])).toEqual([null])
  })

  it.each([
    [C.sessionPage, 'POST', { pageSize: 1000 }],
    [C.sessionPage, 'POST', { cursor: 'x' }],
    [C.sessionPage, 'POST', { userId: 'me' }],
    [C.sessionMove, 'PUT', { sessionIds: [], userId: 1 }],
    [C.sessionMove, 'PUT', { sessionIds: Array.from({ length: 101 }, (_, i) => i + 1), userId: 1 }],
    [C.sessionMove, 'PUT', { sessionIds: [1] }],
    [C.accountAssign, 'PUT', { accountIds: [-1], userId: 1 }],
    [C.accountUnassign, 'PUT', { accountIds: 'all' }],
  ] as const)('refuses a malformed body on %s: %j', async (url, method, body) => {
    const r = await ctx.call(method, url, { token: boss.token, body })
    expect(r.code).toBe(400)
  })
})

describe("another tenant's accounts, sessions and agents", () => {
  it('are not found, and nothing of either tenant changes', async () => {
    const mine = { sessionIds: [onFree[0], rivalSession], userId: agentB.userId }
    expect((await api.put(boss, C.sessionMove, mine)).code).toBe(404)
    const toRival = { sessionIds: [onFree[0]], userId: rivalAgent.userId }
    expect((await api.put(boss, C.sessionMove, toRival)).code).toBe(ErrorCode.migrateTargetInvalid)
    const theirAccount = { accountIds: [shopFree, rivalShop], userId: agentB.userId }
    expect((await api.put(boss, C.accountAssign, theirAccount)).code).toBe(404)
    const toTheirAgent = { accountIds: [shopFree], userId: rivalAgent.userId }
    expect((await api.put(boss, C.accountAssign, toTheirAgent)).code).toBe(ErrorCode.migrateTargetInvalid)
    expect((await api.put(boss, C.accountUnassign, { accountIds: [rivalShop] })).code).toBe(404)
    expect((await api.post(boss, C.sessionPage, { userId: rivalAgent.userId })).code).toBe(404)
    // the rival's supervisor cannot reach ours either
    expect((await api.put(rivalBoss, C.accountUnassign, { accountIds: [shopA] })).code).toBe(404)
    const steal = { sessionIds: [onA[0]], userId: rivalAgent.userId }
    expect((await api.put(rivalBoss, C.sessionMove, steal)).code).toBe(404)
    expect(await accountAgent(shopFree)).toBeNull()
    expect(await accountAgent(shopA)).toBe(agentA.userId)
    expect(await accountAgent(rivalShop)).toBeNull()
    expect(await sessionAgents([onFree[0] as number, rivalSession])).toEqual([null, null])
  })

  it("shows each supervisor only their own tenant's people, accounts and sessions", async () => {
    const theirs = await overview(rivalBoss)
    expect(theirs.agents.map((a) => a.id)).toEqual([rivalAgent.userId])
    expect(theirs.accounts.map((a) => a.id)).toEqual([rivalShop])
    expect(theirs.unallocated.sessions).toBe(1)
    const ours = await overview()
    expect(ours.accounts.map((a) => a.id).sort()).toEqual(sorted([shopA, shopFree]))
    expect(ours.agents.some((a) => a.id === rivalAgent.userId)).toBe(false)
    expect((await unallocatedIds()).includes(rivalSession)).toBe(false)
  })

  it('refuses to give work to a disabled agent', async () => {
    const move = { sessionIds: [onFree[0]], userId: agentOff.userId }
    expect((await api.put(boss, C.sessionMove, move)).code).toBe(ErrorCode.migrateTargetInvalid)
    const assign = { accountIds: [shopFree], userId: agentOff.userId }
    const r = await ctx.call('PUT', C.accountAssign, {
      token: boss.token,
      body: assign,
      headers: { language: 'en' },
    })
    expect(r).toMatchObject({
      code: ErrorCode.migrateTargetInvalid,
      msg: 'No such agent in your company, or the agent is disabled',
    })
  })
})

describe('the unallocated sessions', () => {
  it("lists the free account's sessions not migrated to anyone, with account, customer and unread", async () => {
    expect(await unallocatedIds()).toEqual(sorted(onFree))
    const first = (await consolePage({ pageSize: 100 })).list.find((s) => s.id === onFree[0])
    expect(first).toMatchObject({
      accountId: shopFree,
      accountPhone: SHOP_FREE,
      fanPhone: customer(3),
      lastMessage: 'hi',
      unreadCount: 1,
      agentUserId: null,
    })
  })

  it('pages by keyset without repeating or losing a session, and filters by account', async () => {
    const seen: number[] = []
    let cursor: string | undefined
    do {
      const p = await consolePage({ pageSize: 2, ...(cursor ? { cursor } : {}) })
      expect(p.list.length).toBeLessThanOrEqual(2)
      seen.push(...p.list.map((s) => s.id))
      cursor = p.nextCursor ?? undefined
    } while (cursor)
    expect(sorted(seen)).toEqual(sorted(onFree))
    expect(new Set(seen).size).toBe(seen.length)
    expect((await consolePage({ accountId: shopA })).list).toEqual([])
  })

  it('leaves out invalid customers', async () => {
    const flag = { sessionId: onFree[4], flag: 'invalid', value: true }
    expect((await api.put(boss, '/damai/customer/session/flag', flag)).code).toBe(0)
    expect(await unallocatedIds()).toEqual(sorted(onFree.slice(0, 4)))
    expect((await overview()).unallocated.sessions).toBe(4)
    expect((await api.put(boss, '/damai/customer/session/flag', { ...flag, value: false })).code).toBe(0)
  })
})

describe('the allocated view', () => {
  it("counts each agent's sessions, unread and unreplied as their desk's sidebar does", async () => {
    // agent A answers one customer (our message awaits a reply) and reads another
    const send = { sessionId: onA[0], type: 'text', text: 'hello from A' }
    expect((await api.post(agentA, '/damai/customer/user/sendChatMessage', send)).code).toBe(0)
    await drainOutbox(ctx)
    expect(
      (await api.post(agentA, '/damai/customer/user/sendReadToFriendForChat', { sessionId: onA[1] })).code,
    ).toBe(0)
    // the supervisor reads one unallocated session: the unallocated unread is theirs
    expect(
      (await api.post(boss, '/damai/customer/user/sendReadToFriendForChat', { sessionId: onFree[0] })).code,
    ).toBe(0)

    const o = await overview()
    const sidebar = (await api.post(agentA, '/damai/customer/session/counts', {})).data as SessionCounts
    const a = agentIn(o, agentA.userId)
    expect(a).toMatchObject({
      active: true,
      online: false,
      sessions: sidebar.all,
      unread: sidebar.unread,
      unreplied: sidebar.noReply,
    })
    expect(a).toMatchObject({ sessions: 4, unread: 3, unreplied: 1 })
    expect(a?.accounts.map((x) => x.id)).toEqual([shopA])
    expect(agentIn(o, agentB.userId)).toMatchObject({
      active: true,
      sessions: 0,
      unread: 0,
      unreplied: 0,
      accounts: [],
    })
    // a disabled agent holding nothing is not listed; the team lead neither
    expect(agentIn(o, agentOff.userId)).toBeUndefined()
    expect(agentIn(o, lead.userId)).toBeUndefined()
    expect(o.unallocated).toEqual({ sessions: 5, unread: 4, unreplied: 0 })
    expect(o.accounts.find((x) => x.id === shopFree)).toMatchObject({
      agentUserId: null,
      sessions: 6,
      unallocated: 5,
    })
    expect(o.accounts.find((x) => x.id === shopA)).toMatchObject({
      agentUserId: agentA.userId,
      sessions: 3,
      unallocated: 0,
    })
  })

  it("drills into one agent's sessions as their desk lists them", async () => {
    const p = await consolePage({ userId: agentA.userId, pageSize: 100 })
    expect(sorted(p.list.map((s) => s.id))).toEqual(await deskIds(agentA))
    expect(sorted(p.list.map((s) => s.id))).toEqual(sorted([...onA, migratedToA]))
    // their unread, not the supervisor's
    expect(p.list.find((s) => s.id === onA[1])?.unreadCount).toBe(0)
    expect((await consolePage({ userId: agentB.userId })).list).toEqual([])
  })
})

describe('assigning an account', () => {
  it("hands the account's sessions to the agent, leaving a session migrated elsewhere where it is", async () => {
    const events = recordEvents(ctx)
    const r = await api.put(boss, C.accountAssign, { accountIds: [shopFree], userId: agentB.userId })
    expect(r).toMatchObject({ code: 0, data: { changed: 1 } })
    expect(await deskIds(agentB)).toEqual(sorted(onFree))
    expect(await deskIds(agentA)).toEqual(sorted([...onA, migratedToA]))
    expect(await unallocatedIds()).toEqual([])
    const o = await overview()
    expect(agentIn(o, agentB.userId)).toMatchObject({
      sessions: 5,
      accounts: [{ id: shopFree, phone: SHOP_FREE }],
    })
    expect(o.unallocated.sessions).toBe(0)
    expect(events).toEqual([
      {
        rooms: [`tenant:${tenant}`, `user:${agentB.userId}`],
        event: 'account.assigned',
        payload: { accountId: shopFree, agentUserId: agentB.userId, previousAgentUserId: null },
      },
    ])
    // again: nothing changes, nothing is announced
    expect(
      (await api.put(boss, C.accountAssign, { accountIds: [shopFree], userId: agentB.userId })).data,
    ).toEqual({ changed: 0 })
    expect(events).toHaveLength(1)
  })

  it('moves an account from one agent to another: the desks follow at once', async () => {
    const events = recordEvents(ctx)
    const sidebarBefore = (await api.post(agentB, '/damai/customer/session/counts', {})).data as SessionCounts
    expect((await api.put(boss, C.accountAssign, { accountIds: [shopA], userId: agentB.userId })).code).toBe(
      0,
    )
    expect(await deskIds(agentA)).toEqual([migratedToA])
    expect(await deskIds(agentB)).toEqual(sorted([...onA, ...onFree]))
    // the desk's cached sidebar counts are forgotten at once
    const sidebar = (await api.post(agentB, '/damai/customer/session/counts', {})).data as SessionCounts
    expect(sidebar.all).toBe(sidebarBefore.all + 3)
    expect(events.map((e) => [e.rooms, e.payload])).toEqual([
      [
        [`tenant:${tenant}`, `user:${agentA.userId}`, `user:${agentB.userId}`],
        { accountId: shopA, agentUserId: agentB.userId, previousAgentUserId: agentA.userId },
      ],
    ])
  })

  it('unassigning makes the sessions unallocated again', async () => {
    const events = recordEvents(ctx)
    const r = await api.put(boss, C.accountUnassign, { accountIds: [shopA, shopFree] })
    expect(r).toMatchObject({ code: 0, data: { changed: 2 } })
    expect(await deskIds(agentB)).toEqual([])
    expect(await unallocatedIds()).toEqual(sorted([...onA, ...onFree]))
    expect(events.map((e) => e.payload)).toEqual([
      { accountId: shopA, agentUserId: null, previousAgentUserId: agentB.userId },
      { accountId: shopFree, agentUserId: null, previousAgentUserId: agentB.userId },
    ])
    expect(agentIn(await overview(), agentB.userId)).toMatchObject({ sessions: 0, accounts: [] })
  })
})

describe('moving sessions', () => {
  it('hands a selection to an agent with the desk migration and its events', async () => {
    const events = recordEvents(ctx)
    const picked = [onFree[0] as number, onA[0] as number]
    const r = await api.put(boss, C.sessionMove, {
      sessionIds: [...picked, picked[0]],
      userId: agentB.userId,
    })
    expect(r).toMatchObject({ code: 0, data: { moved: 2 } })
    expect(await deskIds(agentB)).toEqual(sorted(picked))
    expect(await unallocatedIds()).toEqual(sorted([...onA, ...onFree].filter((id) => !picked.includes(id))))
    const updated = events.filter((e) => e.event === 'session.updated')
    expect(updated.map((e) => e.payload)).toEqual(
      picked.map((sessionId) => ({ sessionId, changes: { agentUserId: agentB.userId } })),
    )
    for (const e of updated) expect(e.rooms).toContain(`user:${agentB.userId}`)
  })

  it('takes a session from one agent to another: the old one hears it removed', async () => {
    const events = recordEvents(ctx)
    expect(
      (await api.put(boss, C.sessionMove, { sessionIds: [migratedToA], userId: agentB.userId })).code,
    ).toBe(0)
    expect(await deskIds(agentA)).toEqual([])
    expect(events.find((e) => e.event === 'session.removed')).toEqual({
      rooms: [`user:${agentA.userId}`],
      event: 'session.removed',
      payload: { sessionId: migratedToA, reason: 'migrated' },
    })
    const o = await overview()
    expect(agentIn(o, agentB.userId)?.sessions).toBe(3)
    expect(agentIn(o, agentA.userId)?.sessions).toBe(0)
  })

  it('lists a disabled agent who still holds sessions, so they can be handed on', async () => {
    await ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', agentB.userId).execute()
    const b = agentIn(await overview(), agentB.userId)
    expect(b).toMatchObject({ active: false, sessions: 3 })
    const theirs = (await consolePage({ userId: agentB.userId })).list.map((s) => s.id)
    const r = await api.put(boss, C.sessionMove, { sessionIds: theirs, userId: agentA.userId })
    expect(r).toMatchObject({ code: 0, data: { moved: 3 } })
    expect(agentIn(await overview(), agentB.userId)).toBeUndefined()
    await ctx.db.updateTable('users').set({ status: 0 }).where('id', '=', agentB.userId).execute()
  })
})
