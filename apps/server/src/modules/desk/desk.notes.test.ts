import type { AddressInfo } from 'node:net'
import {
  type ChatHistoryPage,
  type ChatMessageView,
  ErrorCode,
  type MentionNewEvent,
  type MentionPage,
  MessageType,
  Role,
  type SessionPage,
} from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { deskClient } from './desk.fixtures.js'

let ctx: TestContext
let url: string
let tenant: number
let boss: Signed
let agentA: Signed
let agentB: Signed
let lead: Signed
let rival: Signed
let rivalSession: number
let api: ReturnType<typeof deskClient>
let events: ReturnType<typeof recordEvents>
const sockets: Socket[] = []
const SHOP = '8613800000021'
const RIVAL_SHOP = '8613800000029'
const NOTE = '/damai/customer/session/note'
const MENTIONS = '/damai/customer/session/mentions'
const READ = '/damai/customer/session/mentions/read'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  tenant = await ctx.tenant('notes')
  boss = await ctx.as(tenant, Role.customerMaster, 'nt-boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'nt-agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'nt-agent-b')
  lead = await ctx.as(tenant, Role.customerUserLeader, 'nt-lead')
  api = deskClient(ctx)
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  const other = await ctx.tenant('notes-rival')
  rival = await ctx.as(other, Role.customerMaster, 'nt-rival')
  await ctx.linkAccount(other, RIVAL_SHOP)
  rivalSession = await customerSession(ctx, '447700922999', RIVAL_SHOP)
  events = recordEvents(ctx)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx.close()
})

const note = (who: Signed, body: Record<string, unknown>, lang?: 'zh' | 'en') =>
  api.post(who, NOTE, body, lang ? { lang } : undefined)
const mentions = async (who: Signed, query: Record<string, string> = {}) => {
  const r = await ctx.call('GET', MENTIONS, { token: who.token, query })
  if (r.code !== 0) throw new Error(`mentions: ${r.code} ${r.msg}`)
  return r.data as MentionPage
}
const sessionOf = (id: number) =>
  ctx.db
    .selectFrom('sessions')
    .select(['last_message', 'last_activity_at', 'unread_count', 'waiting_since', 'awaiting_reply_since'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

function connect(token: string): Promise<Socket> {
  const s = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  sockets.push(s)
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s))
    s.once('connect_error', reject)
  })
}

describe('POST /damai/customer/session/note: what is refused', () => {
  it('answers 401 without a token, 403 to the team lead, 400 to an empty or too long text', async () => {
    const s = await customerSession(ctx, '447700922001', SHOP)
    expect((await note(null as unknown as Signed, { sessionId: s, text: 'x' })).code).toBe(401)
    expect((await note(lead, { sessionId: s, text: 'x' })).code).toBe(ErrorCode.forbidden)
    const empty = await note(agentA, { sessionId: s, text: '   ', mentionUserIds: [] }, 'en')
    expect(empty.code).toBe(ErrorCode.badRequest)
    expect(empty.msg).toBe('Enter the note')
    const long = await note(agentA, { sessionId: s, text: 'x'.repeat(2001), mentionUserIds: [] }, 'en')
    expect(long.code).toBe(ErrorCode.badRequest)
    expect(long.msg).toBe('A note is at most 2000 characters')
    expect((await note(agentA, { sessionId: s, text: 'x'.repeat(2000) })).code).toBe(0)
  })

  it("answers not found for another tenant's session or one outside the agent's desk", async () => {
    const s = await customerSession(ctx, '447700922002', SHOP)
    expect((await note(boss, { sessionId: rivalSession, text: 'peek' })).code).toBe(ErrorCode.notFound)
    expect((await note(rival, { sessionId: s, text: 'peek' })).code).toBe(ErrorCode.notFound)
    expect((await note(agentB, { sessionId: s, text: 'not mine' })).code).toBe(ErrorCode.notFound)
  })

  it("refuses a mention of another tenant's user, a team lead (no desk) or nobody, and writes nothing", async () => {
    const s = await customerSession(ctx, '447700922003', SHOP)
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('session_id', '=', s)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    for (const ids of [[rival.userId], [agentB.userId, rival.userId], [lead.userId], [999_999]]) {
      const r = await note(agentA, { sessionId: s, text: 'see @them', mentionUserIds: ids }, 'en')
      expect(r.code).toBe(ErrorCode.mentionNotInTenant)
      expect(r.msg).toBe('Only desk users of your own company can be mentioned')
    }
    expect(await count()).toBe(before)
    expect(await mentions(rival)).toMatchObject({ list: [], unreadCount: 0 })
  })
})

