import { Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { P, ruleBody } from './autoReply.fixtures.js'

const SHOP = '8613600000021'
const OTHER_SHOP = '8613600000022'

let ctx: TestContext
let tenant: number
let other: number
let boss: Signed
let otherBoss: Signed
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '100000', SEND_BURST: '100000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000, newChatsPerHour: 100_000 } } },
  )
  tenant = await ctx.tenant('durable')
  other = await ctx.tenant('durable-other')
  boss = await ctx.as(tenant, Role.customerMaster, 'durable-boss')
  otherBoss = await ctx.as(other, Role.customerMaster, 'durable-other-boss')
  await ctx.linkAccount(tenant, SHOP)
  await ctx.linkAccount(other, OTHER_SHOP)
})
afterAll(() => ctx.close())

const rule = async (over: Record<string, unknown>, who: Signed = boss) => {
  const r = await ctx.call('POST', P.create, { token: who.token, body: ruleBody(over) })
  expect(r.code, r.msg).toBe(0)
  return (r.data as { id: number }).id
}
const customer = async (shop = SHOP) => {
  n++
  const phone = `44774${String(n).padStart(7, '0')}`
  return { phone, sessionId: await customerSession(ctx, phone, shop) }
}
const send = async (phone: string, text: string, shop = SHOP) => {
  ctx.sim.network.customerSend(phone, shop, { kind: 'text', text })
  await ctx.sim.settle(100)
}
const replies = (sessionId: number) =>
  ctx.db
    .selectFrom('outbox as o')
    .innerJoin('messages as m', 'm.id', 'o.message_id')
    .select(['m.body', 'm.status', 'm.failure_reason', 'o.state'])
    .where('o.session_id', '=', sessionId)
    .where('o.origin', '=', SendOrigin.autoReply)
    .orderBy('o.id')
    .execute()
const texts = async (sessionId: number) => (await replies(sessionId)).map((r) => r.body)
const watermark = async () =>
  (
    await ctx.db
      .selectFrom('message_cursors')
      .select('last_id')
      .where('consumer', '=', 'auto-reply')
      .executeTakeFirstOrThrow()
  ).last_id

