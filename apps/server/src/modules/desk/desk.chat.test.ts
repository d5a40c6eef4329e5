import {
  type ChatHistoryPage,
  type ChatMessageView,
  ErrorCode,
  Role,
  SESSION_QUEUE_MAX,
  type SessionPage,
} from '@app/core'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { pngFile } from '../materials/materials.fixtures.js'
import { GatewayRequests } from '../outbox/gateway-requests.engine.js'
import { type As, deskClient } from './desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agentA: Signed
let lead: Signed
let api: ReturnType<typeof deskClient>
let shop: number
let events: ReturnType<typeof recordEvents>
const SHOP = '8613800000001'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
  api = deskClient(ctx)
  shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

const history = async (who: Signed, body: Record<string, unknown>, o?: As) => {
  const r = await api.post(who, '/damai/customer/user/getSessionChatMessages', body, o)
  if (r.code !== 0) throw new Error(`history: ${r.code} ${r.msg}`)
  return r.data as ChatHistoryPage
}
const send = (who: Signed, body: Record<string, unknown>, o?: As) =>
  api.post(who, '/damai/customer/user/sendChatMessage', body, o)
const sent = async (who: Signed, body: Record<string, unknown>) => {
  const r = await send(who, body)
  if (r.code !== 0) throw new Error(`send: ${r.code} ${r.msg}`)
  return r.data as ChatMessageView
}
const fromShop = (customer: string) =>
  ctx.sim.network.messagesBetween(SHOP, customer).filter((m) => m.from === SHOP)
const row = (id: number) =>
  ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const unreadOf = async (who: Signed, sessionId: number) => {
  const r = await api.post(who, '/damai/customer/session/page', { pageSize: 100 })
  return (r.data as SessionPage).list.find((s) => s.id === sessionId)?.unreadCount
}

describe('chat history', () => {
  it('pages upward, newest first, without repeats, up to 100 a page', async () => {
    const c = '447700900001'
    const s = await customerSession(ctx, c, SHOP)
    for (let i = 1; i <= 6; i++) {
      ctx.sim.network.customerSend(c, SHOP, { kind: 'text', text: `m${i}` })
      await ctx.sim.settle(100)
    }
    const first = await history(agentA, { sessionId: s, pageSize: 3 })
    expect(first.list.map((m) => m.body)).toEqual(['m6', 'm5', 'm4'])
    expect(first.hasMore).toBe(true)
    const second = await history(agentA, { sessionId: s, pageSize: 3, beforeId: first.list[2].id })
    expect(second.list.map((m) => m.body)).toEqual(['m3', 'm2', 'm1'])
    const third = await history(agentA, { sessionId: s, pageSize: 3, beforeId: second.list[2].id })
    expect(third).toEqual({ list: [expect.objectContaining({ body: 'hi' })], hasMore: false })
    expect(
      (await api.post(agentA, '/damai/customer/user/getSessionChatMessages', { sessionId: s, pageSize: 101 }))
        .code,
    ).toBe(400)
    // the team lead has no desk: it reads chats through the chat history
    expect(
      (await api.post(lead, '/damai/customer/user/getSessionChatMessages', { sessionId: s, pageSize: 1 }))
        .code,
    ).toBe(403)
  })

  it('resolves quotes, folds reactions, and serves media to whoever may read the session', async () => {
    const c = '447700900002'
    const s = await customerSession(ctx, c, SHOP)
    const [theirs] = (await history(agentA, { sessionId: s })).list
    const ours = await sent(agentA, {
      sessionId: s,
      type: 'text',
      text: 'we have it',
      quotedMessageId: theirs.id,
    })
    await drainOutbox(ctx)
    ctx.sim.network.customerReact(c, ours.waMessageId, '👍')
    ctx.sim.network.customerSend(c, SHOP, { kind: 'image', data: pngFile(40, 30), caption: 'this one?' })
    await ctx.sim.settle(100)
    const list = (await history(agentA, { sessionId: s })).list
    // newest first by WhatsApp time (the simulated network keeps its own clock, so no fixed order is asserted here)
    expect(list.map((m) => m.timestamp)).toEqual(list.map((m) => m.timestamp).sort((a, b) => b - a))
    expect(list.map((m) => m.type).sort()).toEqual(['image', 'text', 'text'])
    const image = list.find((m) => m.type === 'image') as ChatMessageView
    const answer = list.find((m) => m.fromMe) as ChatMessageView
    expect(answer.quotedMessage).toEqual({
      id: theirs.id,
      waMessageId: theirs.waMessageId,
      message: 'hi',
      type: 'text',
      userName: expect.any(String),
      fromMe: false,
      time: theirs.timestamp,
    })
    expect(answer.reactions).toEqual([{ emoji: '👍', fromMe: false, senderJid: `${c}@s.whatsapp.net` }])
    expect(image).toMatchObject({ body: 'this one?', mediaUrl: `/damai/customer/user/chatMedia/${image.id}` })
    const file = await api.get(agentA, image.mediaUrl ?? '')
    expect(file.res.statusCode).toBe(200)
    expect(file.res.headers['content-type']).toBe('image/png')
    expect(file.res.rawPayload.equals(pngFile(40, 30))).toBe(true)
    expect(file.res.headers['content-disposition']).toMatch(/^inline/)
    // an agent without the session does not get its file
    const other = await ctx.as(tenant, Role.customerUser, 'agent-z')
    expect((await api.get(other, image.mediaUrl ?? '')).code).toBe(404)
  })
})

