import { type ChatHistoryPage, Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { P, ruleBody } from './autoReply.fixtures.js'

const SHOP = '8613600000011'
const SHOP2 = '8613600000012'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let agent2: Signed
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '100000', SEND_BURST: '100000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000, newChatsPerHour: 100_000 } } },
  )
  tenant = await ctx.tenant('replies')
  boss = await ctx.as(tenant, Role.customerMaster, 'engine-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'engine-agent')
  agent2 = await ctx.as(tenant, Role.customerUser, 'engine-agent2')
  const shop = await ctx.linkAccount(tenant, SHOP)
  const shop2 = await ctx.linkAccount(tenant, SHOP2)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent2.userId })
    .where('id', '=', shop2)
    .execute()
})
afterAll(() => ctx.close())

const rule = async (over: Record<string, unknown>, who: Signed = boss) => {
  const r = await ctx.call('POST', P.create, { token: who.token, body: ruleBody(over) })
  expect(r.code, r.msg).toBe(0)
  return (r.data as { id: number }).id
}
/** A customer who has written in once ("hi"); answers their phone and session. */
const customer = async (shop = SHOP) => {
  n++
  const phone = `44773${String(n).padStart(7, '0')}`
  return { phone, sessionId: await customerSession(ctx, phone, shop) }
}
const say = async (phone: string, text: string, shop = SHOP) => {
  ctx.sim.network.customerSend(phone, shop, { kind: 'text', text })
  await ctx.sim.settle(100)
  await ctx.autoReply.engine.settled()
}
/** The auto-replies queued for a session, oldest first. */
const replies = (sessionId: number) =>
  ctx.db
    .selectFrom('outbox as o')
    .innerJoin('messages as m', 'm.id', 'o.message_id')
    .select(['o.due_at', 'o.created_at', 'm.body', 'm.origin', 'm.id'])
    .where('o.session_id', '=', sessionId)
    .where('o.origin', '=', SendOrigin.autoReply)
    .orderBy('o.id')
    .execute()