describe('durable auto-reply', () => {
  it('answers the messages stored while the engine was down once it starts, exactly once across two processes', async () => {
    const id = await rule({ keywords: ['outage'], sentences: [{ type: 'text', text: 'back soon' }] })
    const c1 = await customer()
    const c2 = await customer()
    await ctx.autoReply.engine.settled()
    await ctx.autoReply.engine.stop()
    // the engine is down (as after a crash past the messages' commit): nothing answers
    await send(c1.phone, 'outage?')
    await send(c2.phone, 'is this an outage')
    await send(c1.phone, 'outage again')
    await ctx.autoReply.engine.settled()
    expect(await texts(c1.sessionId)).toEqual([])
    expect(await texts(c2.sessionId)).toEqual([])

    // a second server on the same database, which never heard of these messages
    const second = await createTestContext({}, { db: ctx.db, simRoutes: false })
    try {
      second.autoReply.engine.start()
      ctx.autoReply.engine.start()
      await Promise.all([second.autoReply.engine.settled(), ctx.autoReply.engine.settled()])
      // whichever holds the watermark has to finish before the other can take it over
      await second.autoReply.engine.stop()
      ctx.autoReply.engine.start()
      await ctx.autoReply.engine.settled()
      expect(await texts(c1.sessionId)).toEqual(['back soon', 'back soon'])
      expect(await texts(c2.sessionId)).toEqual(['back soon'])
      const stats = await ctx.db
        .selectFrom('auto_reply_rules')
        .select(['hits', 'replies'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(stats).toEqual({ hits: 3, replies: 3 })
      const last = await ctx.db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('from_me', '=', 0)
        .executeTakeFirstOrThrow()
      expect(await watermark()).toBeGreaterThanOrEqual(Number(last.id))
    } finally {
      await second.autoReply.engine.stop()
      await second.close()
    }
    // and a restart does not answer them again
    await ctx.autoReply.engine.stop()
    ctx.autoReply.engine.start()
    await ctx.autoReply.engine.settled()
    expect(await texts(c1.sessionId)).toHaveLength(2)
    expect(await texts(c2.sessionId)).toHaveLength(1)
  })

  it('the watermark held by a running engine keeps another one from consuming', async () => {
    await rule({ keywords: ['leased'], sentences: [{ type: 'text', text: 'one answer' }] })
    const c = await customer()
    await ctx.autoReply.engine.settled()
    const second = await createTestContext({}, { db: ctx.db, simRoutes: false })
    try {
      // this process holds the claim; the other one finds it taken and leaves the message alone
      await send(c.phone, 'leased')
      second.autoReply.engine.start()
      await second.autoReply.engine.settled()
      await ctx.autoReply.engine.settled()
      expect(await texts(c.sessionId)).toEqual(['one answer'])
    } finally {
      await second.autoReply.engine.stop()
      await second.close()
    }
  })

  it('sends nothing to a customer set to do-not-disturb while the reply waited for its delay', async () => {
    await rule({ keywords: ['later'], replyDelay: 60, sentences: [{ type: 'text', text: 'delayed' }] })
    const c = await customer()
    await send(c.phone, 'later please')
    await ctx.autoReply.engine.settled()
    expect(await texts(c.sessionId)).toEqual(['delayed'])
    await ctx.db
      .updateTable('sessions')
      .set({ dnd: 1 })
      .where('tenant_id', '=', tenant)
      .where('id', '=', c.sessionId)
      .execute()
    // the reply falls due
    await ctx.db
      .updateTable('outbox')
      .set({ due_at: Date.now() - 1 })
      .where('tenant_id', '=', tenant)
      .where('session_id', '=', c.sessionId)
      .execute()
    await drainOutbox(ctx)
    const [row] = await replies(c.sessionId)
    expect(row.status).toBe('failed')
    expect(row.failure_reason).toBe('invalid_customer')
    expect(row.state).not.toBe('sent')
  })

  it('a tenant whose matcher is being rebuilt does not hold up another tenant, and keeps its old matcher meanwhile', async () => {
    const oldRule = await rule({ keywords: ['slowbook'], sentences: [{ type: 'text', text: 'old matcher' }] })
    await rule({ keywords: ['fastbook'], sentences: [{ type: 'text', text: 'other tenant' }] }, otherBoss)
    const slow = await customer()
    const fast = await customer(OTHER_SHOP)
    await send(slow.phone, 'slowbook')
    await send(fast.phone, 'fastbook', OTHER_SHOP)
    await ctx.autoReply.engine.settled()
    expect(await texts(slow.sessionId)).toEqual(['old matcher'])
    expect(await texts(fast.sessionId)).toEqual(['other tenant'])

    // the tenant's rules change and reading them hangs until released
    const repo = ctx.autoReply.service.repo
    const enabled = repo.enabled.bind(repo)
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    repo.enabled = async (tenantId: number) => {
      if (tenantId === tenant) await gate
      return enabled(tenantId)
    }
    try {
      const r = await ctx.call('PUT', P.update, {
        token: boss.token,
        body: {
          id: oldRule,
          ...ruleBody({ keywords: ['slowbook'], sentences: [{ type: 'text', text: 'new matcher' }] }),
        },
      })
      expect(r.code, r.msg).toBe(0)
      await send(fast.phone, 'fastbook again', OTHER_SHOP)
      await send(slow.phone, 'slowbook again')
      await ctx.autoReply.engine.settled()
      expect(await texts(fast.sessionId)).toEqual(['other tenant', 'other tenant'])
      expect(await texts(slow.sessionId)).toEqual(['old matcher', 'old matcher'])
    } finally {
      release()
      repo.enabled = enabled
    }
    await ctx.autoReply.books.fresh(tenant)
    await send(slow.phone, 'slowbook once more')
    await ctx.autoReply.engine.settled()
    expect(await texts(slow.sessionId)).toEqual(['old matcher', 'old matcher', 'new matcher'])
  })
})