describe('sending', () => {
  it('sends text, location, contact cards, a link and a material; the customer receives each', async () => {
    const c = '447700900010'
    const s = await customerSession(ctx, c, SHOP)
    const material = await ctx.call('POST', '/damai/customer/material', {
      token: boss.token,
      body: { ownerType: 1, name: 'greeting', content: { type: 'text', text: 'Welcome to our shop' } },
    })
    expect(material.code).toBe(0)
    const materialId = (material.data as { id: number }).id
    const bodies = [
      { type: 'text', text: 'hello there' },
      { type: 'location', latitude: 22.54, longitude: 114.05, name: 'Our store' },
      { type: 'contacts', contacts: [{ name: 'Sales', phone: '+86 138 0000 0099' }] },
      { type: 'link', link: 'https://example.com/p/1', title: 'New arrivals' },
      { type: 'material', materialId },
    ]
    for (const b of bodies) expect((await send(agentA, { sessionId: s, ...b })).code).toBe(0)
    await drainOutbox(ctx)
    const got = fromShop(c)
    expect(got.map((m) => m.body.kind)).toEqual(['text', 'location', 'contacts', 'text', 'text'])
    expect(got.map((m) => m.text)).toEqual([
      'hello there',
      '[location] Our store',
      '[contact] Sales',
      'New arrivals\nhttps://example.com/p/1',
      'Welcome to our shop',
    ])
    const card = got[2].body
    expect(card.kind === 'contacts' && card.vcards[0]).toContain('waid=8613800000099')
    const statuses = await ctx.db
      .selectFrom('messages')
      .select('status')
      .where('session_id', '=', s)
      .where('from_me', '=', 1)
      .execute()
    expect(statuses.every((m) => m.status === 'sent')).toBe(true)
  })

  it('refuses a blocked session with the spec message, in the caller’s language, and queues nothing', async () => {
    const s = await customerSession(ctx, '447700900011', SHOP)
    expect(
      (await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'blocked', value: true }))
        .code,
    ).toBe(0)
    const before = await ctx.db.selectFrom('outbox').select('id').execute()
    const zh = await send(agentA, { sessionId: s, type: 'text', text: 'x' })
    expect(zh).toMatchObject({ code: ErrorCode.sessionBlocked, msg: '会话已拉黑，无法发送' })
    const en = await send(agentA, { sessionId: s, type: 'text', text: 'x' }, { lang: 'en' })
    expect(en.msg).toBe('This session is blocked: messages cannot be sent')
    expect(await ctx.db.selectFrom('outbox').select('id').execute()).toEqual(before)
  })

  it('refuses an invalid customer, a short contact phone, an empty text and a stranger session', async () => {
    const s = await customerSession(ctx, '447700900012', SHOP)
    await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'invalid', value: true })
    expect((await send(agentA, { sessionId: s, type: 'text', text: 'x' })).code).toBe(
      ErrorCode.invalidCustomerSession,
    )
    await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'invalid', value: false })
    const short = await send(agentA, {
      sessionId: s,
      type: 'contacts',
      contacts: [{ name: 'A', phone: '1234567' }],
    })
    expect(short).toMatchObject({ code: 400, msg: '联系人号码至少8位数字' })
    expect((await send(agentA, { sessionId: s, type: 'text', text: '  ' })).code).toBe(400)
    const other = await ctx.as(tenant, Role.customerUser, 'agent-y')
    expect((await send(other, { sessionId: s, type: 'text', text: 'x' })).code).toBe(404)
    expect((await send(lead, { sessionId: s, type: 'text', text: 'x' })).code).toBe(403)
  })

  it('queues while the account is offline; the dispatcher fails it with a reason; resend makes a new message', async () => {
    const c = '447700900013'
    const s = await customerSession(ctx, c, SHOP)
    await ctx.db.updateTable('ws_accounts').set({ status: 'offline' }).where('id', '=', shop).execute()
    const m = await sent(agentA, { sessionId: s, type: 'text', text: 'are you there?' })
    expect(m.status).toBe('requested')
    await drainOutbox(ctx)
    expect(await row(m.id)).toMatchObject({ status: 'failed', failure_reason: 'account_status' })
    await ctx.db.updateTable('ws_accounts').set({ status: 'online' }).where('id', '=', shop).execute()
    const again = await api.post(agentA, '/damai/customer/user/resendChatMessage', { messageId: m.id })
    expect(again.code).toBe(0)
    const copy = again.data as ChatMessageView
    expect(copy.id).not.toBe(m.id)
    await drainOutbox(ctx)
    expect(await row(m.id)).toMatchObject({ status: 'failed' })
    expect(await row(copy.id)).toMatchObject({ status: 'sent', body: 'are you there?' })
    expect(fromShop(c).map((x) => x.text)).toEqual(['are you there?'])
    const twice = await api.post(agentA, '/damai/customer/user/resendChatMessage', { messageId: copy.id })
    expect(twice.code).toBe(ErrorCode.messageNotResendable)
  })

  it('answers "sent too frequently" when the session already has too many messages waiting', async () => {
    const s = await customerSession(ctx, '447700900014', SHOP)
    for (let i = 0; i < SESSION_QUEUE_MAX; i++)
      await sent(agentA, { sessionId: s, type: 'text', text: `q${i}` })
    expect((await send(agentA, { sessionId: s, type: 'text', text: 'one more' })).code).toBe(
      ErrorCode.sendTooFrequent,
    )
    await drainOutbox(ctx)
    expect((await send(agentA, { sessionId: s, type: 'text', text: 'one more' })).code).toBe(0)
    await drainOutbox(ctx)
  })

  it('refuses a group the account is no longer a member of', async () => {
    const g = ctx.sim.network.createGroup('447700900015', 'Buyers', [SHOP, '447700900016'])
    ctx.sim.network.customerSendGroup('447700900015', g.id, { kind: 'text', text: 'hello all' })
    await ctx.sim.settle(100)
    const s = await ctx.db
      .selectFrom('sessions as s')
      .innerJoin('group_chats as g', 'g.id', 's.group_chat_id')
      .select(['s.id', 'g.id as groupId'])
      .where('g.jid', '=', g.id)
      .executeTakeFirstOrThrow()
    expect((await send(agentA, { sessionId: s.id, type: 'text', text: 'hi group' })).code).toBe(0)
    await ctx.db
      .deleteFrom('group_members')
      .where('group_chat_id', '=', s.groupId)
      .where('jid', '=', `${SHOP}@s.whatsapp.net`)
      .execute()
    expect((await send(agentA, { sessionId: s.id, type: 'text', text: 'hi group' })).code).toBe(
      ErrorCode.removedFromGroup,
    )
    await drainOutbox(ctx)
  })
})

