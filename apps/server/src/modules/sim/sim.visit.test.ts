import {
  DiversionPath,
  ErrorCode,
  Role,
  type SimDiversionLinkView,
  type SimMessageView,
  type SimVisitResult,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let shopA: number
let shopB: number
const base = '/damai/sim'
const A = '8613800000801'
const B = '8613800000802'
const CUSTOMER = '447700900801'

beforeAll(async () => {
  ctx = await createTestContext({ DIVERSION_VISITS_PER_MINUTE: '100000' })
  tenant = await ctx.tenant('visit-acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'visit-boss')).token
  shopA = await ctx.linkAccount(tenant, A)
  shopB = await ctx.linkAccount(tenant, B)
  await ctx.call('POST', `${base}/phones`, { body: { phone: CUSTOMER, name: 'Visitor' } })
})
afterAll(() => ctx.close())

async function link(accountIds: number[], greeting = 'Hi, I saw your ad') {
  const r = await ctx.call('POST', DiversionPath.create, {
    token: boss,
    body: { name: `ads ${greeting}`, greeting, accounts: accountIds.map((accountId) => ({ accountId })) },
  })
  expect(r.code, r.msg).toBe(0)
  return r.data as { id: number; code: string }
}

const visit = (phone: string, code: string) => ctx.call('POST', `${base}/visit`, { body: { phone, code } })

describe('visiting a diversion link as a simulated phone', () => {
  it('refuses a bad body, an unknown phone, one of the product’s numbers and an unknown link', async () => {
    const l = await link([shopA])
    expect((await ctx.call('POST', `${base}/visit`, { body: { phone: CUSTOMER } })).code).toBe(400)
    expect((await visit('447700900899', l.code)).code).toBe(ErrorCode.simPhoneUnknown)
    expect((await visit(A, l.code)).code).toBe(400)
    expect((await visit(CUSTOMER, 'no-such-code')).code).toBe(ErrorCode.diversionUnknown)
  })

  it('refuses a disabled link, and records no visit', async () => {
    const l = await link([shopA], 'Closed')
    const r = await ctx.call('PUT', DiversionPath.enable, { token: boss, body: { id: l.id, enabled: false } })
    expect(r.code, r.msg).toBe(0)
    expect((await visit(CUSTOMER, l.code)).code).toBe(ErrorCode.diversionDisabled)
    const visits = await ctx.db
      .selectFrom('diversion_visits')
      .select('id')
      .where('link_id', '=', l.id)
      .execute()
    expect(visits).toEqual([])
  })

  it('lists the links to visit, newest first', async () => {
    const l = await link([shopB], 'Listed')
    const r = await ctx.call('GET', `${base}/diversionLinks`)
    const links = r.data as SimDiversionLinkView[]
    expect(links[0]).toEqual({ code: l.code, name: 'ads Listed', enabled: true })
    expect(links.find((x) => x.name === 'ads Closed')?.enabled).toBe(false)
  })

  it('records the visit, sends the greeting with its reference, and the customer is attributed to the link', async () => {
    const l = await link([shopB], 'Hello from the ad')
    const r = await visit(CUSTOMER, l.code)
    expect(r.code, r.msg).toBe(0)
    const result = r.data as SimVisitResult
    expect(result.account).toBe(B)
    const [row] = await ctx.db
      .selectFrom('diversion_visits')
      .selectAll()
      .where('link_id', '=', l.id)
      .execute()
    expect(row).toMatchObject({ tenant_id: tenant, account_id: shopB })
    expect(result.message).toMatchObject({
      fromMe: true,
      kind: 'text',
      text: `Hello from the ad #${row?.ref}`,
    })

    // the phone's chat with the account holds the greeting
    const chat = await ctx.call('GET', `${base}/messages`, {
      query: { phone: CUSTOMER, peer: B, limit: '10' },
    })
    const list = (chat.data as { list: SimMessageView[] }).list
    expect(list.at(-1)?.text).toBe(`Hello from the ad #${row?.ref}`)

    await ctx.sim.settle(100)
    await ctx.diversion.settled()
    const fan = await ctx.db
      .selectFrom('fans')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('phone', '=', CUSTOMER)
      .where('account_id', '=', shopB)
      .executeTakeFirstOrThrow()
    const attributed = await ctx.db
      .selectFrom('diversion_fans')
      .selectAll()
      .where('fan_id', '=', fan.id)
      .execute()
    expect(attributed).toEqual([
      expect.objectContaining({ link_id: l.id, account_id: shopB, visit_id: row?.id }),
    ])
    const stats = await ctx.call('GET', DiversionPath.stats, { token: boss, query: { id: String(l.id) } })
    expect(stats.data).toMatchObject({ visits: 1, redirected: 1, newFans: 1 })
  })
})
