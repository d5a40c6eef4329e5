import { DiversionPath, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let rival: number
let boss: string
let rivalBoss: string
let a: number
let b: number
let theirs: number
let amy: number
let bob: number
let spring: number
let autumn: number
let rivalLink: number
let fanSeq = 0
const DAY = 86_400_000
const D0 = Date.UTC(2026, 0, 10)
const url = '/damai/customer/wsAccount/acquisitionStatistics'
const share = '/damai/customer/wsAccount/acquisitionShare'
const pub = '/damai/public/acquisitionStatistics'

async function link(tenantId: number, name: string) {
  const r = await ctx.db
    .insertInto('diversion_links')
    .values({
      tenant_id: tenantId,
      code: `code-${name}`,
      name,
      created_by: 0,
      created_at: D0,
      updated_at: D0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

async function visits(tenantId: number, linkId: number, accountId: number, times: number[]) {
  for (const t of times)
    await ctx.db
      .insertInto('diversion_visits')
      .values({ tenant_id: tenantId, link_id: linkId, account_id: accountId, ref: `r${t}`, created_at: t })
      .execute()
}

/** A new fan of the account attributed to the link (and to the agent the account had then). */
async function fan(tenantId: number, linkId: number, accountId: number, agent: number | null, t: number) {
  fanSeq += 1
  const f = await ctx.db
    .insertInto('fans')
    .values({
      tenant_id: tenantId,
      account_id: accountId,
      jid: `4477009${String(fanSeq).padStart(5, '0')}@s.whatsapp.net`,
      phone: null,
      lid: null,
      source: 'passive_add',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await ctx.db
    .insertInto('diversion_fans')
    .values({
      tenant_id: tenantId,
      link_id: linkId,
      account_id: accountId,
      agent_user_id: agent,
      fan_id: f.id,
      visit_id: 0,
      created_at: t,
    })
    .execute()
}

type Stats = {
  rows: { accountId: number; total: number }[]
  links: { linkId: number; name: string; visits: number; newFans: number }[]
  agents: { agentUserId: number | null; name: string | null; newFans: number }[]
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  rival = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  rivalBoss = (await ctx.as(rival, Role.customerMaster, 'rival-boss')).token
  a = await ctx.linkAccount(tenant, '8613800000001')
  b = await ctx.linkAccount(tenant, '8613800000002')
  theirs = await ctx.linkAccount(rival, '8613800000009')
  amy = await ctx.user(tenant, Role.customerUser, 'amy')
  bob = await ctx.user(tenant, Role.customerUser, 'bob')
  const rivalAgent = await ctx.user(rival, Role.customerUser, 'rita')
  spring = await link(tenant, 'spring ads')
  autumn = await link(tenant, 'autumn ads')
  rivalLink = await link(rival, 'rival ads')

  await visits(tenant, spring, a, [D0 + 1, D0 + DAY, D0 + 2 * DAY])
  await visits(tenant, spring, b, [D0 + 5])
  await visits(tenant, autumn, b, [D0 + 6, D0 + DAY + 6])
  // outside [D0, D0 + 3 days): one visit just before, one fan just at the end
  await visits(tenant, autumn, a, [D0 - 1])
  await fan(tenant, spring, a, amy, D0 + 10)
  await fan(tenant, spring, a, amy, D0 + 2 * DAY)
  await fan(tenant, spring, b, bob, D0 + 20)
  await fan(tenant, autumn, b, bob, D0 + DAY)
  await fan(tenant, autumn, b, null, D0 + DAY + 1)
  await fan(tenant, autumn, a, amy, D0 + 3 * DAY)

  await visits(rival, rivalLink, theirs, [D0 + 1, D0 + 2])
  await fan(rival, rivalLink, theirs, rivalAgent, D0 + 3)
  // another tenant's rows never count, even where an account id collides
  await visits(rival, rivalLink, a, [D0 + 3])
  await fan(rival, rivalLink, a, rivalAgent, D0 + 4)
})
afterAll(() => ctx.close())

describe('acquisition statistics per link and per agent', () => {
  it('counts visits and new fans per link and new fans per agent in the range', async () => {
    const r = await ctx.call('POST', url, { token: boss, body: { from: D0, to: D0 + 3 * DAY } })
    expect(r.code).toBe(0)
    const s = r.data as Stats
    expect(s.links).toEqual([
      { linkId: spring, name: 'spring ads', visits: 4, newFans: 3 },
      { linkId: autumn, name: 'autumn ads', visits: 2, newFans: 2 },
    ])
    expect(s.agents).toEqual([
      { agentUserId: amy, name: 'amy', newFans: 2 },
      { agentUserId: bob, name: 'bob', newFans: 2 },
      { agentUserId: null, name: null, newFans: 1 },
    ])
  })

  it('follows the account filter and leaves out links with nothing on those accounts', async () => {
    const r = await ctx.call('POST', url, {
      token: boss,
      body: { from: D0, to: D0 + 3 * DAY, accountIds: [a] },
    })
    const s = r.data as Stats
    expect(s.links).toEqual([{ linkId: spring, name: 'spring ads', visits: 3, newFans: 2 }])
    expect(s.agents).toEqual([{ agentUserId: amy, name: 'amy', newFans: 2 }])
  })

  it('counts the range half-open: the fan at its end falls in the next range', async () => {
    const r = await ctx.call('POST', url, {
      token: boss,
      body: { from: D0 + 3 * DAY, to: D0 + 4 * DAY, accountIds: [a] },
    })
    const s = r.data as Stats
    expect(s.links).toEqual([{ linkId: autumn, name: 'autumn ads', visits: 0, newFans: 1 }])
    expect(s.agents).toEqual([{ agentUserId: amy, name: 'amy', newFans: 1 }])
  })

  it('shows each tenant only its own links and agents', async () => {
    const r = await ctx.call('POST', url, { token: rivalBoss, body: { from: D0, to: D0 + 3 * DAY } })
    const s = r.data as Stats
    expect(s.links).toEqual([{ linkId: rivalLink, name: 'rival ads', visits: 2, newFans: 1 }])
    expect(s.agents.map((x) => x.name)).toEqual(['rita'])
  })

  it('shows on the share page only the shared accounts’ figures', async () => {
    const made = await ctx.call('POST', share, { token: boss, body: { accountIds: [b] } })
    const { code } = made.data as { code: string }
    const seen = await ctx.call('GET', pub, {
      query: { c: code, from: String(D0), to: String(D0 + 3 * DAY) },
    })
    expect(seen.code).toBe(0)
    const s = seen.data as Stats
    expect(s.rows.map((x) => x.accountId)).toEqual([b])
    expect(s.links).toEqual([
      { linkId: autumn, name: 'autumn ads', visits: 2, newFans: 2 },
      { linkId: spring, name: 'spring ads', visits: 1, newFans: 1 },
    ])
    expect(s.agents).toEqual([
      { agentUserId: bob, name: 'bob', newFans: 2 },
      { agentUserId: null, name: null, newFans: 1 },
    ])
  })

  it('counts a fan who came in through a real link visit', async () => {
    const phone = '8613800000003'
    const c = await ctx.linkAccount(tenant, phone)
    await ctx.db.updateTable('ws_accounts').set({ agent_user_id: bob }).where('id', '=', c).execute()
    const made = await ctx.call('POST', DiversionPath.create, {
      token: boss,
      body: { name: 'live ads', greeting: 'Hi', accounts: [{ accountId: c }] },
    })
    const { id, code } = made.data as { id: number; code: string }
    const from = Date.now() - 1_000
    const res = await ctx.app.inject({ method: 'GET', url: `/s?c=${code}` })
    const text = new URL(String(res.headers.location)).searchParams.get('text') ?? ''
    ctx.sim.network.customerSend('447700912345', phone, { kind: 'text', text })
    await ctx.sim.settle(100)
    await ctx.diversion.settled()
    const r = await ctx.call('POST', url, {
      token: boss,
      body: { from, to: Date.now() + 60_000, accountIds: [c] },
    })
    const s = r.data as Stats
    expect(s.rows).toMatchObject([{ accountId: c, total: 1 }])
    expect(s.links).toEqual([{ linkId: id, name: 'live ads', visits: 1, newFans: 1 }])
    expect(s.agents).toEqual([{ agentUserId: bob, name: 'bob', newFans: 1 }])
  })
})
