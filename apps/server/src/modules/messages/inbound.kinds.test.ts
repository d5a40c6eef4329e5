import { type ChatHistoryPage, MESSAGE_EDIT_WINDOW_MS, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phoneToJid } from '../../gateway/jid.js'
import type { InboundMessage } from '../../gateway/messaging-gateway.js'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { recordEvents } from '../../test/messaging.js'
import type { StoredInbound } from './inbound.service.js'

let ctx: TestContext
let account: number
let boss: Signed
let events: ReturnType<typeof recordEvents>
const heard: StoredInbound[] = []
const SHOP = '8613800000881'
const ALICE = '447700900881'
const BOB = '447700900882'

beforeAll(async () => {
  ctx = await createTestContext()
  const tenant = await ctx.tenant('kinds')
  boss = await ctx.as(tenant, Role.customerMaster, 'kinds-boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
  ctx.sim.network.addPhone(BOB, { name: 'Bob' })
  events = recordEvents(ctx)
  ctx.events.subscribe('message.stored', (e) => {
    heard.push(e)
  })
})
afterAll(() => ctx.close())

const row = (waId: string) =>
  ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', account)
    .where('wa_message_id', '=', waId)
    .executeTakeFirstOrThrow()
const session = (id: number) =>
  ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const updates = () => events.filter((e) => e.event === 'message.updated').map((e) => e.payload)

/** The gateway's word for an edit of `target` by its sender, as a later delivery would bring it. */
function edit(target: string, fromMe: boolean, at: number, text?: string): InboundMessage {
  const chat = phoneToJid(ALICE)
  return {
    accountId: String(account),
    ref: { chatId: chat, id: `EDIT-${at}`, fromMe },
    chatType: 'direct',
    sender: { id: chat, pn: chat },
    timestamp: at,
    live: true,
    content: {
      kind: 'edit',
      target: { chatId: chat, id: target, fromMe },
      ...(text === undefined ? {} : { text }),
    },
  }
}

describe('a customer edits a message', () => {
  it('shows the new text with an edited mark, keeps the earlier ones, and tells the desk', async () => {
    const sent = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'Falr with me' })
    await ctx.sim.settle(1_000)
    await ctx.sim.clock.advance(30_000)
    ctx.sim.network.customerEdit(ALICE, sent.id, 'Fale with me')
    await ctx.sim.settle(1_000)
    await ctx.sim.clock.advance(30_000)
    ctx.sim.network.customerEdit(ALICE, sent.id, 'Talk to me')
    await ctx.sim.settle(1_000)

    const m = await row(sent.id)
    expect(m.body).toBe('Talk to me')
    expect(m.edited_at).toBeGreaterThan(m.timestamp)
    expect(JSON.parse(m.edit_history ?? '[]')).toEqual([
      { body: 'Falr with me', at: m.timestamp },
      { body: 'Fale with me', at: expect.any(Number) },
    ])
    expect(updates().at(-1)).toMatchObject({
      id: m.id,
      body: 'Talk to me',
      editedAt: m.edited_at,
      edits: [{ body: 'Falr with me' }, { body: 'Fale with me' }],
    })
    // the chat page shows the same
    const page = await ctx.call('POST', '/damai/customer/user/getSessionChatMessages', {
      token: boss.token,
      body: { sessionId: m.session_id },
    })
    expect(page.code, page.msg).toBe(0)
    const shown = (page.data as ChatHistoryPage).list.find((x) => x.id === m.id)
    expect(shown).toMatchObject({
      body: 'Talk to me',
      editedAt: m.edited_at,
      edits: [{ body: 'Falr with me' }, {}],
    })
  })

  it('ignores an edit delivered twice or after a newer one, an edit of the other side, and of a non-text', async () => {
    const sent = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'one' })
    await ctx.sim.settle(1_000)
    const base = (await row(sent.id)).timestamp
    await ctx.messaging.inbound.onMessage(edit(sent.id, false, base + 20_000, 'three'))
    await ctx.messaging.inbound.onMessage(edit(sent.id, false, base + 10_000, 'two (late)'))
    await ctx.messaging.inbound.onMessage(edit(sent.id, false, base + 20_000, 'three'))
    // the customer cannot edit a message of ours, nor we theirs
    await ctx.messaging.inbound.onMessage(edit(sent.id, true, base + 30_000, 'forged'))
    const m = await row(sent.id)
    expect(m.body).toBe('three')
    expect(JSON.parse(m.edit_history ?? '[]')).toEqual([{ body: 'one', at: base }])

    const pic = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'location', latitude: 1, longitude: 2 })
    await ctx.sim.settle(1_000)
    await ctx.messaging.inbound.onMessage(edit(pic.id, false, Date.now() + 60_000, 'not a text'))
    expect((await row(pic.id)).edited_at).toBeNull()
  })

  it('an edit whose new text could not be read marks the message edited and keeps its text', async () => {
    const sent = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'before' })
    await ctx.sim.settle(1_000)
    const at = (await row(sent.id)).timestamp + 5_000
    await ctx.messaging.inbound.onMessage(edit(sent.id, false, at))
    const m = await row(sent.id)
    expect(m).toMatchObject({ body: 'before', edited_at: at, edit_history: null })
    expect(JSON.parse(m.meta)).toMatchObject({ editUnread: true })
    expect(updates().at(-1)).toMatchObject({
      id: m.id,
      body: 'before',
      editedAt: at,
      meta: { editUnread: true },
    })
  })

  it('WhatsApp refuses an edit past 15 minutes, so the simulated phone does too', async () => {
    const sent = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'old' })
    await ctx.sim.settle(1_000)
    await ctx.sim.clock.advance(MESSAGE_EDIT_WINDOW_MS + 1)
    expect(() => ctx.sim.network.customerEdit(ALICE, sent.id, 'too late')).toThrow(/15 minutes/)
  })
})

