import { buffer } from 'node:stream/consumers'
import { beforeEach, describe, expect, it } from 'vitest'
import type { InboundMessage } from '../messaging-gateway.js'
import { createSimHarness, type SimHarness } from './harness.js'

const SHOP = '8613800000000'
const SHOP_JID = `${SHOP}@s.whatsapp.net`
const ANN = '447700900001'
const ANN_JID = `${ANN}@s.whatsapp.net`
const BOB = '5511900000002'

let h: SimHarness
beforeEach(async () => {
  h = createSimHarness({ seed: 11 })
  h.network.addPhone(ANN, { name: 'Ann' })
  h.network.addPhone(BOB, { name: 'Bob' })
  await h.linkAccount('1', SHOP)
})

const lastMessage = (): InboundMessage => h.events.message[h.events.message.length - 1]

describe('inbound from customers', () => {
  it('text: direct chat, sender with both forms and push name, live', async () => {
    const sent = h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'hello' })
    await h.settle()
    expect(lastMessage()).toEqual({
      accountId: '1',
      ref: { chatId: ANN_JID, id: sent.id, fromMe: false },
      chatType: 'direct',
      sender: { id: ANN_JID, pn: ANN_JID, lid: expect.stringMatching(/@lid$/), pushName: 'Ann' },
      chatAlt: lastMessage().sender.lid,
      timestamp: h.clock.now(),
      live: true,
      content: { kind: 'text', text: 'hello' },
    })
    expect(h.events['identity.mapping']).toEqual([
      { accountId: '1', pn: ANN_JID, lid: lastMessage().sender.lid, via: 'message' },
    ])
  })

  it('every media type, downloadable by handle', async () => {
    const jpeg = Buffer.from('fake-jpeg-bytes')
    h.network.customerSend(ANN, SHOP, { kind: 'image', data: jpeg, mimetype: 'image/jpeg', caption: 'photo' })
    h.network.customerSend(ANN, SHOP, { kind: 'video', caption: 'clip', seconds: 9 })
    h.network.customerSend(ANN, SHOP, { kind: 'video', gif: true })
    h.network.customerSend(ANN, SHOP, { kind: 'audio', voiceNote: true, seconds: 4 })
    h.network.customerSend(ANN, SHOP, {
      kind: 'audio',
      voiceNote: false,
      data: Buffer.from('mp3'),
      mimetype: 'audio/mpeg',
    })
    h.network.customerSend(ANN, SHOP, {
      kind: 'document',
      fileName: 'invoice.pdf',
      mimetype: 'application/pdf',
      data: Buffer.from('%PDF'),
    })
    h.network.customerSend(ANN, SHOP, { kind: 'sticker' })
    await h.settle()
    const c = h.events.message.map((m) => m.content)
    expect(c[0]).toMatchObject({
      kind: 'media',
      media: 'image',
      mimetype: 'image/jpeg',
      caption: 'photo',
      sizeBytes: jpeg.length,
    })
    expect(c[1]).toMatchObject({ media: 'video', caption: 'clip', seconds: 9, mimetype: 'video/mp4' })
    expect(c[2]).toMatchObject({ media: 'video', gif: true })
    expect(c[3]).toMatchObject({ media: 'audio', voiceNote: true, seconds: 4 })
    expect(c[4]).toMatchObject({ media: 'audio', voiceNote: false, mimetype: 'audio/mpeg' })
    expect(c[5]).toMatchObject({ media: 'document', fileName: 'invoice.pdf', mimetype: 'application/pdf' })
    expect(c[6]).toMatchObject({ media: 'sticker' })
    const handle = (c[0] as { handle: string }).handle
    expect(await buffer(await h.gateway.downloadMedia('1', handle))).toEqual(jpeg)
    const png = await buffer(await h.gateway.downloadMedia('1', (c[6] as { handle: string }).handle))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    await expect(h.gateway.downloadMedia('1', 'sim:999')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('location, one contact card and several', async () => {
    h.network.customerSend(ANN, SHOP, {
      kind: 'location',
      latitude: 31.23,
      longitude: 121.47,
      name: 'Shop',
      address: 'Nanjing Rd',
    })
    h.network.customerSend(ANN, SHOP, { kind: 'contact', name: 'Carl', phone: '8613700000009' })
    h.network.customerSend(ANN, SHOP, { kind: 'contacts', displayName: '2 contacts', vcards: ['A', 'B'] })
    await h.settle()
    const c = h.events.message.map((m) => m.content)
    expect(c[0]).toEqual({
      kind: 'location',
      latitude: 31.23,
      longitude: 121.47,
      name: 'Shop',
      address: 'Nanjing Rd',
    })
    expect(c[1]).toMatchObject({
      kind: 'contacts',
      displayName: 'Carl',
      vcards: [expect.stringContaining('waid=8613700000009')],
    })
    expect(c[2]).toEqual({ kind: 'contacts', displayName: '2 contacts', vcards: ['A', 'B'] })
  })

  it('quotes, reactions, edits and revokes, seen from the account', async () => {
    const sent = await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'our offer' })
    const q = h.network.customerSend(
      ANN,
      SHOP,
      { kind: 'text', text: 'about this' },
      { quotedId: sent.ref.id },
    )
    h.network.customerReact(ANN, sent.ref.id, '👍')
    h.network.customerEdit(ANN, q.id, 'about this one')
    h.network.customerRevoke(ANN, q.id)
    await h.settle()
    const [quote, reaction, edit, revoke] = h.events.message
    expect(quote.quoted).toEqual({ id: sent.ref.id, participant: SHOP_JID, text: 'our offer' })
    expect(reaction.content).toEqual({
      kind: 'reaction',
      target: { chatId: ANN_JID, id: sent.ref.id, fromMe: true },
      emoji: '👍',
    })
    expect(edit.content).toEqual({
      kind: 'edit',
      target: { chatId: ANN_JID, id: q.id, fromMe: false },
      text: 'about this one',
    })
    expect(revoke.content).toEqual({ kind: 'revoke', target: { chatId: ANN_JID, id: q.id, fromMe: false } })
    expect(h.network.messagesBetween(ANN, SHOP).map((m) => m.text)).toEqual(['our offer', '[deleted]'])
  })

  it('group messages carry the sender; joins and leaves are announced', async () => {
    const g = h.network.createGroup(ANN, 'Buyers', [SHOP, BOB])
    await h.settle()
    expect(h.events['group.updated'][0].group).toMatchObject({ id: g.id, subject: 'Buyers' })
    const m = h.network.customerSendGroup(BOB, g.id, { kind: 'text', text: 'hi all' })
    const carl = '8613700000009'
    h.network.joinGroup(carl, g.id)
    h.network.leaveGroup(BOB, g.id)
    await h.settle()
    expect(lastMessage()).toMatchObject({
      chatType: 'group',
      ref: { chatId: g.id, id: m.id, fromMe: false, participant: `${BOB}@s.whatsapp.net` },
      sender: { id: `${BOB}@s.whatsapp.net`, pushName: 'Bob' },
    })
    expect(h.events['group.participants'].map((e) => [e.action, e.participants])).toEqual([
      ['add', [`${carl}@s.whatsapp.net`]],
      ['remove', [`${BOB}@s.whatsapp.net`]],
    ])
  })
})

