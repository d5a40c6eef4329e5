import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samplePng } from '../../gateway/simulator/media.js'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let account: number
const SHOP = '8613800000001'
const ALICE = '447700900001'
const BOB = '447700900002'
const emitted: { rooms: string[]; event: string; payload: Record<string, unknown> }[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  await ctx.as(tenant, Role.customerMaster, 'boss')
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
  ctx.messaging.hub.observe((rooms, event, payload) =>
    emitted.push({ rooms, event, payload: payload as Record<string, unknown> }),
  )
})
afterAll(() => ctx.close())

const messages = () =>
  ctx.db.selectFrom('messages').selectAll().where('account_id', '=', account).orderBy('id').execute()
const sessionOf = (id: number) =>
  ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('every inbound type is stored once, even when delivered twice', () => {
  it('stores text, media, location, contacts and reactions once each', async () => {
    const net = ctx.sim.network
    const first = net.customerSend(ALICE, SHOP, { kind: 'text', text: 'hello' })
    net.customerSend(ALICE, SHOP, { kind: 'image', caption: 'look' })
    net.customerSend(ALICE, SHOP, { kind: 'video', caption: 'clip' })
    net.customerSend(ALICE, SHOP, { kind: 'audio', voiceNote: true, seconds: 3 })
    net.customerSend(ALICE, SHOP, {
      kind: 'document',
      fileName: 'price.pdf',
      data: Buffer.from('%PDF-1.4 test'),
      mimetype: 'application/pdf',
    })
    net.customerSend(ALICE, SHOP, { kind: 'sticker' })
    net.customerSend(ALICE, SHOP, { kind: 'location', latitude: 31.23, longitude: 121.47, name: 'Bund' })
    net.customerSend(ALICE, SHOP, { kind: 'contact', name: 'Carol', phone: '447700900003' })
    net.customerReact(ALICE, first.id, '👍')
    await ctx.sim.settle(1_000)
    const stored = await messages()
    expect(stored.map((m) => m.type)).toEqual([
      'text',
      'image',
      'video',
      'audio',
      'document',
      'sticker',
      'location',
      'contacts',
      'reaction',
    ])

    // WhatsApp delivers again (a reconnect replays the backlog, or the process that stored them died
    // before telling the desks): nothing new is stored and no listener runs; the desks hear of each
    // message again, by the id they already have
    const before = emitted.length
    let heard = 0
    const off = ctx.events.subscribe('message.stored', () => {
      heard++
    })
    for (const m of ctx.sim.events.message) await ctx.messaging.inbound.onMessage(m)
    off()
    expect(await messages()).toEqual(stored)
    expect(heard).toBe(0)
    const again = emitted.slice(before).filter((e) => e.event === 'message.new')
    expect(again.map((e) => (e.payload.message as { id: number }).id).sort((a, b) => a - b)).toEqual(
      stored.map((m) => m.id),
    )

    const session = await sessionOf(stored[0].session_id)
    expect(session).toMatchObject({ type: 'personal', unread_count: 8, last_message: '[contact]' })
    expect(stored.find((m) => m.type === 'reaction')).toMatchObject({ body: '👍', quoted_wa_id: first.id })
    expect(JSON.parse(stored.find((m) => m.type === 'location')?.meta ?? '{}')).toEqual({
      latitude: 31.23,
      longitude: 121.47,
      name: 'Bund',
    })
    const fan = await ctx.db
      .selectFrom('fans')
      .selectAll()
      .where('account_id', '=', account)
      .executeTakeFirstOrThrow()
    expect(fan).toMatchObject({
      jid: `${ALICE}@s.whatsapp.net`,
      phone: ALICE,
      push_name: 'Alice',
      source: 'passive_add',
      country: 'GB',
      mass_send_enabled: 1,
    })
  })

  it('downloads media into DATA_DIR/media with the type read from the bytes', async () => {
    const png = samplePng([1, 2, 3], 8)
    ctx.sim.network.customerSend(ALICE, SHOP, {
      kind: 'image',
      data: png,
      mimetype: 'image/jpeg',
      caption: 'claims jpeg',
    })
    ctx.sim.network.customerSend(ALICE, SHOP, {
      kind: 'document',
      data: Buffer.from('MZ\x90\x00 not a pdf'),
      mimetype: 'application/pdf',
      fileName: 'x.pdf',
    })
    await ctx.sim.settle(1_000)
    const [img, doc] = (await messages()).slice(-2)
    const imgFile = await ctx.db
      .selectFrom('media_files')
      .selectAll()
      .where('id', '=', img.media_id ?? 0)
      .executeTakeFirstOrThrow()
    expect(imgFile).toMatchObject({
      tenant_id: tenant,
      mime: 'image/png',
      size: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
    })
    const abs = ctx.messaging.media.absolute(imgFile.path)
    expect(abs.startsWith(path.join(ctx.messaging.media.absolute(''), String(tenant)))).toBe(true)
    expect(fs.readFileSync(abs).equals(png)).toBe(true)
    expect(JSON.parse(img.meta)).toMatchObject({ mime: 'image/png' })
    const docFile = await ctx.db
      .selectFrom('media_files')
      .selectAll()
      .where('id', '=', doc.media_id ?? 0)
      .executeTakeFirstOrThrow()
    expect(docFile.mime).toBe('application/octet-stream')
  })
})

