import { ErrorCode, type Page, Role, type SessionDeletionView, type SessionPage } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'

/**
 * The supervisor's invalid customers and deletion records (/fansManage/invalidFansList and
 * invalidFansDelete): the desk's own session list, flag and delete calls, whose scope is the
 * whole tenant for the supervisor, narrowed by account, agent, time and keyword.
 */
let ctx: TestContext
interface Side {
  boss: Signed
  agents: [Signed, Signed]
  lead: Signed
  accounts: [number, number]
  /** invalid sessions: [agent 1's, agent 2's] */
  invalid: [number, number]
  /** a valid session */
  valid: number
}
let one: Side
let two: Side

async function side(n: number): Promise<Side> {
  const tenantId = await ctx.tenant(`inv${n}`)
  const boss = await ctx.as(tenantId, Role.customerMaster, `inv${n}-boss`)
  const a1 = await ctx.as(tenantId, Role.customerUser, `inv${n}-amy`)
  const a2 = await ctx.as(tenantId, Role.customerUser, `inv${n}-bob`)
  const lead = await ctx.as(tenantId, Role.customerUserLeader, `inv${n}-lead`)
  const shop1 = `8613${n}${n}8000001`
  const shop2 = `8613${n}${n}8000002`
  const acc1 = await ctx.linkAccount(tenantId, shop1)
  const acc2 = await ctx.linkAccount(tenantId, shop2)
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: a1.userId }).where('id', '=', acc1).execute()
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: a2.userId }).where('id', '=', acc2).execute()
  const c = (i: number) => `4479${n}${n}00000${i}`
  for (const i of [1, 2, 3]) ctx.sim.network.addPhone(c(i), { name: `inv${n} customer ${i}` })
  const s1 = await customerSession(ctx, c(1), shop1)
  const s2 = await customerSession(ctx, c(2), shop2)
  const valid = await customerSession(ctx, c(3), shop1)
  for (const [who, sessionId] of [
    [a1, s1],
    [a2, s2],
  ] as const) {
    const r = await flag(who, sessionId, true)
    if (r.code !== 0) throw new Error(`invalid: ${r.code} ${r.msg}`)
  }
  return { boss, agents: [a1, a2], lead, accounts: [acc1, acc2], invalid: [s1, s2], valid }
}

const flag = (who: Signed, sessionId: number, value: boolean) =>
  ctx.call('PUT', '/damai/customer/session/flag', {
    token: who.token,
    body: { sessionId, flag: 'invalid', value },
  })
const invalidList = async (who: Signed, body: Record<string, unknown> = {}) => {
  const r = await ctx.call('POST', '/damai/customer/session/page', {
    token: who.token,
    body: { filter: 'invalid', ...body },
  })
  if (r.code !== 0) throw new Error(`page: ${r.code} ${r.msg}`)
  return (r.data as SessionPage).list.map((s) => s.id).sort((a, b) => a - b)
}
const remove = (who: Signed | null, sessionId: number, reason: string) =>
  ctx.call('DELETE', '/damai/customer/session', {
    token: who?.token,
    query: { sessionId: String(sessionId), reason },
  })
const deletions = async (who: Signed, body: Record<string, unknown> = {}) => {
  const r = await ctx.call('POST', '/damai/customer/session/deletions', { token: who.token, body })
  if (r.code !== 0) throw new Error(`deletions: ${r.code} ${r.msg}`)
  return r.data as Page<SessionDeletionView>
}

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  one = await side(1)
  two = await side(2)
})
afterAll(() => ctx.close())