describe('revokes', () => {
  it('a revoke names whose message it deletes: one naming the other side changes nothing', async () => {
    const sent = ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'keep me' })
    await ctx.sim.settle(1_000)
    const chat = phoneToJid(ALICE)
    const forged: InboundMessage = {
      ...edit(sent.id, false, Date.now()),
      ref: { chatId: chat, id: 'REVOKE-FORGED', fromMe: false },
      content: { kind: 'revoke', target: { chatId: chat, id: sent.id, fromMe: true } },
    }
    await ctx.messaging.inbound.onMessage(forged)
    expect((await row(sent.id)).status).toBe('sent')
    ctx.sim.network.customerRevoke(ALICE, sent.id)
    await ctx.sim.settle(1_000)
    expect((await row(sent.id)).status).toBe('withdrawn')
  })
})

describe('what a phone sends beyond text and media', () => {
  it('a view-once photo is a bubble to open on the phone, unread and awaiting an answer like any message', async () => {
    const before = heard.length
    const sent = ctx.sim.network.customerSend(BOB, SHOP, { kind: 'viewOnce', media: 'image' })
    await ctx.sim.settle(1_000)
    const m = await row(sent.id)
    expect(m).toMatchObject({ type: 'viewOnce', body: '', media_id: null })
    expect(JSON.parse(m.meta)).toEqual({ media: 'image' })
    const s = await session(m.session_id)
    expect(s).toMatchObject({ last_message: '[view once]' })
    expect(s.unread_count).toBeGreaterThan(0)
    expect(heard.slice(before).map((e) => e.message.type)).toEqual(['viewOnce'])
  })

  it('a poll keeps its question and options', async () => {
    const sent = ctx.sim.network.customerSend(BOB, SHOP, {
      kind: 'poll',
      question: 'Which colour?',
      options: ['Red', 'Blue'],
      selectable: 1,
    })
    await ctx.sim.settle(1_000)
    const m = await row(sent.id)
    expect(m).toMatchObject({ type: 'poll', body: 'Which colour?' })
    expect(JSON.parse(m.meta)).toEqual({ options: ['Red', 'Blue'], selectable: 1 })
    expect((await session(m.session_id)).last_message).toBe('[poll] Which colour?')
  })

  it('an album is a header (not a turn) and its media, each naming it', async () => {
    const before = heard.length
    const header = ctx.sim.network.customerSendAlbum(BOB, SHOP, [
      { kind: 'image', caption: 'front' },
      { kind: 'video' },
    ])
    await ctx.sim.settle(1_000)
    const h = await row(header.id)
    expect(h).toMatchObject({ type: 'album', body: '' })
    expect(JSON.parse(h.meta)).toEqual({ images: 1, videos: 1 })
    const children = await ctx.db
      .selectFrom('messages')
      .select(['type', 'body', 'meta'])
      .where('session_id', '=', h.session_id)
      .where('id', '>', h.id)
      .orderBy('id')
      .execute()
    expect(children.map((c) => [c.type, c.body, JSON.parse(c.meta).albumId])).toEqual([
      ['image', 'front', header.id],
      ['video', '', header.id],
    ])
    // the media are what the session shows and what the automatic replies hear
    expect((await session(h.session_id)).last_message).toBe('[video]')
    expect(heard.slice(before).map((e) => e.message.type)).toEqual(['image', 'video'])
  })

  it('a pin is a line about the chat quoting the pinned message: no unread, no waiting, no reply', async () => {
    const ours = ctx.sim.network.customerSend(BOB, SHOP, { kind: 'text', text: 'to pin' })
    await ctx.sim.settle(1_000)
    const target = await row(ours.id)
    const before = await session(target.session_id)
    const heardBefore = heard.length
    const chat = phoneToJid(BOB)
    await ctx.messaging.inbound.onMessage({
      accountId: String(account),
      ref: { chatId: chat, id: 'PIN-1', fromMe: false },
      chatType: 'direct',
      sender: { id: chat, pn: chat },
      timestamp: Date.now(),
      live: true,
      content: { kind: 'pin', target: { chatId: chat, id: ours.id, fromMe: false }, pinned: true },
    })
    const pin = await row('PIN-1')
    expect(pin).toMatchObject({ type: 'system', body: '', quoted_wa_id: ours.id })
    expect(JSON.parse(pin.meta)).toEqual({ event: 'pinned' })
    const after = await session(target.session_id)
    expect(after.unread_count).toBe(before.unread_count)
    expect(after.last_message).toBe(before.last_message)
    expect(heard.length).toBe(heardBefore)
  })
})
