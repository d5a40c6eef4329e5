import { DiversionPath as P, Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let boss: string
let userId: number
let a: number
const A = '8613800000031'

beforeAll(async () => {
  ctx = await createTestContext({ DIVERSION_VISITS_PER_MINUTE: '100000' })
  tenant = await ctx.tenant('durable-links')
  const signed = await ctx.as(tenant, Role.customerMaster, 'boss')
  boss = signed.token
  userId = signed.userId
  a = await ctx.linkAccount(tenant, A)
})
afterAll(() => ctx.close())

async function visit(accountIds: number[]) {
  const r = await ctx.call('POST', P.create, {
    token: boss,
    body: { name: 'ads', greeting: 'Hi', accounts: accountIds.map((accountId) => ({ accountId })) },
  })
  const l = r.data as { id: number; code: string }
  const res = await ctx.app.inject({ method: 'GET', url: `/s?c=${l.code}` })
  const url = new URL(String(res.headers.location))
  return { linkId: l.id, text: url.searchParams.get('text') ?? '' }
}

const attributed = (fanPhone: string) =>
  ctx.db
    .selectFrom('diversion_fans as d')
    .innerJoin('fans as f', 'f.id', 'd.fan_id')
    .select(['d.link_id', 'd.visit_id'])
    .where('d.tenant_id', '=', tenant)
    .where('f.phone', '=', fanPhone)
    .execute()

describe('durable attribution and marketing interactions', () => {
  it('attributes the new customers who wrote in while it was down once it starts, exactly once across two processes', async () => {
    const v1 = await visit([a])
    const v2 = await visit([a])
    await ctx.diversion.settled()
    await ctx.diversion.engine.stop()
    ctx.sim.network.customerSend('447700931001', A, { kind: 'text', text: v1.text })
    ctx.sim.network.customerSend('447700931002', A, { kind: 'text', text: v2.text })
    await ctx.sim.settle(200)
    expect(await attributed('447700931001')).toEqual([])

    const second = await createTestContext({}, { db: ctx.db, simRoutes: false })
    try {
      second.diversion.engine.start()
      ctx.diversion.engine.start()
      await Promise.all([second.diversion.settled(), ctx.diversion.settled()])
      await second.diversion.engine.stop()
      ctx.diversion.engine.start()
      await ctx.diversion.settled()
    } finally {
      await second.diversion.engine.stop()
      await second.close()
    }
    expect(await attributed('447700931001')).toEqual([expect.objectContaining({ link_id: v1.linkId })])
    expect(await attributed('447700931002')).toEqual([expect.objectContaining({ link_id: v2.linkId })])
    const visits = await ctx.db
      .selectFrom('diversion_visits')
      .select(['link_id', 'fan_id'])
      .where('tenant_id', '=', tenant)
      .where('link_id', 'in', [v1.linkId, v2.linkId])
      .execute()
    expect(visits.every((v) => v.fan_id !== null)).toBe(true)
  })

  it('records the answer to a marketing message given while it was down', async () => {
    const sessionId = await customerSession(ctx, '447700931003', A)
    await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId,
      content: { type: 'text', text: 'sale today' },
      requestedBy: userId,
      origin: SendOrigin.massSend,
    })
    await drainOutbox(ctx)
    await ctx.diversion.settled()
    await ctx.diversion.engine.stop()
    ctx.sim.network.customerSend('447700931003', A, { kind: 'text', text: 'how much?' })
    await ctx.sim.settle(100)
    const recorded = () =>
      ctx.db
        .selectFrom('marketing_interactions')
        .select(['origin'])
        .where('tenant_id', '=', tenant)
        .where('session_id', '=', sessionId)
        .execute()
    expect(await recorded()).toEqual([])
    ctx.diversion.engine.start()
    await ctx.diversion.settled()
    expect(await recorded()).toEqual([{ origin: SendOrigin.massSend }])
  })
})
