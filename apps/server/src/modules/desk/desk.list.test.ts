import { type DeskSessionView, Role, type SessionCounts, type SessionPage } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { scopeChanged } from '../accounts/account-scope.js'
import { type As, deskClient } from './desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let rivalBoss: Signed
let api: ReturnType<typeof deskClient>
let shopA: number
let shopB: number
/** sessions of SHOP_A (assigned to agent A), oldest first */
const onA: number[] = []
/** sessions of SHOP_B (unassigned), oldest first */
const onB: number[] = []
const SHOP_A = '8613800000001'
const SHOP_B = '8613800000002'
const customer = (i: number) => `4477009${String(i).padStart(5, '0')}`

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  api = deskClient(ctx)
  shopA = await ctx.linkAccount(tenant, SHOP_A)
  shopB = await ctx.linkAccount(tenant, SHOP_B)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shopA)
    .execute()
  for (let i = 0; i < 12; i++) onA.push(await customerSession(ctx, customer(i), SHOP_A))
  for (let i = 12; i < 16; i++) onB.push(await customerSession(ctx, customer(i), SHOP_B))
  await ctx.linkAccount(rival, '8613800000009')
})
afterAll(() => ctx.close())

async function page(who: Signed, body: Record<string, unknown> = {}, o?: As): Promise<SessionPage> {
  const r = await api.post(who, '/damai/customer/session/page', body, o)
  if (r.code !== 0) throw new Error(`page: ${r.code} ${r.msg}`)
  return r.data as SessionPage
}
const ids = async (who: Signed, body: Record<string, unknown> = {}, o?: As) =>
  (await page(who, { pageSize: 100, ...body }, o)).list.map((s) => s.id)
async function counts(who: Signed, body: Record<string, unknown> = {}, o?: As): Promise<SessionCounts> {
  const r = await api.post(who, '/damai/customer/session/counts', body, o)
  if (r.code !== 0) throw new Error(`counts: ${r.code} ${r.msg}`)
  return r.data as SessionCounts
}
const setSession = (id: number, patch: Record<string, number | null>) =>
  ctx.db.updateTable('sessions').set(patch).where('id', '=', id).execute()

describe('who sees which sessions', () => {
  it('the supervisor sees the whole tenant, newest first; the team lead has no desk', async () => {
    const all = [...onB].reverse().concat([...onA].reverse())
    expect(await ids(boss)).toEqual(all)
    expect((await api.post(lead, '/damai/customer/session/page', {})).code).toBe(403)
    expect((await api.post(lead, '/damai/customer/session/counts', {})).code).toBe(403)
  })

  it("an agent sees their accounts' sessions and the sessions migrated to them, not others'", async () => {
    expect(await ids(agentA)).toEqual([...onA].reverse())
    expect(await ids(agentB)).toEqual([])
    await setSession(onB[0], { agent_user_id: agentB.userId })
    await setSession(onA[0], { agent_user_id: agentB.userId })
    expect(await ids(agentB)).toEqual([onB[0], onA[0]])
    expect(await ids(agentA)).not.toContain(onA[0])
    await setSession(onB[0], { agent_user_id: null })
    await setSession(onA[0], { agent_user_id: null })
  })

  it('a supervisor acting as an agent (customer-user-id) sees exactly that agent’s sessions', async () => {
    expect(await ids(boss, {}, { acting: agentA.userId })).toEqual(await ids(agentA))
    expect(await ids(boss, {}, { acting: agentB.userId })).toEqual([])
  })

  it('acting as a user who is not an agent of the tenant is forbidden, and an agent cannot act at all', async () => {
    const foreign = await api.post(boss, '/damai/customer/session/page', {}, { acting: rivalBoss.userId })
    expect(foreign.code).toBe(403)
    expect((await api.post(boss, '/damai/customer/session/page', {}, { acting: lead.userId })).code).toBe(403)
    // an agent's header is ignored: they still see only their own
    expect(await ids(agentB, {}, { acting: agentA.userId })).toEqual([])
  })

  it('a rival tenant sees none of these sessions and counts none', async () => {
    const theirs = await ids(rivalBoss)
    expect(theirs.some((id) => onA.includes(id) || onB.includes(id))).toBe(false)
    expect((await counts(rivalBoss)).all).toBe(0)
  })
})

describe('the session row', () => {
  it('carries the flags, the customer, the account and the per-user unread count', async () => {
    const [top] = (await page(agentA, { pageSize: 1 })).list
    expect(top).toMatchObject<Partial<DeskSessionView>>({
      id: onA.at(-1),
      type: 'personal',
      accountId: shopA,
      accountPhone: SHOP_A,
      accountStatus: 'online',
      fanPhone: customer(11),
      jid: `${customer(11)}@s.whatsapp.net`,
      lastMessage: 'hi',
      unreadCount: 1,
      pinned: false,
      blocked: false,
      massSendEnabled: true,
      risk: 'none',
    })
    await ctx.db
      .updateTable('ws_accounts')
      .set({ restricted_until: Date.now() + 60_000 })
      .where('id', '=', shopA)
      .execute()
    expect((await page(agentA, { pageSize: 1 })).list[0].risk).toBe('controlled')
    await ctx.db.updateTable('ws_accounts').set({ restricted_until: null }).where('id', '=', shopA).execute()
  })
})

