import { FailureReason, riskDay, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { chatWith, riskTenant, saveLimits, sendIn } from './risk.fixtures.js'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({ SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' })
})
afterAll(() => ctx.close())

describe('statistics', () => {
  it('the per-account day counters equal a recount of the messages', async () => {
    const t = await riskTenant(ctx, 'stats1', '8613650000001')
    await saveLimits(ctx, t, { perMinute: 8 }, ['forbidden'])
    const sessions = [] as number[]
    for (let i = 0; i < 4; i++) sessions.push(await chatWith(ctx, t, `44745000000${i}`))
    const [a, b, c, d] = sessions as [number, number, number, number]
    await sendIn(ctx, t, a, 'hello a')
    await sendIn(ctx, t, a, 'again a')
    await sendIn(ctx, t, b, 'hello b')
    await sendIn(ctx, t, b, 'a forbidden word')
    await ctx.db.updateTable('sessions').set({ blocked: 1 }).where('id', '=', c).execute()
    // the desk refuses a blocked chat up front; an auto-reply reaches the dispatcher and fails there
    await sendIn(ctx, t, c, 'to a blocked chat', SendOrigin.autoReply)
    for (let i = 0; i < 6; i++) await sendIn(ctx, t, d, `d${i}`)
    ctx.sim.network.customerSend('447450000000', t.shop, { kind: 'text', text: 'thanks' })
    await ctx.sim.settle(200)
    await ctx.risk.warnings.idle()

    const day = riskDay(Date.now(), 0)
    const r = await ctx.call('POST', '/damai/customer/risk/statistics', {
      token: t.boss.token,
      body: { from: day, to: day },
    })
    expect(r.code).toBe(0)
    const stats = r.data as {
      rows: {
        accountId: number
        sends: number
        newChats: number
        failed: number
        failedByReason: Record<string, number>
        replies: number
        warnings: number
        replyRatio: number
      }[]
      total: { sends: number }
    }
    const mine = await ctx.db
      .selectFrom('messages')
      .select(['session_id', 'from_me', 'status', 'failure_reason'])
      .where('account_id', '=', t.accountId)
      .execute()
    const ours = mine.filter((m) => m.from_me === 1)
    const sent = ours.filter((m) => m.status === 'sent')
    const failed = ours.filter((m) => m.status === 'failed')
    const byReason: Record<string, number> = {}
    for (const m of failed)
      byReason[m.failure_reason as string] = (byReason[m.failure_reason as string] ?? 0) + 1
    // a reply is a customer's message answering ours: the customers' first messages answer nothing,
    // 'thanks' answers the two messages sent in its chat
    const replies = 1
    expect(stats.rows).toHaveLength(1)
    expect(stats.rows[0]).toMatchObject({
      accountId: t.accountId,
      sends: sent.length,
      newChats: new Set(sent.map((m) => m.session_id)).size,
      failed: failed.length,
      failedByReason: byReason,
      replies,
      replyRatio: 0.125,
      warnings: 1,
    })
    expect(sent.length).toBe(8)
    expect(mine.filter((m) => m.from_me === 0)).toHaveLength(5)
    expect(byReason).toEqual({
      [FailureReason.riskControlLimit]: 1,
      [FailureReason.contentViolation]: 1,
      [FailureReason.invalidCustomer]: 1,
    })
    expect(stats.total.sends).toBe(8)
    const week = await ctx.call('POST', '/damai/customer/risk/statistics', {
      token: t.boss.token,
      body: { from: riskDay(Date.now() - 6 * 86_400_000, 0), to: day },
    })
    const days = (week.data as { days: { day: string; sends: number }[] }).days
    expect(days.map((d) => d.day)).toHaveLength(7)
    expect(days.at(-1)).toMatchObject({ day, sends: 8 })
    expect(days[0]?.sends).toBe(0)
  })

  it('refuses a range longer than allowed and one that ends before it starts', async () => {
    const t = await riskTenant(ctx, 'stats2', '8613650000002')
    const long = await ctx.call('POST', '/damai/customer/risk/statistics', {
      token: t.boss.token,
      body: { from: '2026-01-01', to: '2026-06-01' },
    })
    expect(long.code).toBe(3202)
    const backwards = await ctx.call('POST', '/damai/customer/risk/statistics', {
      token: t.boss.token,
      body: { from: '2026-02-01', to: '2026-01-01' },
    })
    expect(backwards.code).toBe(400)
  })
})
