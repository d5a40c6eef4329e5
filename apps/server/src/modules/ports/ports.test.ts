import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { seedDemo } from '../system/demo-seed.js'

let ctx: TestContext
const url = '/damai/customer/port/page'

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('POST /damai/customer/port/page', () => {
  it("answers 401 and 403, and lists only the tenant's ports with their accounts", async () => {
    const t = await ctx.tenant('acme')
    const other = await ctx.tenant('rival')
    const boss = (await ctx.as(t, Role.customerMaster, 'boss')).token
    const agent = (await ctx.as(t, Role.customerUser, 'agent')).token
    expect((await ctx.call('POST', url, { body: {} })).code).toBe(401)
    expect((await ctx.call('POST', url, { token: agent, body: {} })).code).toBe(403)
    const acc = await ctx.linkAccount(t, '8613800000001')
    await ctx.ports(t, 1, Date.now() - 1)
    await ctx.linkAccount(other, '8613800000002')
    const r = await ctx.call('POST', url, { token: boss, body: {} })
    expect(r.data).toMatchObject({
      total: 2,
      list: [
        { accountId: acc, phone: '8613800000001', expired: false },
        { accountId: null, phone: null, expired: true },
      ],
    })
  })
})

describe('demo seed', () => {
  it('gives the demo tenant ten ports for a year, once', async () => {
    await seedDemo(ctx.db)
    await seedDemo(ctx.db)
    const demo = await ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('account', '=', 'demo')
      .executeTakeFirstOrThrow()
    const ports = await ctx.db.selectFrom('ports').selectAll().where('tenant_id', '=', demo.id).execute()
    expect(ports).toHaveLength(10)
    for (const p of ports) expect(p.expires_at).toBeGreaterThan(Date.now() + 364 * 86_400_000)
  })
})