const texts = async (sessionId: number) => (await replies(sessionId)).map((r) => r.body)
const stats = async (id: number) =>
  ctx.db
    .selectFrom('auto_reply_rules')
    .select(['hits', 'replies'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('matching', () => {
  it('full match answers only the whole message, half match any message containing the keyword, ignoring case', async () => {
    await rule({
      name: 'greet',
      matchMode: 'full',
      keywords: ['Good morning'],
      sentences: [{ type: 'text', text: 'Morning!' }],
    })
    await rule({
      name: 'cost',
      matchMode: 'half',
      keywords: ['quote'],
      sentences: [{ type: 'text', text: 'Quote sent' }],
    })
    const { phone, sessionId } = await customer()
    await say(phone, 'good morning, anyone there?')
    expect(await texts(sessionId)).toEqual([])
    await say(phone, '  GOOD MORNING ')
    expect(await texts(sessionId)).toEqual(['Morning!'])
    await say(phone, 'can I get a QUOTE for 3 boxes')
    expect(await texts(sessionId)).toEqual(['Morning!', 'Quote sent'])
  })

  it('answers with one rule per message: a full match before a half match', async () => {
    await rule({
      name: 'half stock',
      matchMode: 'half',
      keywords: ['instock'],
      sentences: [{ type: 'text', text: 'half' }],
    })
    await rule({
      name: 'full stock',
      matchMode: 'full',
      keywords: ['instock'],
      sentences: [{ type: 'text', text: 'full' }],
    })
    const { phone, sessionId } = await customer()
    await say(phone, 'instock')
    expect(await texts(sessionId)).toEqual(['full'])
  })

  it('stops answering once the rule is disabled (the matcher is rebuilt)', async () => {
    const id = await rule({
      keywords: ['catalogue'],
      sentences: [{ type: 'text', text: 'Catalogue attached' }],
    })
    const { phone, sessionId } = await customer()
    await say(phone, 'catalogue please')
    expect(await texts(sessionId)).toHaveLength(1)
    expect((await ctx.call('PUT', P.enable, { token: boss.token, body: { id, enabled: false } })).code).toBe(
      0,
    )
    await say(phone, 'catalogue please')
    expect(await texts(sessionId)).toHaveLength(1)
  })
})

describe('what a reply sends, and when', () => {
  it('reply type all queues every sentence in order: the delay first, then the interval between sentences', async () => {
    const sentences = ['one', 'two', 'three'].map((text) => ({ type: 'text', text }))
    await rule({ keywords: ['steps'], replyType: 'all', replyDelay: 10, sendInterval: 5, sentences })
    const { phone, sessionId } = await customer()
    const before = Date.now()
    await say(phone, 'steps?')
    const rows = await replies(sessionId)
    expect(rows.map((r) => r.body)).toEqual(['one', 'two', 'three'])
    expect(rows.every((r) => r.origin === SendOrigin.autoReply)).toBe(true)
    expect(rows[0].due_at).toBeGreaterThanOrEqual(before + 10_000)
    expect(rows[0].due_at).toBeLessThanOrEqual(rows[0].created_at + 10_000)
    expect([rows[1].due_at - rows[0].due_at, rows[2].due_at - rows[1].due_at]).toEqual([5_000, 5_000])
    // nothing goes out before its time
    await drainOutbox(ctx)
    expect(ctx.sim.network.messagesBetween(SHOP, phone).filter((m) => m.from === SHOP)).toEqual([])
  })

  it('reply type random sends exactly one of the sentences', async () => {
    const options = ['red', 'green', 'blue']
    await rule({
      keywords: ['colour'],
      replyType: 'random',
      sentences: options.map((text) => ({ type: 'text', text })),
    })
    const { phone, sessionId } = await customer()
    await say(phone, 'colour?')
    const got = await texts(sessionId)
    expect(got).toHaveLength(1)
    expect(options).toContain(got[0])
  })

  it('reaches the phone and shows on the desk as automatic', async () => {
    await rule({ keywords: ['opening'], sentences: [{ type: 'text', text: 'We open at 9' }] })
    const { phone, sessionId } = await customer()
    await say(phone, 'opening hours?')
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, phone).filter((m) => m.from === SHOP)
    expect(got.map((m) => m.text)).toEqual(['We open at 9'])
    const r = await ctx.call('POST', '/damai/customer/user/getSessionChatMessages', {
      token: agent.token,
      body: { sessionId },
    })
    expect(r.code, r.msg).toBe(0)
    const mine = (r.data as ChatHistoryPage).list.filter((m) => m.fromMe)
    expect(mine.map((m) => [m.body, m.origin, m.requestedBy])).toEqual([['We open at 9', 'auto_reply', null]])
  })

  it('holds each customer to the reply limit and counts hits, replies and customers', async () => {
    const id = await rule({
      keywords: ['coupon'],
      replyLimit: 2,
      sentences: [{ type: 'text', text: 'SAVE10' }],
    })
    const a = await customer()
    const b = await customer()
    for (let i = 0; i < 3; i++) await say(a.phone, 'coupon')
    await say(b.phone, 'coupon')
    expect(await texts(a.sessionId)).toEqual(['SAVE10', 'SAVE10'])
    expect(await texts(b.sessionId)).toEqual(['SAVE10'])
    expect(await stats(id)).toEqual({ hits: 4, replies: 3 })
    const page = await ctx.call('POST', P.page, { token: boss.token, body: { keyword: 'coupon' } })
    const view = (page.data as { list: { id: number; stats: unknown }[] }).list.find((r) => r.id === id)
    expect(view?.stats).toEqual({ hits: 4, replies: 3, customers: 2 })
  })

  it('takes the last free reply once when two messages race for it', async () => {
    const id = await rule({ keywords: ['race'], replyLimit: 3, enabled: false })
    const { sessionId } = await customer()
    const repo = ctx.autoReply.service.repo
    const taken = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.db.transaction().execute((tx) => repo.takeReply(tx, tenant, id, sessionId, 3)),
      ),
    )
    expect(taken.filter(Boolean)).toHaveLength(3)
  })
})