describe('outbound and receipts', () => {
  it('sends with the pre-generated id and reports server ack → delivered → read, later and in order', async () => {
    const id = h.gateway.newMessageId('1')
    const sent = await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'hi Ann' }, { messageId: id })
    expect(sent).toEqual({ ref: { chatId: ANN_JID, id, fromMe: true }, timestamp: h.clock.now() })
    await h.settle()
    expect(h.events['message.status']).toHaveLength(0)
    await h.settle(200_000)
    const updates = h.events['message.status'].filter((u) => u.ref.id === id)
    expect(updates.map((u) => u.status)).toEqual(['server_ack', 'delivered', 'read'])
    const times = updates.map((u) => u.at ?? 0)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(times[0]).toBeGreaterThan(sent.timestamp)
    expect(h.network.messagesBetween(SHOP, ANN)[0]).toMatchObject({
      text: 'hi Ann',
      status: 'read',
      viaDevice: true,
    })
  })

  it('voice notes get played after read', async () => {
    const sent = await h.gateway.send('1', ANN_JID, {
      kind: 'audio',
      media: { buffer: Buffer.from('ogg') },
      voiceNote: true,
    })
    await h.settle(300_000)
    const statuses = h.events['message.status'].filter((u) => u.ref.id === sent.ref.id).map((u) => u.status)
    expect(statuses).toEqual(['server_ack', 'delivered', 'read', 'played'])
  })

  it('records outbound media so the phone side can see it', async () => {
    await h.gateway.send('1', ANN_JID, {
      kind: 'image',
      media: { buffer: Buffer.from('img') },
      caption: 'catalogue',
    })
    const [view] = h.network.messagesBetween(ANN, SHOP)
    expect(view.body).toMatchObject({ kind: 'media', media: 'image', caption: 'catalogue' })
    const handle = (view.body as { handle: string }).handle
    expect(h.network.media(handle)?.data.toString()).toBe('img')
  })

  it('does not send twice when retried with the same message id', async () => {
    const id = h.gateway.newMessageId('1')
    await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'once' }, { messageId: id })
    await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'once' }, { messageId: id })
    expect(h.network.messagesBetween(SHOP, ANN)).toHaveLength(1)
  })

  it('markRead gives the customer blue ticks', async () => {
    const m = h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'read me' })
    await h.settle(10_000)
    expect(h.network.messagesBetween(ANN, SHOP)[0].status).toBe('delivered')
    await h.gateway.markRead('1', [h.events.message[0].ref])
    expect(h.network.messagesBetween(ANN, SHOP)[0]).toMatchObject({ id: m.id, status: 'read' })
    expect(h.network.chatsOf(SHOP)[0]).toMatchObject({ peer: ANN, unread: 0 })
  })

  it('revokes our own message for the customer', async () => {
    const sent = await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'oops' })
    await h.gateway.revoke('1', sent.ref)
    expect(h.network.messagesBetween(ANN, SHOP)[0]).toMatchObject({ revoked: true, text: '[deleted]' })
    await expect(h.gateway.revoke('1', { chatId: ANN_JID, id: 'nope', fromMe: true })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('edits our own text for the customer, within 15 minutes only', async () => {
    const sent = await h.gateway.send('1', ANN_JID, { kind: 'text', text: 'see you at 5' })
    await h.gateway.edit('1', sent.ref, 'see you at 6')
    expect(h.network.messagesBetween(ANN, SHOP)[0]).toMatchObject({
      editedText: 'see you at 6',
      text: 'see you at 6',
    })
    const theirs = h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'ok' })
    await expect(
      h.gateway.edit('1', { chatId: ANN_JID, id: theirs.id, fromMe: false }, 'not mine'),
    ).rejects.toMatchObject({ code: 'forbidden' })
    await h.settle(15 * 60_000 + 1)
    await expect(h.gateway.edit('1', sent.ref, 'too late')).rejects.toMatchObject({
      code: 'invalid_argument',
    })
    expect(h.network.messagesBetween(ANN, SHOP)[0]).toMatchObject({ editedText: 'see you at 6' })
  })

  it('group sends report receipts per member and for the whole group', async () => {
    const g = await h.gateway.groupCreate('1', 'VIP', [ANN_JID, `${BOB}@s.whatsapp.net`])
    const sent = await h.gateway.send('1', g.id, { kind: 'text', text: 'welcome' })
    await h.settle(300_000)
    const u = h.events['message.status'].filter((x) => x.ref.id === sent.ref.id)
    expect(u.filter((x) => x.by === ANN_JID).map((x) => x.status)).toContain('delivered')
    expect(u.filter((x) => x.by === undefined).map((x) => x.status)[0]).toBe('server_ack')
    expect(u.some((x) => x.by === undefined && x.status === 'delivered')).toBe(true)
  })

  it('status posts are seen by the audience', async () => {
    const post = await h.gateway.postStatus('1', { kind: 'text', text: 'New arrivals!' }, [
      ANN_JID,
      `${BOB}@s.whatsapp.net`,
    ])
    await h.settle(300_000)
    const seen = h.events['message.status'].filter((x) => x.ref.id === post.ref.id && x.by)
    expect(new Set(seen.map((x) => x.by))).toEqual(new Set([ANN_JID, `${BOB}@s.whatsapp.net`]))
    await expect(h.gateway.postStatus('1', { kind: 'text', text: 'x' }, [])).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })
})

