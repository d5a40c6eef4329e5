import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { seedDemoBilling } from './demo-billing.js'
import { seedDemo } from './demo-seed.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
  await seedDemo(ctx.db)
})
afterAll(() => ctx.close())

describe('demo billing', () => {
  it('sells the demo tenant its seats through the business user, seats the agents, and only once', async () => {
    await seedDemoBilling(ctx.db, ctx.billing)
    await seedDemoBilling(ctx.db, ctx.billing)
    const demo = await ctx.db
      .selectFrom('tenants')
      .innerJoin('users', 'users.id', 'tenants.seller_user_id')
      .select(['tenants.id', 'users.username'])
      .where('tenants.account', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(demo.username).toBe('business')
    const orders = await ctx.db
      .selectFrom('orders')
      .select(['kind', 'quantity', 'type'])
      .where('tenant_id', '=', demo.id)
      .orderBy('kind')
      .execute()
    expect(orders).toEqual([
      { kind: 'port', quantity: 2, type: 'new' },
      { kind: 'seat', quantity: 4, type: 'new' },
    ])
    const seated = await ctx.db
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select('users.username')
      .where('seats.tenant_id', '=', demo.id)
      .orderBy('users.username')
      .execute()
    expect(seated.map((s) => s.username)).toEqual(['agent1', 'agent2', 'leader'])
  })

  it('lets the seated agents sign in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/damai/system/auth/login',
      payload: { targetAccount: 'demo', username: 'agent1', password: 'Agent2468' },
    })
    expect(res.json().code).toBe(0)
  })
})