describe('revoke', () => {
  it('withdraws a sent message after answering; the status arrives as message.updated', async () => {
    const c = '447700900020'
    const s = await customerSession(ctx, c, SHOP)
    const m = await sent(agentA, { sessionId: s, type: 'text', text: 'wrong price' })
    await drainOutbox(ctx)
    const r = await api.post(agentA, '/damai/customer/user/revokeChatMessage', { messageId: m.id })
    expect(r).toMatchObject({ code: 0, data: { messageId: m.id, accepted: true } })
    await ctx.desk.settled()
    await ctx.sim.settle(100)
    expect((await row(m.id)).status).toBe('withdrawn')
    expect(fromShop(c)[0]).toMatchObject({ revoked: true })
    expect(
      events.filter((e) => e.event === 'message.updated' && e.payload.id === m.id).at(-1)?.payload,
    ).toMatchObject({
      status: 'withdrawn',
    })
  })

  it('still withdraws after a restart between the request and its delivery', async () => {
    const c = '447700900023'
    const s = await customerSession(ctx, c, SHOP)
    const m = await sent(agentA, { sessionId: s, type: 'text', text: 'sent by mistake' })
    await drainOutbox(ctx)
    const asked = await api.post(agentA, '/damai/customer/user/revokeChatMessage', { messageId: m.id })
    expect(asked.code).toBe(0)
    // the process that answered dies holding the request: its lease runs out unreleased
    await ctx.db
      .updateTable('gateway_requests')
      .set({ lease_owner: 'a-process-that-died', lease_until: Date.now() - 1 })
      .where('state', '=', 'open')
      .execute()
    expect((await row(m.id)).status).toBe('sent')
    // a new process on the same database takes it over
    const restarted = new GatewayRequests(
      ctx.db,
      ctx.sim.gateway,
      ctx.messaging.hub,
      ctx.events,
      { pollMs: 60_000, leaseMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 },
      pino({ level: 'silent' }),
    )
    await restarted.drain()
    await ctx.sim.settle(100)
    expect((await row(m.id)).status).toBe('withdrawn')
    expect(fromShop(c)[0]).toMatchObject({ revoked: true })
    const request = await ctx.db
      .selectFrom('gateway_requests')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(request).toMatchObject({ kind: 'revoke', state: 'done', lease_owner: null })
  })

  it('withdraws a queued message at once, and it is never sent', async () => {
    const c = '447700900021'
    const s = await customerSession(ctx, c, SHOP)
    const m = await sent(agentA, { sessionId: s, type: 'text', text: 'oops' })
    expect((await api.post(agentA, '/damai/customer/user/revokeChatMessage', { messageId: m.id })).code).toBe(
      0,
    )
    expect((await row(m.id)).status).toBe('withdrawn')
    await drainOutbox(ctx)
    expect(fromShop(c)).toEqual([])
  })

  it("refuses the customer's messages, failed ones and ones older than 48 hours", async () => {
    const c = '447700900022'
    const s = await customerSession(ctx, c, SHOP)
    const [theirs] = (await history(agentA, { sessionId: s })).list
    const revoke = (id: number) =>
      api.post(agentA, '/damai/customer/user/revokeChatMessage', { messageId: id })
    expect((await revoke(theirs.id)).code).toBe(ErrorCode.revokeNotAllowed)
    const old = await sent(agentA, { sessionId: s, type: 'text', text: 'long ago' })
    await drainOutbox(ctx)
    await ctx.db
      .updateTable('messages')
      .set({ timestamp: Date.now() - 49 * 3_600_000 })
      .where('id', '=', old.id)
      .execute()
    expect((await revoke(old.id)).code).toBe(ErrorCode.revokeNotAllowed)
    expect((await row(old.id)).status).toBe('sent')
  })
})