describe('who gets nothing', () => {
  it('never answers a blocked, do-not-disturb or invalid customer', async () => {
    await rule({ keywords: ['hush'], sentences: [{ type: 'text', text: 'should not go' }] })
    const flag = (sessionId: number, f: string) =>
      ctx.call('PUT', '/damai/customer/session/flag', {
        token: agent.token,
        body: { sessionId, flag: f, value: true },
      })
    const blocked = await customer()
    expect((await flag(blocked.sessionId, 'blocked')).code).toBe(0)
    const dnd = await customer()
    expect((await flag(dnd.sessionId, 'dnd')).code).toBe(0)
    const invalid = await customer()
    const s = await ctx.db
      .selectFrom('sessions')
      .select('fan_id')
      .where('id', '=', invalid.sessionId)
      .executeTakeFirstOrThrow()
    await ctx.db
      .updateTable('fans')
      .set({ invalid: 1 })
      .where('id', '=', s.fan_id ?? 0)
      .execute()
    for (const c of [blocked, dnd, invalid]) {
      await say(c.phone, 'hush')
      expect(await texts(c.sessionId)).toEqual([])
    }
    // the same customer answered once the flag is off
    expect(
      (
        await ctx.call('PUT', '/damai/customer/session/flag', {
          token: agent.token,
          body: { sessionId: dnd.sessionId, flag: 'dnd', value: false },
        })
      ).code,
    ).toBe(0)
    await say(dnd.phone, 'hush')
    expect(await texts(dnd.sessionId)).toEqual(['should not go'])
  })

  it('answers a personal rule only on the accounts of its customer service', async () => {
    await rule(
      {
        classification: 'personal',
        keywords: ['warranty'],
        sentences: [{ type: 'text', text: 'agent2 warranty' }],
      },
      agent2,
    )
    const mine = await customer(SHOP)
    await say(mine.phone, 'warranty', SHOP)
    expect(await texts(mine.sessionId)).toEqual([])
    const theirs = await customer(SHOP2)
    await say(theirs.phone, 'warranty', SHOP2)
    expect(await texts(theirs.sessionId)).toEqual(['agent2 warranty'])
  })

  it('answers new customers only within the new-customer window, and labelled customers only with a label', async () => {
    await rule({
      audience: 'new_customers',
      keywords: ['welcome'],
      sentences: [{ type: 'text', text: 'Hello newcomer' }],
    })
    const fresh = await customer()
    await say(fresh.phone, 'welcome')
    expect(await texts(fresh.sessionId)).toEqual(['Hello newcomer'])
    const old = await customer()
    const s = await ctx.db
      .selectFrom('sessions')
      .select('fan_id')
      .where('id', '=', old.sessionId)
      .executeTakeFirstOrThrow()
    await ctx.db
      .updateTable('fans')
      .set({ created_at: Date.now() - 3 * 86_400_000 })
      .where('id', '=', s.fan_id ?? 0)
      .execute()
    await say(old.phone, 'welcome')
    expect(await texts(old.sessionId)).toEqual([])

    const label = await ctx.call('POST', '/damai/customer/label', {
      token: boss.token,
      body: { name: 'VIP' },
    })
    expect(label.code, label.msg).toBe(0)
    const labelId = (label.data as { id: number }).id
    await rule({
      audience: 'labels',
      labelIds: [labelId],
      keywords: ['vipdeal'],
      sentences: [{ type: 'text', text: 'VIP deal' }],
    })
    const vip = await customer()
    const plain = await customer()
    const vipFan = await ctx.db
      .selectFrom('sessions')
      .select('fan_id')
      .where('id', '=', vip.sessionId)
      .executeTakeFirstOrThrow()
    const tag = await ctx.call('POST', '/damai/customer/label/fan/add', {
      token: boss.token,
      body: { fanIds: [vipFan.fan_id], labelIds: [labelId] },
    })
    expect(tag.code, tag.msg).toBe(0)
    await say(vip.phone, 'vipdeal')
    await say(plain.phone, 'vipdeal')
    expect(await texts(vip.sessionId)).toEqual(['VIP deal'])
    expect(await texts(plain.sessionId)).toEqual([])
  })

  it('answers a group-chat rule in groups only, and other rules in personal chats only', async () => {
    await rule({
      audience: 'groups',
      keywords: ['meetup'],
      sentences: [{ type: 'text', text: 'See you there' }],
    })
    await rule({
      audience: 'all',
      keywords: ['groupless'],
      sentences: [{ type: 'text', text: 'personal only' }],
    })
    const person = await customer()
    await say(person.phone, 'meetup?')
    expect(await texts(person.sessionId)).toEqual([])
    const g = ctx.sim.network.createGroup('447739990001', 'Club', [SHOP, '447739990002'])
    ctx.sim.network.customerSendGroup('447739990002', g.id, { kind: 'text', text: 'hello all' })
    await ctx.sim.settle(200)
    await ctx.autoReply.engine.settled()
    const group = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('type', '=', 'group')
      .executeTakeFirstOrThrow()
    for (const text of ['meetup tonight?', 'groupless']) {
      ctx.sim.network.customerSendGroup('447739990002', g.id, { kind: 'text', text })
      await ctx.sim.settle(100)
      await ctx.autoReply.engine.settled()
    }
    expect(await texts(group.id)).toEqual(['See you there'])
  })

  it('sends nothing once the subscription has expired', async () => {
    await rule({ keywords: ['lapsed'], sentences: [{ type: 'text', text: 'no' }] })
    const { phone, sessionId } = await customer()
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() - 86_400_000 })
      .where('tenant_id', '=', tenant)
      .execute()
    await say(phone, 'lapsed')
    await ctx.db
      .updateTable('users')
      .set({ valid_end_date: Date.now() + 30 * 86_400_000 })
      .where('tenant_id', '=', tenant)
      .execute()
    expect(await texts(sessionId)).toEqual([])
  })
})
