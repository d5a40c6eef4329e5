import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let rivalBoss: Signed
let shopA: number
let shopB: number
const SHOP_A = '8613800000001'
const SHOP_B = '8613800000002'

const agentsUrl = '/damai/customer/user/agents'
const accountsUrl = '/damai/customer/user/deskAccounts'

interface AccountRow {
  id: number
  phone: string | null
  status: string
  sessionCount: number
  unreadCount: number
}

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  await ctx.as(rival, Role.customerUser, 'rival-agent')
  shopA = await ctx.linkAccount(tenant, SHOP_A)
  shopB = await ctx.linkAccount(tenant, SHOP_B)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shopA)
    .execute()
  await customerSession(ctx, '447700900001', SHOP_A)
  await customerSession(ctx, '447700900002', SHOP_A)
  await customerSession(ctx, '447700900003', SHOP_B)
})
afterAll(() => ctx.close())

describe('GET /damai/customer/user/agents', () => {
  it('answers 401 without a token and 403 to a team lead', async () => {
    expect((await ctx.call('GET', agentsUrl)).code).toBe(ErrorCode.unauthorized)
    expect((await ctx.call('GET', agentsUrl, { token: lead.token })).code).toBe(ErrorCode.forbidden)
  })

  it("lists the tenant's enabled agents only, without other tenants' or disabled ones", async () => {
    const disabled = await ctx.user(tenant, Role.customerUser, 'agent-off')
    await ctx.db.updateTable('users').set({ status: 1 }).where('id', '=', disabled).execute()
    const r = await ctx.call('GET', agentsUrl, { token: boss.token })
    expect(r.code).toBe(0)
    expect(r.data).toEqual([
      { id: agentA.userId, username: 'agent-a', nickname: 'agent-a' },
      { id: agentB.userId, username: 'agent-b', nickname: 'agent-b' },
    ])
    const rival = await ctx.call('GET', agentsUrl, { token: rivalBoss.token })
    expect((rival.data as { username: string }[]).map((a) => a.username)).toEqual(['rival-agent'])
  })

  it('answers an agent too (the migrate dialog lists colleagues)', async () => {
    const r = await ctx.call('GET', agentsUrl, { token: agentB.token })
    expect((r.data as { id: number }[]).map((a) => a.id)).toEqual([agentA.userId, agentB.userId])
  })
})

describe('GET /damai/customer/user/deskAccounts', () => {
  const get = async (who: Signed, headers: Record<string, string> = {}) => {
    const r = await ctx.call('GET', accountsUrl, { token: who.token, headers })
    return r
  }

  it('answers 401 without a token', async () => {
    expect((await ctx.call('GET', accountsUrl)).code).toBe(ErrorCode.unauthorized)
  })

  it('gives an agent their assigned accounts with their own unread', async () => {
    const r = await get(agentA)
    expect(r.code).toBe(0)
    expect(r.data).toEqual([
      expect.objectContaining({
        id: shopA,
        phone: SHOP_A,
        status: 'online',
        sessionCount: 2,
        unreadCount: 2,
      }),
    ])
    expect((await get(agentB)).data).toEqual([])
  })

  it('gives a supervisor every account of the tenant, and as an agent that agent’s', async () => {
    const all = (await get(boss)).data as AccountRow[]
    expect(all.map((a) => [a.id, a.sessionCount, a.unreadCount])).toEqual([
      [shopA, 2, 2],
      [shopB, 1, 1],
    ])
    const acting = (await get(boss, { 'customer-user-id': String(agentA.userId) })).data as AccountRow[]
    expect(acting.map((a) => a.id)).toEqual([shopA])
    const rival = (await get(rivalBoss)).data as AccountRow[]
    expect(rival.map((a) => a.id)).not.toContain(shopA)
  })

  it("refuses to act as another tenant's user", async () => {
    const r = await get(rivalBoss, { 'customer-user-id': String(agentA.userId) })
    expect(r.code).toBe(ErrorCode.forbidden)
  })

  it('counts unread per user: a read by one agent leaves the supervisor’s count alone', async () => {
    const s = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'unread_count'])
      .where('account_id', '=', shopA)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await ctx.db
      .insertInto('session_reads')
      .values({
        tenant_id: tenant,
        session_id: s.id,
        user_id: agentA.userId,
        read_count: s.unread_count,
        last_read_message_id: null,
        updated_at: Date.now(),
      })
      .execute()
    expect(((await get(agentA)).data as AccountRow[])[0]?.unreadCount).toBe(1)
    expect(((await get(boss)).data as AccountRow[])[0]?.unreadCount).toBe(2)
  })

  it('lists the account of a session migrated to an agent, and leaves invalid sessions out', async () => {
    const s = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', shopB)
      .executeTakeFirstOrThrow()
    await ctx.db
      .updateTable('sessions')
      .set({ agent_user_id: agentB.userId })
      .where('id', '=', s.id)
      .execute()
    expect(((await get(agentB)).data as AccountRow[]).map((a) => [a.id, a.sessionCount])).toEqual([
      [shopB, 1],
    ])
    await ctx.db.updateTable('sessions').set({ invalid: 1 }).where('id', '=', s.id).execute()
    expect((await get(agentB)).data).toEqual([])
  })

  it('answers 433 to a desk that was replaced', async () => {
    const first = await ctx.call('POST', '/damai/customer/desk/enter', { token: agentA.token, body: {} })
    const deskId = (first.data as { deskId: string }).deskId
    await ctx.call('POST', '/damai/customer/desk/enter', { token: agentA.token, body: {} })
    const r = await get(agentA, { 'desk-id': deskId })
    expect(r.code).toBe(ErrorCode.deskTaken)
  })
})
