import {
  ErrorCode,
  type SimChatView,
  type SimGroupView,
  type SimMessagesPage,
  type SimMessageView,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phoneToJid } from '../../gateway/jid.js'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let account: number
const base = '/damai/sim'
const SHOP = '8613800000701'
const ALICE = '447700900701'
const BOB = '447700900702'
const CAROL = '447700900703'

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
})
afterAll(() => ctx.close())

const stored = () =>
  ctx.db
    .selectFrom('messages')
    .select(['tenant_id', 'account_id', 'type', 'body', 'from_me', 'wa_message_id'])
    .where('account_id', '=', account)
    .orderBy('id')
    .execute()
const send = (phone: string, to: string, content: object) =>
  ctx.call('POST', `${base}/send`, { body: { phone, to, content } })
const chats = async (phone: string) =>
  (await ctx.call('GET', `${base}/chats`, { query: { phone } })).data as SimChatView[]
const page = async (phone: string, peer: string, extra: Record<string, string> = {}) =>
  (await ctx.call('GET', `${base}/messages`, { query: { phone, peer, ...extra } })).data as SimMessagesPage

describe('a customer writes from the simulated phone', () => {
  it('delivers text, a sample image, a location and a contact card to the account', async () => {
    const text = await send(ALICE, `+${SHOP}`, { kind: 'text', text: '  hello shop  ' })
    expect(text.code).toBe(0)
    expect(text.data).toMatchObject({ kind: 'text', text: 'hello shop', fromMe: true, from: ALICE })
    expect((await send(ALICE, SHOP, { kind: 'image', caption: 'this one' })).code).toBe(0)
    expect(
      (await send(ALICE, SHOP, { kind: 'location', latitude: 31.23, longitude: 121.47, name: 'Bund' })).code,
    ).toBe(0)
    expect((await send(ALICE, SHOP, { kind: 'contact', name: 'Carol', phone: CAROL })).code).toBe(0)
    await ctx.sim.settle(1_000)

    const rows = await stored()
    expect(rows.map((r) => [r.tenant_id, r.type, r.from_me])).toEqual([
      [tenant, 'text', 0],
      [tenant, 'image', 0],
      [tenant, 'location', 0],
      [tenant, 'contacts', 0],
    ])
    expect(rows[0]?.body).toBe('hello shop')
    expect(rows[0]?.wa_message_id).toBe((text.data as SimMessageView).id)
  })

  it('shows the chat on both phones, with each kind of bubble and its media', async () => {
    expect((await chats(ALICE)).find((c) => c.peer === SHOP)).toMatchObject({
      type: 'direct',
      member: true,
      last: { kind: 'contact', text: 'Carol', fromMe: true, revoked: false },
    })
    const { list, hasMore } = await page(SHOP, ALICE)
    expect(hasMore).toBe(false)
    expect(list.map((m) => [m.kind, m.fromMe])).toEqual([
      ['text', false],
      ['image', false],
      ['location', false],
      ['contact', false],
    ])
    expect(list[2]?.location).toEqual({ latitude: 31.23, longitude: 121.47, name: 'Bund' })
    expect(list[3]?.contact).toEqual({ name: 'Carol', phone: CAROL })
    expect(list[1]?.text).toBe('this one')
    const img = await ctx.res('GET', list[1]?.mediaUrl ?? '')
    expect(img.statusCode).toBe(200)
    expect(img.headers['content-type']).toBe('image/png')
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    expect((await ctx.res('GET', `${base}/media/999999`)).statusCode).toBe(404)
  })

  it('pages a chat back from the newest message', async () => {
    const all = (await page(ALICE, SHOP)).list
    const last = await page(ALICE, SHOP, { limit: '2' })
    expect(last).toEqual({ list: all.slice(-2), hasMore: true })
    const older = await page(ALICE, SHOP, { limit: '2', before: last.list[0]?.id ?? '' })
    expect(older).toEqual({ list: all.slice(0, 2), hasMore: false })
  })

  it('refuses a number that is not on WhatsApp, bad content, and changes nothing', async () => {
    ctx.sim.network.addPhone('447700900799', { registered: false })
    const before = (await stored()).length
    const r = await send(ALICE, '447700900799', { kind: 'text', text: 'hi' })
    expect(r.code).toBe(ErrorCode.simNotOnWhatsApp)
    for (const content of [
      { kind: 'text', text: '   ' },
      { kind: 'location', latitude: 91, longitude: 0 },
      { kind: 'contact', name: 'X', phone: '12' },
      { kind: 'sticker' },
    ]) {
      expect((await send(ALICE, SHOP, content)).code).toBe(ErrorCode.badRequest)
    }
    expect((await send(ALICE, 'not-a-number', { kind: 'text', text: 'x' })).code).toBe(ErrorCode.badRequest)
    expect((await send(ALICE, `+${ALICE}`, { kind: 'text', text: 'to myself' })).code).toBe(
      ErrorCode.badRequest,
    )
    await ctx.sim.settle(1_000)
    expect((await stored()).length).toBe(before)
  })

  it('reads the chat: the account sees blue ticks', async () => {
    await ctx.sim.gateway.send(String(account), phoneToJid(ALICE), { kind: 'text', text: 'welcome' })
    await ctx.sim.settle()
    expect((await chats(ALICE)).find((c) => c.peer === SHOP)?.unread).toBe(1)
    const r = await ctx.call('POST', `${base}/read`, { body: { phone: ALICE, peer: SHOP } })
    expect(r.code).toBe(0)
    await ctx.sim.settle()
    expect((await chats(ALICE)).find((c) => c.peer === SHOP)?.unread).toBe(0)
    const mine = (await page(SHOP, ALICE)).list.at(-1)
    expect(mine).toMatchObject({ text: 'welcome', fromMe: true, status: 'read', viaDevice: true })
    expect(
      (await ctx.call('POST', `${base}/read`, { body: { phone: '8613899999998', peer: SHOP } })).code,
    ).toBe(ErrorCode.simPhoneUnknown)
  })

  it('revokes only its own messages', async () => {
    const sent = (await send(ALICE, SHOP, { kind: 'text', text: 'oops' })).data as SimMessageView
    const theirs = (await page(ALICE, SHOP)).list.find((m) => !m.fromMe)
    const refused = await ctx.call('POST', `${base}/revoke`, {
      body: { phone: ALICE, messageId: theirs?.id },
    })
    expect(refused.code).toBe(ErrorCode.simMessageNotFound)
    const r = await ctx.call('POST', `${base}/revoke`, { body: { phone: ALICE, messageId: sent.id } })
    expect(r.code).toBe(0)
    await ctx.sim.settle()
    const shown = (await page(ALICE, SHOP)).list.find((m) => m.id === sent.id)
    expect(shown).toMatchObject({ revoked: true, text: '' })
    const row = await ctx.db
      .selectFrom('messages')
      .select('status')
      .where('wa_message_id', '=', sent.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('withdrawn')
  })

  it("edits its own text within WhatsApp's window: the desk shows the new text", async () => {
    const sent = (await send(ALICE, SHOP, { kind: 'text', text: 'Falr soon' })).data as SimMessageView
    const theirs = (await page(ALICE, SHOP)).list.find((m) => !m.fromMe)
    const edit = (messageId: string | undefined, text = 'Fale soon') =>
      ctx.call('POST', `${base}/edit`, { body: { phone: ALICE, messageId, text } })
    expect((await edit(theirs?.id)).code).toBe(ErrorCode.simMessageNotFound)
    expect((await edit(sent.id, '   ')).code).toBe(ErrorCode.badRequest)
    expect((await edit(sent.id)).code).toBe(0)
    await ctx.sim.settle()
    expect((await page(ALICE, SHOP)).list.find((m) => m.id === sent.id)).toMatchObject({
      text: 'Fale soon',
      edited: true,
    })
    const row = await ctx.db
      .selectFrom('messages')
      .select(['body', 'edit_history'])
      .where('wa_message_id', '=', sent.id)
      .executeTakeFirstOrThrow()
    expect(row.body).toBe('Fale soon')
    expect(JSON.parse(row.edit_history ?? '[]')).toMatchObject([{ body: 'Falr soon' }])
    const card = (await send(ALICE, SHOP, { kind: 'contact', name: 'Carol', phone: CAROL }))
      .data as SimMessageView
    expect((await edit(card.id)).code).toBe(ErrorCode.simNotEditable)
  })

  it('sends a view-once photo and a poll: the desk gets a bubble for each', async () => {
    const once = await send(ALICE, SHOP, { kind: 'viewOnce' })
    expect(once.data).toMatchObject({ kind: 'viewOnce', fromMe: true })
    const poll = await send(ALICE, SHOP, { kind: 'poll', question: 'Size?', options: ['S', 'M'] })
    expect(poll.data).toMatchObject({
      kind: 'poll',
      text: 'Size?',
      poll: { options: ['S', 'M'], selectable: 1 },
    })
    expect((await send(ALICE, SHOP, { kind: 'poll', question: 'One?', options: ['only'] })).code).toBe(
      ErrorCode.badRequest,
    )
    await ctx.sim.settle(1_000)
    const rows = (await stored()).slice(-2)
    expect(rows.map((r) => [r.type, r.body])).toEqual([
      ['viewOnce', ''],
      ['poll', 'Size?'],
    ])
  })
})

describe('groups on the simulated phone', () => {
  it('creates a group, joins by invite link, writes to it, and leaves', async () => {
    const created = await ctx.call('POST', `${base}/group/create`, {
      body: { phone: ALICE, subject: 'Buyers', members: [BOB, SHOP] },
    })
    expect(created.code).toBe(0)
    const g = created.data as SimGroupView
    expect(g.participants.map((p) => [p.phone, p.role])).toEqual([
      [ALICE, 'superadmin'],
      [BOB, 'member'],
      [SHOP, 'member'],
    ])
    expect((await chats(BOB)).find((c) => c.peer === g.id)).toMatchObject({ type: 'group', title: 'Buyers' })

    const join = await ctx.call('POST', `${base}/group/join`, { body: { phone: CAROL, code: g.inviteLink } })
    expect((join.data as SimGroupView).participants.some((p) => p.phone === CAROL)).toBe(true)
    expect(
      (await ctx.call('POST', `${base}/group/join`, { body: { phone: CAROL, code: 'AAAAAAAAAAAAA' } })).code,
    ).toBe(ErrorCode.simGroupNotFound)

    expect((await send(CAROL, g.id, { kind: 'text', text: 'hi all' })).code).toBe(0)
    await ctx.sim.settle(1_000)
    expect((await stored()).at(-1)).toMatchObject({ type: 'text', body: 'hi all', from_me: 0 })
    expect((await page(BOB, g.id)).list.at(-1)).toMatchObject({ text: 'hi all', fromName: `+${CAROL}` })

    const info = await ctx.call('GET', `${base}/group`, { query: { phone: BOB, groupId: g.id } })
    expect((info.data as SimGroupView).inviteCode).toBe(g.inviteCode)
    expect(
      (await ctx.call('POST', `${base}/group/leave`, { body: { phone: CAROL, groupId: g.id } })).code,
    ).toBe(0)
    expect((await chats(CAROL)).find((c) => c.peer === g.id)?.member).toBe(false)
    expect((await send(CAROL, g.id, { kind: 'text', text: 'still here?' })).code).toBe(
      ErrorCode.simNotGroupMember,
    )
    expect((await ctx.call('GET', `${base}/group`, { query: { phone: CAROL, groupId: g.id } })).code).toBe(
      ErrorCode.simNotGroupMember,
    )
    const missing = '120363000000000000@g.us'
    expect((await send(BOB, missing, { kind: 'text', text: 'x' })).code).toBe(ErrorCode.simGroupNotFound)
    expect(
      (await ctx.call('POST', `${base}/group/leave`, { body: { phone: BOB, groupId: missing } })).code,
    ).toBe(ErrorCode.simGroupNotFound)
  })
})