describe("the supervisor's invalid customers", () => {
  it('answers 401 without a token, 403 to platform staff and to a team lead changing anything', async () => {
    expect(
      (await ctx.call('POST', '/damai/customer/session/page', { body: { filter: 'invalid' } })).code,
    ).toBe(401)
    const admin = await adminToken(ctx)
    const r = await ctx.call('POST', '/damai/customer/session/deletions', { token: admin, body: {} })
    expect(r.code).toBe(403)
    expect((await flag(one.lead, one.invalid[0], false)).code).toBe(403)
    expect((await remove(one.lead, one.invalid[0], 'spam')).code).toBe(403)
    expect((await remove(null, one.invalid[0], 'spam')).code).toBe(401)
  })

  it('answers 400 to malformed filters', async () => {
    for (const body of [{ agentId: 'x' }, { from: -1 }, { keyword: 'k'.repeat(51) }]) {
      const page = await ctx.call('POST', '/damai/customer/session/page', { token: one.boss.token, body })
      expect(page.code).toBe(400)
      const del = await ctx.call('POST', '/damai/customer/session/deletions', { token: one.boss.token, body })
      expect(del.code).toBe(400)
    }
  })

  it("covers every agent of the tenant and no other tenant's", async () => {
    expect(await invalidList(one.boss)).toEqual([...one.invalid].sort((a, b) => a - b))
    expect(await invalidList(two.boss)).toEqual([...two.invalid].sort((a, b) => a - b))
    // an agent sees their own only, and naming another agent never widens it
    expect(await invalidList(one.agents[0])).toEqual([one.invalid[0]])
    expect(await invalidList(one.agents[0], { agentId: one.agents[1].userId })).toEqual([])
    expect(await invalidList(one.boss, { agentId: two.agents[0].userId })).toEqual([])
    expect(await invalidList(one.boss, { accountId: two.accounts[0] })).toEqual([])
  })

  it('narrows by agent, account, time and keyword', async () => {
    expect(await invalidList(one.boss, { agentId: one.agents[1].userId })).toEqual([one.invalid[1]])
    expect(await invalidList(one.boss, { accountId: one.accounts[0] })).toEqual([one.invalid[0]])
    expect(await invalidList(one.boss, { keyword: 'customer 2' })).toEqual([one.invalid[1]])
    expect(await invalidList(one.boss, { from: Date.now() + 60_000 })).toEqual([])
    expect(await invalidList(one.boss, { from: 0, to: Date.now() + 60_000 })).toHaveLength(2)
  })

  it('restores a customer: it leaves the invalid list', async () => {
    expect((await flag(one.boss, one.valid, true)).code).toBe(0)
    expect(await invalidList(one.boss)).toContain(one.valid)
    expect((await flag(one.boss, one.valid, false)).code).toBe(0)
    expect(await invalidList(one.boss)).not.toContain(one.valid)
    // another tenant's customer is not found, and stays invalid
    expect((await flag(one.boss, two.invalid[0], false)).code).toBe(404)
    expect(await invalidList(two.boss)).toContain(two.invalid[0])
  })

  it('deletes with a reason of 1–50 characters, only an invalid customer', async () => {
    expect((await remove(one.boss, one.invalid[1], '')).code).toBe(400)
    expect((await remove(one.boss, one.invalid[1], 'x'.repeat(51))).code).toBe(400)
    expect((await remove(one.boss, one.valid, 'not a lead')).code).toBe(ErrorCode.deleteNeedsInvalid)
    expect((await remove(one.boss, two.invalid[1], 'foreign')).code).toBe(404)
    expect((await remove(one.boss, one.invalid[1], 'x'.repeat(50))).code).toBe(0)
    expect((await remove(one.agents[0], one.invalid[0], 'spam bot')).code).toBe(0)
    expect(await invalidList(one.boss)).toEqual([])
    expect(await invalidList(two.boss)).toHaveLength(2)
  })
})

describe("the supervisor's deletion records", () => {
  it("cover every agent's desk of the tenant, with whose customer it was, and no other tenant's", async () => {
    const all = await deletions(one.boss)
    expect(all.total).toBe(2)
    expect(all.list.map((d) => [d.reason, d.ownerName, d.deletedByName])).toEqual([
      ['spam bot', 'inv1-amy', 'inv1-amy'],
      ['x'.repeat(50), 'inv1-bob', 'inv1-boss'],
    ])
    expect((await deletions(two.boss)).total).toBe(0)
    // the agent sees their own desk's only
    expect((await deletions(one.agents[0])).list.map((d) => d.reason)).toEqual(['spam bot'])
    // a supervisor's deletion is filed under the customer's agent, whose desk lists it
    expect((await deletions(one.agents[1])).list.map((d) => d.reason)).toEqual(['x'.repeat(50)])
  })

  it('narrow by agent, account, time and keyword', async () => {
    const reasons = async (body: Record<string, unknown>) =>
      (await deletions(one.boss, body)).list.map((d) => d.reason)
    expect(await reasons({ agentId: one.agents[0].userId })).toEqual(['spam bot'])
    expect(await reasons({ agentId: one.agents[1].userId })).toEqual(['x'.repeat(50)])
    expect(await reasons({ accountId: one.accounts[1] })).toEqual(['x'.repeat(50)])
    expect(await reasons({ keyword: 'SPAM' })).toEqual(['spam bot'])
    expect(await reasons({ keyword: 'customer 2' })).toEqual(['x'.repeat(50)])
    expect(await reasons({ from: Date.now() + 60_000 })).toEqual([])
    expect(await reasons({ to: 1 })).toEqual([])
    expect(await reasons({ accountId: two.accounts[0] })).toEqual([])
  })
})