describe('read state', () => {
  it('is per user: an agent reading leaves the supervisor’s unread as it was, and sends read receipts', async () => {
    const c = '447700900030'
    const s = await customerSession(ctx, c, SHOP)
    ctx.sim.network.customerSend(c, SHOP, { kind: 'text', text: 'anyone?' })
    await ctx.sim.settle(100)
    expect(await unreadOf(agentA, s)).toBe(2)
    expect(await unreadOf(boss, s)).toBe(2)
    const r = await api.post(agentA, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s })
    expect(r).toMatchObject({ code: 0, data: { sessionId: s, unreadCount: 0 } })
    await ctx.desk.settled()
    await ctx.sim.settle(100)
    expect(await unreadOf(agentA, s)).toBe(0)
    expect(await unreadOf(boss, s)).toBe(2)
    // the supervisor acting as the agent shares the agent's read state
    expect(await unreadOf(boss, s)).toBe(2)
    const acting = await api.post(
      boss,
      '/damai/customer/session/page',
      { pageSize: 100 },
      { acting: agentA.userId },
    )
    expect((acting.data as SessionPage).list.find((x) => x.id === s)?.unreadCount).toBe(0)
    expect(
      ctx.sim.network
        .messagesBetween(c, SHOP)
        .filter((m) => m.from === c)
        .map((m) => m.status),
    ).toEqual(['read', 'read'])
    expect(events.find((e) => e.event === 'session.read' && e.payload.sessionId === s)).toMatchObject({
      rooms: [`user:${agentA.userId}`],
      payload: { userId: agentA.userId, unreadCount: 0 },
    })
    // a new message is unread again; marking unread by hand shows one
    ctx.sim.network.customerSend(c, SHOP, { kind: 'text', text: 'hello?' })
    await ctx.sim.settle(100)
    expect(await unreadOf(agentA, s)).toBe(1)
    await api.post(agentA, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s })
    await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'unread', value: true })
    expect(await unreadOf(agentA, s)).toBe(1)
    await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'unread', value: false })
    expect(await unreadOf(agentA, s)).toBe(0)
    await ctx.desk.settled()
  })

  it('is read-only for the team lead', async () => {
    const s = await customerSession(ctx, '447700900031', SHOP)
    expect(
      (await api.post(lead, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s })).code,
    ).toBe(403)
  })
})