describe('a note stays inside the desk', () => {
  it('is kept in the chat as a note, never reaches WhatsApp, and moves no counter of the session', async () => {
    const phone = '447700922010'
    const s = await customerSession(ctx, phone, SHOP)
    const before = await sessionOf(s)
    const r = await note(agentA, { sessionId: s, text: 'VIP: offer the 10% coupon', mentionUserIds: [] })
    expect(r.code).toBe(0)
    const view = r.data as ChatMessageView
    expect(view).toMatchObject({
      type: MessageType.note,
      fromMe: true,
      requestedBy: agentA.userId,
      origin: null,
    })
    await drainOutbox(ctx)
    await ctx.sim.settle(100)
    // nothing for WhatsApp: no outbox row, nothing on the customer's phone
    const outbox = await ctx.db.selectFrom('outbox').select('id').where('message_id', '=', view.id).execute()
    expect(outbox).toEqual([])
    const got = ctx.sim.network.messagesBetween(phone, SHOP).map((m) => JSON.stringify(m))
    expect(got.some((m) => m.includes('coupon'))).toBe(false)
    // the session's preview, activity, unread count and both clocks are as they were
    expect(await sessionOf(s)).toEqual(before)
    // the chat box shows it among the messages, and the desks heard of it as a note
    const history = (await api.post(agentA, '/damai/customer/user/getSessionChatMessages', { sessionId: s }))
      .data as ChatHistoryPage
    expect(history.list[0]).toMatchObject({ id: view.id, type: MessageType.note })
    expect(
      events.find((e) => e.event === 'session.note' && (e.payload.message as ChatMessageView).id === view.id),
    ).toMatchObject({
      rooms: expect.arrayContaining([`tenant:${tenant}`, `session:${s}`, `user:${agentA.userId}`]),
    })
    expect(
      events.some((e) => e.event === 'message.new' && (e.payload.message as ChatMessageView).id === view.id),
    ).toBe(false)
    const row = (
      (await api.post(agentA, '/damai/customer/session/page', { pageSize: 100 })).data as SessionPage
    ).list.find((x) => x.id === s)
    expect(row?.lastMessage).not.toContain('coupon')
  })

  it('is neither withdrawn, edited, sent again nor quoted to the customer', async () => {
    const s = await customerSession(ctx, '447700922011', SHOP)
    const { id } = (await note(agentA, { sessionId: s, text: 'internal only' })).data as ChatMessageView
    const user = '/damai/customer/user'
    expect((await api.post(agentA, `${user}/revokeChatMessage`, { messageId: id })).code).toBe(
      ErrorCode.noteNotForCustomer,
    )
    expect((await api.post(agentA, `${user}/editChatMessage`, { messageId: id, text: 'changed' })).code).toBe(
      ErrorCode.noteNotForCustomer,
    )
    expect((await api.post(agentA, `${user}/resendChatMessage`, { messageId: id })).code).toBe(
      ErrorCode.noteNotForCustomer,
    )
    const quoted = await api.post(agentA, `${user}/sendChatMessage`, {
      sessionId: s,
      type: 'text',
      text: 'as noted',
      quotedMessageId: id,
    })
    expect(quoted.code).toBe(ErrorCode.noteNotForCustomer)
    await drainOutbox(ctx)
    // nothing asked of WhatsApp about the chat: no withdrawal, edit or send
    const requests = await ctx.db
      .selectFrom('gateway_requests')
      .select('kind')
      .where('session_id', '=', s)
      .execute()
    expect(requests.filter((r) => r.kind !== 'read')).toEqual([])
    const sends = await ctx.db.selectFrom('outbox').select('id').where('session_id', '=', s).execute()
    expect(sends).toEqual([])
  })

  it('is left out of the chat-history search, and counts as no message in the statistics', async () => {
    const s = await customerSession(ctx, '447700922012', SHOP)
    await note(agentA, { sessionId: s, text: 'zqnote-secret' })
    const search = await api.post(boss, '/damai/chatHistory/message/search', { keyword: 'zqnote-secret' })
    expect(search.code).toBe(0)
    expect(JSON.stringify(search.data)).not.toContain('zqnote-secret')
    await ctx.statistics.engine.catchUp(Date.now() + 60_000)
    const daily = await ctx.db
      .selectFrom('stat_daily')
      .select((eb) => [eb.fn.sum<number>('messages_in').as('i'), eb.fn.sum<number>('messages_out').as('o')])
      .where('tenant_id', '=', tenant)
      .executeTakeFirstOrThrow()
    const messages = await ctx.db
      .selectFrom('messages')
      .select(['from_me', 'type'])
      .where('tenant_id', '=', tenant)
      .execute()
    expect(Number(daily.o)).toBe(
      messages.filter((m) => m.from_me === 1 && m.type !== MessageType.note).length,
    )
    expect(Number(daily.i)).toBe(messages.filter((m) => m.from_me === 0).length)
  })
})