describe('filters and counts', () => {
  beforeAll(async () => {
    await setSession(onA[1], { pinned: 1 })
    await setSession(onA[2], { ai_reply: 1 })
    await setSession(onA[3], { awaiting_reply_since: Date.now() })
    await setSession(onA[4], { invalid: 1 })
    // agent A has read onA[5]
    const r = await api.post(agentA, '/damai/customer/user/sendReadToFriendForChat', { sessionId: onA[5] })
    expect(r.code).toBe(0)
  })

  it('pinned sessions come first, then the newest activity', async () => {
    expect((await ids(agentA))[0]).toBe(onA[1])
  })

  it.each([
    ['pinned', () => [onA[1]]],
    ['ai', () => [onA[2]]],
    ['noReply', () => [onA[3]]],
    ['invalid', () => [onA[4]]],
  ])('%s lists its sessions only', async (filter, expected) => {
    expect(await ids(agentA, { filter })).toEqual(expected())
  })

  it('all, manual and unread leave invalid customers out; unread is per user', async () => {
    const all = await ids(agentA)
    expect(all).toHaveLength(11)
    expect(all).not.toContain(onA[4])
    expect(await ids(agentA, { filter: 'manual' })).toEqual(all.filter((id) => id !== onA[2]))
    expect(await ids(agentA, { filter: 'unread' })).toEqual(all.filter((id) => id !== onA[5]))
    // the supervisor has read nothing: onA[5] is still unread for them
    expect(await ids(boss, { filter: 'unread', accountId: shopA })).toEqual(all)
  })

  it('group lists group sessions', async () => {
    expect(await ids(agentA, { filter: 'group' })).toEqual([])
    const g = ctx.sim.network.createGroup(customer(0), 'Wholesale buyers', [SHOP_A, customer(1)])
    ctx.sim.network.customerSendGroup(customer(0), g.id, { kind: 'text', text: 'hello group' })
    await ctx.sim.settle(100)
    const groups = await page(agentA, { filter: 'group' })
    expect(groups.list).toHaveLength(1)
    expect(groups.list[0]).toMatchObject({ type: 'group', title: 'Wholesale buyers', massSendEnabled: null })
  })

  it('counts every sidebar entry in one call, in the caller’s scope', async () => {
    expect(await counts(agentA)).toEqual({
      all: 12,
      unread: 11,
      noReply: 1,
      pinned: 1,
      manual: 11,
      ai: 1,
      group: 1,
      invalid: 1,
    })
    expect((await counts(boss)).all).toBe(16)
    expect((await counts(boss)).unread).toBe(16)
    expect(await counts(boss, { accountId: shopB })).toMatchObject({ all: 4, unread: 4, invalid: 0 })
    expect((await counts(agentB)).all).toBe(0)
  })

  it('searches title, phone and remark, case-insensitively; related account narrows', async () => {
    await ctx.db.updateTable('fans').set({ remark: 'VIP Buyer' }).where('phone', '=', customer(7)).execute()
    expect(await ids(agentA, { keyword: 'vip buyer' })).toEqual([onA[7]])
    expect(await ids(boss, { keyword: '+44 7700 900008' })).toEqual([onA[8]])
    expect(await ids(boss, { keyword: 'WHOLESALE' })).toHaveLength(1)
    expect(await ids(boss, { keyword: '%' })).toEqual([])
    expect(await ids(boss, { accountId: shopB })).toEqual([...onB].reverse())
  })

  it('a keyword matching hundreds of customers still pages through them, newest first', async () => {
    const now = Date.now()
    const made: number[] = []
    for (let i = 0; i < 520; i++) {
      const fan = await ctx.db
        .insertInto('fans')
        .values({
          tenant_id: tenant,
          account_id: shopB,
          jid: `4915${i}@s.whatsapp.net`,
          phone: `4915${i}`,
          nickname: `Bulk buyer ${i}`,
          source: 'passive_add',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const s = await ctx.db
        .insertInto('sessions')
        .values({
          tenant_id: tenant,
          account_id: shopB,
          type: 'personal',
          fan_id: fan.id,
          last_activity_at: 1_000 + i,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      made.push(s.id)
    }
    const first = await page(boss, { keyword: 'BULK', pageSize: 50 })
    expect(first.list.map((x) => x.id)).toEqual(made.slice(-50).reverse())
    const second = await page(boss, { keyword: 'BULK', pageSize: 50, cursor: first.nextCursor })
    expect(second.list.map((x) => x.id)).toEqual(made.slice(-100, -50).reverse())
    expect(await ids(boss, { keyword: 'bulk buyer 519' })).toEqual([made[519]])
    await ctx.db.deleteFrom('sessions').where('id', 'in', made).execute()
    await ctx.db.deleteFrom('fans').where('nickname', 'like', 'Bulk buyer %').execute()
  })
})

describe('keyset paging', () => {
  it('pages without repeats or gaps while new messages arrive; moved sessions come over the socket', async () => {
    const seen: number[] = []
    const moved = new Set<number>()
    let cursor: string | undefined
    let round = 0
    do {
      const p = await page(boss, { pageSize: 3, ...(cursor ? { cursor } : {}) })
      seen.push(...p.list.map((s) => s.id))
      cursor = p.nextCursor ?? undefined
      // meanwhile a customer already listed and one not yet listed write again
      const who = [onA[round % onA.length], onB[round % onB.length]]
      for (const id of who) {
        const fan = await ctx.db
          .selectFrom('sessions as s')
          .innerJoin('fans as f', 'f.id', 's.fan_id')
          .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
          .select(['f.phone', 'a.phone as shop'])
          .where('s.id', '=', id)
          .executeTakeFirstOrThrow()
        ctx.sim.network.customerSend(fan.phone ?? '', fan.shop ?? '', {
          kind: 'text',
          text: `again ${round}`,
        })
        moved.add(id)
      }
      await ctx.sim.settle(100)
      round++
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    const everything = await ids(boss)
    expect(everything).toHaveLength(16)
    for (const id of everything) expect(seen.includes(id) || moved.has(id)).toBe(true)
  })

  it('refuses a malformed cursor and an oversized page', async () => {
    expect((await api.post(boss, '/damai/customer/session/page', { cursor: 'x' })).code).toBe(400)
    expect((await api.post(boss, '/damai/customer/session/page', { pageSize: 101 })).code).toBe(400)
    expect((await api.post(boss, '/damai/customer/session/page', { filter: 'sleepy' })).code).toBe(400)
  })
})

describe('access', () => {
  it('answers 401 without a token and 403 for the platform admin', async () => {
    expect((await api.post(null, '/damai/customer/session/page', {})).code).toBe(401)
    expect((await api.post(null, '/damai/customer/session/counts', {})).code).toBe(401)
    const admin = { token: await adminToken(ctx), userId: 1, tenantId: 1 }
    expect((await api.post(admin, '/damai/customer/session/page', {})).code).toBe(403)
  })
})

describe('a deleted account', () => {
  it('hides its sessions from every list and chat, whether fewer or more accounts were deleted than are live', async () => {
    const SHOP_C = '8613800000003'
    const shopC = await ctx.linkAccount(tenant, SHOP_C)
    const onC = await customerSession(ctx, customer(40), SHOP_C)
    const chat = (who: Signed, sessionId: number) =>
      api.post(who, '/damai/customer/user/getSessionChatMessages', { sessionId, pageSize: 10 })
    const sorted = async (list: Promise<number[]>) => (await list).sort((a, b) => a - b)
    const remove = async (accounts: number[], deletedAt: number | null) => {
      await ctx.db
        .updateTable('ws_accounts')
        .set({ deleted_at: deletedAt })
        .where('id', 'in', accounts)
        .execute()
      scopeChanged(tenant)
    }
    const before = await sorted(ids(boss))
    const agentBefore = await sorted(ids(agentA))
    expect(before).toContain(onC)
    expect((await chat(boss, onC)).code).toBe(0)
    const sessionsOf = async (account: number) =>
      (await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', account).execute()).map(
        (r) => r.id,
      )
    const ofB = await sessionsOf(shopB)

    // one of three deleted: the lists leave out its sessions alone
    await remove([shopC], Date.now())
    expect(await sorted(ids(boss))).toEqual(before.filter((id) => id !== onC))
    expect((await chat(boss, onC)).code).toBe(404)
    expect((await counts(boss)).all).toBe(before.length - 1)

    // two of three deleted: only the live account's sessions remain, for the supervisor and its agent
    await remove([shopB], Date.now())
    expect(await sorted(ids(boss))).toEqual(before.filter((id) => id !== onC && !ofB.includes(id)))
    expect(await sorted(ids(agentA))).toEqual(agentBefore)
    expect(await ids(boss, { filter: 'unread' })).not.toContain(onB[0])
    expect((await chat(boss, onB[0])).code).toBe(404)
    expect((await chat(agentA, onA[0])).code).toBe(0)

    await remove([shopB, shopC], null)
    expect(await ids(boss)).toContain(onC)
  })
})
