import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { SendPacer } from './send-pacer.js'

let ctx: TestContext
let tenant: number
let userId: number
const SHOP = '8613800000001'

beforeAll(async () => {
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '6', SEND_BURST: '2', OUTBOX_MAX_WAIT_MS: '60000' })
  tenant = await ctx.tenant('acme')
  userId = (await ctx.as(tenant, Role.customerMaster, 'boss')).userId
  await ctx.linkAccount(tenant, SHOP)
})
afterAll(() => ctx.close())

async function session(phone: string): Promise<number> {
  ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text: 'hi' })
  await ctx.sim.settle(100)
  return (
    await ctx.db
      .selectFrom('sessions as s')
      .innerJoin('fans as f', 'f.id', 's.fan_id')
      .select('s.id')
      .where('f.phone', '=', phone)
      .executeTakeFirstOrThrow()
  ).id
}
const outbox = () =>
  ctx.db.selectFrom('outbox').select(['state', 'due_at', 'last_error']).orderBy('id').execute()

describe('per-account pacing (token bucket in the database)', () => {
  it('sends a burst, then defers the rest to when tokens come back, with the same ids', async () => {
    const s = await session('447700900001')
    const t0 = Date.now()
    for (let i = 0; i < 4; i++)
      await ctx.messaging.outbox.enqueue({
        tenantId: tenant,
        sessionId: s,
        content: { type: 'text', text: `m${i}` },
        requestedBy: userId,
      })
    await ctx.messaging.dispatcher.tick()
    const rows = await outbox()
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sending', 'sending'])
    // 6 a minute: a token every 10 s
    for (const r of rows.slice(2)) {
      expect(r.last_error).toBe('pacing')
      expect(r.due_at).toBeGreaterThanOrEqual(t0 + 9_000)
      expect(r.due_at).toBeLessThan(Date.now() + 10_500)
    }
    const bucket = await ctx.db
      .selectFrom('ws_accounts')
      .select(['bucket_tokens', 'bucket_at'])
      .where('phone', '=', SHOP)
      .executeTakeFirstOrThrow()
    expect(bucket.bucket_tokens).toBeLessThan(1)
  })

  it('halves the rate for a tenant under risk control, doubles it on a special channel', async () => {
    const pacer = new SendPacer(ctx.db, { perMinute: 6, burst: 2 })
    expect(pacer.rateOf({ risk_status: 1, special_channel: 0 }).perMs * 60_000).toBe(3)
    expect(pacer.rateOf({ risk_status: 0, special_channel: 1 }).perMs * 60_000).toBe(12)
  })

  it('fails a message that would wait longer than allowed with "risk control limit"', async () => {
    await ctx.db
      .updateTable('outbox')
      .set({ due_at: 0, created_at: Date.now() - 59_000 })
      .where('state', '=', 'sending')
      .execute()
    await ctx.db
      .updateTable('ws_accounts')
      .set({ bucket_tokens: 0, bucket_at: Date.now() })
      .where('phone', '=', SHOP)
      .execute()
    await ctx.messaging.dispatcher.tick()
    const failed = await ctx.db
      .selectFrom('messages')
      .select(['status', 'failure_reason'])
      .where('body', 'in', ['m2', 'm3'])
      .execute()
    expect(failed).toEqual([
      { status: 'failed', failure_reason: 'risk_control_limit' },
      { status: 'failed', failure_reason: 'risk_control_limit' },
    ])
  })
})