describe('mentions', () => {
  it("are delivered live to the mentioned user's socket only, and kept for their mentions list", async () => {
    const s = await customerSession(ctx, '447700922020', SHOP)
    const bSocket = await connect(agentB.token)
    const bossSocket = await connect(boss.token)
    const rivalSocket = await connect(rival.token)
    const heardB: MentionNewEvent[] = []
    const heardRival: MentionNewEvent[] = []
    bSocket.on('mention.new', (e: MentionNewEvent) => heardB.push(e))
    rivalSocket.on('mention.new', (e: MentionNewEvent) => heardRival.push(e))
    const bossHeard = new Promise<MentionNewEvent>((resolve) => bossSocket.once('mention.new', resolve))
    const r = await note(agentA, {
      sessionId: s,
      text: '@B @boss please check the refund',
      mentionUserIds: [agentB.userId, boss.userId, agentB.userId],
    })
    expect(r.code).toBe(0)
    const mine = await bossHeard
    expect(mine).toMatchObject({ sessionId: s, text: '@B @boss please check the refund', unread: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heardB).toHaveLength(1)
    expect(heardB[0]).toMatchObject({ authorUserId: agentA.userId, authorName: 'nt-agent-a', sessionId: s })
    expect(heardRival).toEqual([])
    const page = await mentions(agentB)
    expect(page.list[0]).toMatchObject({ messageId: (r.data as ChatMessageView).id, unread: true })
    expect(page.unreadCount).toBeGreaterThanOrEqual(1)
    expect((await mentions(agentA)).list).toEqual([])
  })

  it('list newest first by cursor, the unread ones alone on request, and are marked read by their user only', async () => {
    const s = await customerSession(ctx, '447700922021', SHOP)
    const ids: number[] = []
    for (const n of [1, 2, 3]) {
      const r = await note(agentA, { sessionId: s, text: `ping ${n}`, mentionUserIds: [boss.userId] })
      ids.push((r.data as ChatMessageView).id)
    }
    const first = await mentions(boss, { pageSize: '2' })
    expect(first.list.map((m) => m.text)).toEqual(['ping 3', 'ping 2'])
    expect(first.nextCursor).not.toBeNull()
    const second = await mentions(boss, { pageSize: '2', cursor: first.nextCursor as string })
    expect(second.list[0]?.text).toBe('ping 1')
    const unreadBefore = first.unreadCount
    // another user's mention ids change nothing
    const other = await api.put(agentB, READ, { mentionIds: first.list.map((m) => m.id) })
    expect(other.code).toBe(0)
    expect((await mentions(boss)).unreadCount).toBe(unreadBefore)
    const read = await api.put(boss, READ, { mentionIds: [first.list[0]?.id] })
    expect(read.data).toEqual({ unreadCount: unreadBefore - 1 })
    const unread = await mentions(boss, { unread: 'true', pageSize: '100' })
    expect(unread.list.every((m) => m.unread)).toBe(true)
    expect(unread.list.map((m) => m.text)).not.toContain('ping 3')
    expect((await api.put(boss, READ, { all: true })).data).toEqual({ unreadCount: 0 })
    expect((await mentions(boss)).list.every((m) => !m.unread)).toBe(true)
    expect((await api.put(boss, READ, {})).code).toBe(ErrorCode.badRequest)
    expect((await ctx.call('GET', MENTIONS, { token: lead.token })).code).toBe(ErrorCode.forbidden)
  })

  it("go with their session when an invalid customer's chat is deleted", async () => {
    const s = await customerSession(ctx, '447700922022', SHOP)
    await note(agentA, { sessionId: s, text: 'going away', mentionUserIds: [agentB.userId] })
    await api.put(agentA, '/damai/customer/session/flag', { sessionId: s, flag: 'invalid', value: true })
    const del = await api.del(agentA, '/damai/customer/session', { sessionId: String(s), reason: 'spam' })
    expect(del.code).toBe(0)
    const left = await ctx.db
      .selectFrom('session_mentions')
      .select('id')
      .where('session_id', '=', s)
      .execute()
    expect(left).toEqual([])
    expect((await mentions(agentB)).list.some((m) => m.sessionId === s)).toBe(false)
  })
})
