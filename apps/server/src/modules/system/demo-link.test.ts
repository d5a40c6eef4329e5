import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { DEMO_NUMBERS, linkDemoNumbers } from './demo-link.js'
import { seedDemo } from './demo-seed.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
  await seedDemo(ctx.db)
})
afterAll(() => ctx.close())

const link = () =>
  linkDemoNumbers({
    db: ctx.db,
    login: ctx.messaging.login,
    network: ctx.sim.network,
    gateway: ctx.sim.gateway,
    logger: pino({ level: 'silent' }),
    settle: () => ctx.sim.settle(),
  })

describe('demo numbers', () => {
  it('are linked on the first demo start, each handed to its agent, and only once', async () => {
    expect(await link()).toBe(DEMO_NUMBERS.length)
    const rows = await ctx.db
      .selectFrom('ws_accounts')
      .innerJoin('users', 'users.id', 'ws_accounts.agent_user_id')
      .select(['ws_accounts.phone', 'ws_accounts.status', 'ws_accounts.type', 'users.username'])
      .orderBy('ws_accounts.phone')
      .execute()
    expect(rows).toEqual([
      { phone: '8613800138000', status: 'online', type: 'business', username: 'agent1' },
      { phone: '8613800138001', status: 'online', type: 'personal', username: 'agent2' },
    ])
    // each agent's desk has chats at once: the demo's first customers have written in
    await expect
      .poll(async () =>
        (
          await ctx.db
            .selectFrom('sessions')
            .innerJoin('ws_accounts', 'ws_accounts.id', 'sessions.account_id')
            .innerJoin('fans', 'fans.id', 'sessions.fan_id')
            .select(['ws_accounts.phone as account', 'fans.phone as customer'])
            .orderBy('fans.phone')
            .execute()
        ).map((r) => `${r.account} ← ${r.customer}`),
      )
      .toEqual([
        '8613800138000 ← 447700900123',
        '8613800138000 ← 8613911110001',
        '8613800138001 ← 8613911110002',
      ])
    // a restart finds accounts and links nothing new
    expect(await link()).toBe(0)
    expect(await ctx.db.selectFrom('ws_accounts').select('id').execute()).toHaveLength(2)
  })
})