describe('sessions, fans, groups', () => {
  it('puts group messages in the group session with the group subject', async () => {
    const g = ctx.sim.network.createGroup(BOB, 'Wholesale buyers', [SHOP, ALICE])
    await ctx.sim.settle()
    ctx.sim.network.customerSendGroup(BOB, g.id, { kind: 'text', text: 'hi all' })
    ctx.sim.network.customerSendGroup(ALICE, g.id, { kind: 'text', text: 'hello' })
    await ctx.sim.settle(1_000)
    const rows = (await messages()).slice(-2)
    expect(rows[0].session_id).toBe(rows[1].session_id)
    expect(rows.map((m) => m.sender_jid)).toEqual([`${BOB}@s.whatsapp.net`, `${ALICE}@s.whatsapp.net`])
    const session = await sessionOf(rows[0].session_id)
    expect(session).toMatchObject({ type: 'group', fan_id: null, unread_count: 2 })
    const group = await ctx.db
      .selectFrom('group_chats')
      .selectAll()
      .where('id', '=', session.group_chat_id ?? 0)
      .executeTakeFirstOrThrow()
    expect(group).toMatchObject({ jid: g.id, subject: 'Wholesale buyers' })
    const members = await ctx.db
      .selectFrom('group_members')
      .select(['jid', 'role'])
      .where('group_chat_id', '=', group.id)
      .orderBy('jid')
      .execute()
    expect(members.map((m) => m.jid)).toEqual([
      `${ALICE}@s.whatsapp.net`,
      `${BOB}@s.whatsapp.net`,
      `${SHOP}@s.whatsapp.net`,
    ])
    expect(
      await ctx.db.selectFrom('fans').select('jid').where('jid', '=', `${BOB}@s.whatsapp.net`).execute(),
    ).toEqual([])
  })

  it('flags the same phone on two accounts of the tenant as repeat', async () => {
    const second = await ctx.linkAccount(tenant, '8613800000002')
    ctx.sim.network.customerSend(ALICE, '8613800000002', { kind: 'text', text: 'me again' })
    await ctx.sim.settle(1_000)
    const fans = await ctx.db
      .selectFrom('fans')
      .select(['account_id', 'repeat_flag'])
      .where('phone', '=', ALICE)
      .orderBy('account_id')
      .execute()
    expect(fans).toEqual([
      { account_id: account, repeat_flag: 1 },
      { account_id: second, repeat_flag: 1 },
    ])
  })

  it.each([
    ['STOP', 0],
    ['  unsubscribe ', 0],
    ['退订', 0],
    ['please stop', 1],
  ])('opt-out: a fan writing %j gets mass_send_enabled = %i', async (text, expected) => {
    const phone = `4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`
    ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text })
    await ctx.sim.settle(1_000)
    const fan = await ctx.db
      .selectFrom('fans')
      .select('mass_send_enabled')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
    expect(fan.mass_send_enabled).toBe(expected)
  })
})

describe('text WhatsApp carries that a database cannot store', () => {
  it('stores a message whose text holds a NUL character, without it, and the next one after it', async () => {
    const carol = '447700900044'
    ctx.sim.network.customerSend(carol, SHOP, { kind: 'text', text: 'a\u0000b' })
    ctx.sim.network.customerSend(carol, SHOP, { kind: 'text', text: 'next' })
    await ctx.sim.settle(100)
    const fan = await ctx.db
      .selectFrom('fans')
      .select('id')
      .where('phone', '=', carol)
      .executeTakeFirstOrThrow()
    const session = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('fan_id', '=', fan.id)
      .executeTakeFirstOrThrow()
    const bodies = (await messages()).filter((m) => m.session_id === session.id).map((m) => m.body)
    expect(bodies).toEqual(['ab', 'next'])
  })
})