describe('numbers and groups', () => {
  it('reports unregistered numbers and refuses to send to them', async () => {
    h.network.addPhone('15550000000', { registered: false })
    expect(await h.gateway.checkNumbers('1', ['+1 555 000 0000', ANN])).toEqual([
      { phone: '15550000000', exists: false },
      { phone: ANN, exists: true, jid: ANN_JID },
    ])
    await expect(
      h.gateway.send('1', '15550000000@s.whatsapp.net', { kind: 'text', text: 'x' }),
    ).rejects.toMatchObject({
      code: 'not_on_whatsapp',
    })
  })

  it('treats never-seen numbers as absent when configured so', async () => {
    const strict = createSimHarness({ unknownNumbers: 'unregistered' })
    await strict.linkAccount('1', SHOP)
    expect((await strict.gateway.checkNumbers('1', ['8613100000000']))[0].exists).toBe(false)
    await expect(
      strict.gateway.send('1', '8613100000000@s.whatsapp.net', { kind: 'text', text: 'x' }),
    ).rejects.toMatchObject({
      code: 'not_on_whatsapp',
    })
  })

  it('runs group admin operations', async () => {
    const g = await h.gateway.groupCreate('1', 'Team', [ANN_JID])
    expect(g.participants.map((p) => [p.id, p.role])).toEqual([
      [SHOP_JID, 'superadmin'],
      [ANN_JID, 'member'],
    ])
    h.network.addPhone('15550000000', { registered: false })
    const res = await h.gateway.groupParticipants('1', g.id, 'add', [
      ANN_JID,
      `${BOB}@s.whatsapp.net`,
      '15550000000@s.whatsapp.net',
    ])
    expect(res.map((r) => r.status)).toEqual(['409', '200', '404'])
    await h.gateway.groupParticipants('1', g.id, 'promote', [ANN_JID])
    await h.gateway.groupUpdate('1', g.id, {
      subject: 'Team 2',
      description: 'desc',
      setting: 'announcement',
    })
    const info = await h.gateway.groupInfo('1', g.id)
    expect(info).toMatchObject({ subject: 'Team 2', description: 'desc', announce: true })
    expect(info.participants.find((p) => p.id === ANN_JID)?.role).toBe('admin')
    const code = await h.gateway.groupInviteCode('1', g.id)
    const carl = '8613700000009'
    h.network.joinGroup(carl, `https://chat.whatsapp.com/${code}`)
    const revoked = await h.gateway.groupRevokeInvite('1', g.id)
    expect(revoked).not.toBe(code)
    expect(() => h.network.joinGroup('8613700000010', code)).toThrow(/not valid/)
    await expect(
      h.gateway.groupJoin('1', 'https://chat.whatsapp.com/AAAAAAAAAAAAAAAAAAAAAA'),
    ).rejects.toMatchObject({ code: 'not_found' })
    await h.gateway.groupLeave('1', g.id)
    await expect(h.gateway.groupInfo('1', g.id)).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('announce-only groups refuse members who are not admins', async () => {
    const g = h.network.createGroup(ANN, 'News', [SHOP])
    h.network.world.groups.get(g.id)!.announce = true
    await expect(h.gateway.send('1', g.id, { kind: 'text', text: 'x' })).rejects.toMatchObject({
      code: 'forbidden',
    })
  })
})

describe('inspector', () => {
  it('lists phones, chats and conversations with statuses', async () => {
    h.network.customerSend(ANN, SHOP, { kind: 'text', text: 'first' })
    await h.gateway.send('1', `${BOB}@s.whatsapp.net`, { kind: 'text', text: 'to bob' })
    await h.settle(1)
    const phones = h.network.listPhones()
    expect(phones[0]).toMatchObject({
      number: SHOP,
      isAccount: true,
      devices: [{ accountId: '1', online: true }],
    })
    expect(phones.map((p) => p.number)).toEqual(expect.arrayContaining([ANN, BOB]))
    const chats = h.network.chatsOf(SHOP)
    expect(chats.map((c) => [c.peer, c.title, c.lastText])).toEqual(
      expect.arrayContaining([
        [ANN, 'Ann', 'first'],
        [BOB, 'Bob', 'to bob'],
      ]),
    )
    expect(h.network.messagesBetween(BOB, SHOP)).toMatchObject([
      { from: SHOP, to: BOB, text: 'to bob', status: 'sent' },
    ])
  })
})
