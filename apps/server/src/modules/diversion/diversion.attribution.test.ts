import { DIVERSION_ATTRIBUTION_WINDOW_MS, DiversionPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let agentId: number
let a: number
let b: number
const A = '8613800000001'
const B = '8613800000002'

beforeAll(async () => {
  ctx = await createTestContext({ DIVERSION_VISITS_PER_MINUTE: '100000' })
  tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  a = await ctx.linkAccount(tenant, A)
  b = await ctx.linkAccount(tenant, B)
  agentId = await ctx.user(tenant, Role.customerUser, 'agent-amy')
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: agentId }).where('id', '=', a).execute()
})
afterAll(() => ctx.close())

async function link(accountIds: number[]) {
  const r = await ctx.call('POST', P.create, {
    token: boss,
    body: { name: 'ads', greeting: 'Hi', accounts: accountIds.map((accountId) => ({ accountId })) },
  })
  return r.data as { id: number; code: string }
}

/** A visit; returns the account phone and the prefilled text. */
async function visit(code: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/s?c=${code}` })
  const url = new URL(String(res.headers.location))
  return { phone: url.pathname.slice(1), text: url.searchParams.get('text') ?? '' }
}

async function writeIn(customer: string, accountPhone: string, text: string) {
  ctx.sim.network.customerSend(customer, accountPhone, { kind: 'text', text })
  await ctx.sim.settle(100)
  await ctx.diversion.settled()
}

const stats = async (id: number) =>
  (await ctx.call('GET', P.stats, { token: boss, query: { id: String(id) } })).data as {
    newFans: number
    accounts: { accountId: number; newFans: number }[]
    agents: { agentId: number | null; name: string; newFans: number }[]
  }

describe('attribution of new fans to a link', () => {
  it('counts the visitor who writes in with the prefilled text for the link, the account and its agent', async () => {
    const l = await link([a])
    const v = await visit(l.code)
    expect(v.phone).toBe(A)
    await writeIn('447700900001', A, v.text)
    const s = await stats(l.id)
    expect(s.newFans).toBe(1)
    expect(s.accounts).toEqual([expect.objectContaining({ accountId: a, newFans: 1 })])
    expect(s.agents).toEqual([{ agentId, name: 'agent-amy', newFans: 1 }])
    const listed = await ctx.call('POST', P.page, { token: boss, body: {} })
    expect(
      (listed.data as { list: { id: number; newFans: number }[] }).list.find((x) => x.id === l.id)?.newFans,
    ).toBe(1)
  })

  it('matches the reference even when an earlier visitor of the account has not written yet', async () => {
    const l1 = await link([b])
    const l2 = await link([b])
    const first = await visit(l1.code)
    const second = await visit(l2.code)
    await writeIn('447700900002', B, second.text)
    expect((await stats(l2.id)).newFans).toBe(1)
    expect((await stats(l1.id)).newFans).toBe(0)
    // a first message without the reference takes the oldest unclaimed visit of the account
    await writeIn('447700900003', B, 'hello, is this the shop?')
    expect((await stats(l1.id)).newFans).toBe(1)
    expect(first.phone).toBe(B)
    // no visit left: a new fan that writes in is nobody's
    await writeIn('447700900004', B, 'hello')
    expect((await stats(l1.id)).newFans + (await stats(l2.id)).newFans).toBe(2)
  })

  it('counts a customer once, and not a visit older than the window', async () => {
    const l = await link([b])
    const v = await visit(l.code)
    await writeIn('447700900005', B, v.text)
    await writeIn('447700900005', B, v.text)
    expect((await stats(l.id)).newFans).toBe(1)

    await visit(l.code)
    await ctx.db
      .updateTable('diversion_visits')
      .set({ created_at: Date.now() - DIVERSION_ATTRIBUTION_WINDOW_MS - 1_000 })
      .where('link_id', '=', l.id)
      .where('fan_id', 'is', null)
      .execute()
    await writeIn('447700900006', B, 'hi')
    expect((await stats(l.id)).newFans).toBe(1)
  })
})
