import { ErrorCode, type FanImportResult, type FanPage, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { seedAccount } from '../labels/labels.fixtures.js'

const url = '/damai/customer/fans/import'
const SHOP = '8613800555001'

let ctx: TestContext
let tenant: number
let boss: Signed
let lead: Signed
let agent1: Signed
let agent2: Signed
let shop: number
let rivalShop: number

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  agent1 = await ctx.as(tenant, Role.customerUser, 'agent-1')
  agent2 = await ctx.as(tenant, Role.customerUser, 'agent-2')
  shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent1.userId })
    .where('id', '=', shop)
    .execute()
  rivalShop = await ctx.linkAccount(rival, '8613800555002')
  ctx.sim.network.addPhone('447700900199', { registered: false })
  // a customer who wrote in already
  await customerSession(ctx, '447700900100', SHOP)
})
afterAll(() => ctx.close())

/**
 * An import call, with the simulated network's clock moved on while it runs: WhatsApp is asked
 * at most once a second per account.
 */
async function importing(who: Signed, body: object) {
  let finished = false
  const call = ctx.call('POST', url, { token: who.token, body }).finally(() => {
    finished = true
  })
  for (let i = 0; i < 60 && !finished; i++) await ctx.sim.settle(1_000)
  return call
}
const outcomes = (r: { data: unknown }) =>
  (r.data as FanImportResult).items.map((i) => [i.line, i.outcome] as const)
const count = async (table: 'fans' | 'sessions') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenant)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('import access', () => {
  it('answers 401 without a token, 403 to the team lead, 400 to a malformed list', async () => {
    expect((await ctx.call('POST', url, { body: { accountId: shop, phones: ['1'] } })).code).toBe(401)
    expect((await importing(lead, { accountId: shop, phones: ['447700900101'] })).code).toBe(403)
    for (const body of [
      { accountId: shop, phones: [] },
      { accountId: shop, phones: Array.from({ length: 21 }, () => '447700900101') },
      { phones: ['447700900101'] },
      { accountId: shop, phones: ['4'.repeat(65)] },
    ])
      expect((await importing(boss, body)).code, JSON.stringify(body)).toBe(400)
  })

  it("refuses another tenant's account and, for an agent, an account not theirs, adding nothing", async () => {
    const before = await count('fans')
    expect((await importing(boss, { accountId: rivalShop, phones: ['447700900101'] })).code).toBe(404)
    expect((await importing(agent2, { accountId: shop, phones: ['447700900101'] })).code).toBe(404)
    const offline = await seedAccount(ctx.db, tenant)
    const r = await importing(boss, { accountId: offline, phones: ['447700900101'] })
    expect(r.code).toBe(ErrorCode.accountNotOnline)
    expect(await count('fans')).toBe(before)
  })
})

describe('import by phone list', () => {
  const lines = [
    '+44 7700 900 101',
    '447700900101',
    '447700-900-102',
    'not a phone',
    '12345',
    '447700900199',
    '447700900100',
  ]

  it('answers per line: added, already a fan, not on WhatsApp, invalid; each new fan has its session', async () => {
    const fansBefore = await count('fans')
    const sessionsBefore = await count('sessions')
    const r = await importing(boss, { accountId: shop, phones: lines })
    expect(r.code).toBe(0)
    expect(outcomes(r)).toEqual([
      ['+44 7700 900 101', 'added'],
      ['447700900101', 'exists'],
      ['447700-900-102', 'added'],
      ['not a phone', 'invalid'],
      ['12345', 'invalid'],
      ['447700900199', 'notOnWhatsApp'],
      ['447700900100', 'exists'],
    ])
    const items = (r.data as FanImportResult).items
    expect(items[0]).toMatchObject({ phone: '447700900101', fanId: expect.any(Number) })
    expect(items[1]?.fanId).toBe(items[0]?.fanId)
    expect(await count('fans')).toBe(fansBefore + 2)
    expect(await count('sessions')).toBe(sessionsBefore + 2)
    const added = await ctx.db
      .selectFrom('fans')
      .select(['phone', 'source', 'country'])
      .where('tenant_id', '=', tenant)
      .where('phone', 'in', ['447700900101', '447700900102'])
      .orderBy('phone')
      .execute()
    expect(added).toEqual([
      { phone: '447700900101', source: 'active_add', country: 'GB' },
      { phone: '447700900102', source: 'active_add', country: 'GB' },
    ])
  })

  it('duplicates nothing when the same list comes again', async () => {
    const fansBefore = await count('fans')
    const sessionsBefore = await count('sessions')
    const r = await importing(boss, { accountId: shop, phones: lines })
    expect(outcomes(r).map(([, o]) => o)).toEqual([
      'exists',
      'exists',
      'exists',
      'invalid',
      'invalid',
      'notOnWhatsApp',
      'exists',
    ])
    expect(await count('fans')).toBe(fansBefore)
    expect(await count('sessions')).toBe(sessionsBefore)
  })

  it('an agent imports into their own account, and the new fans are their customers', async () => {
    const r = await importing(agent1, { accountId: shop, phones: ['447700900103'] })
    expect(outcomes(r)).toEqual([['447700900103', 'added']])
    const fanId = (r.data as FanImportResult).items[0]?.fanId
    const page = await ctx.call('POST', '/damai/customer/fans/page', {
      token: agent1.token,
      body: { filter: { source: 'active_add' } },
    })
    expect((page.data as FanPage).list.map((f) => f.id)).toContain(fanId)
  })
})
