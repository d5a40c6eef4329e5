import type { WASocket } from 'baileys'
import { proto } from 'baileys'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeSocket, ME_JID } from '../../test/fake-baileys-socket.js'
import { ManualClock } from '../clock.js'
import type { AccountStatus, GatewayEvents } from '../messaging-gateway.js'
import { BaileysGateway } from './adapter.js'
import { useDatabaseAuthState } from './auth-state.js'
import { MemoryAuthStateStore } from './auth-store.js'

let clock: ManualClock
let store: MemoryAuthStateStore
let sockets: FakeSocket[]
let gw: BaileysGateway
let statuses: AccountStatus[]
const last = () => sockets[sockets.length - 1]
const lastStatus = () => statuses[statuses.length - 1]

async function seedLinked(accountId: string) {
  const a = await useDatabaseAuthState(store, accountId)
  a.state.creds.me = { id: ME_JID }
  a.state.creds.account = { details: new Uint8Array([1]) }
  await a.saveCreds()
}

beforeEach(() => {
  clock = new ManualClock(1_000_000)
  store = new MemoryAuthStateStore()
  sockets = []
  statuses = []
  gw = new BaileysGateway({
    store,
    clock,
    random: () => 0,
    makeSocket: (config) => {
      const s = new FakeSocket(config)
      sockets.push(s)
      return s as unknown as WASocket
    },
  })
  gw.on('status', ({ status }) => {
    statuses.push(status)
  })
})

describe('QR login', () => {
  it('shows QR data URLs (60 s, then 20 s), then reconnects after 515 and opens', async () => {
    await gw.login('1', { method: 'qr' })
    expect(lastStatus()).toEqual({ state: 'connecting' })
    await last().push({ 'connection.update': { qr: 'REF1,abc' } })
    expect(lastStatus()).toMatchObject({ state: 'awaiting_qr', qr: 'REF1,abc', expiresAt: 1_060_000 })
    expect((lastStatus() as { qrDataUrl: string }).qrDataUrl).toMatch(/^data:image\/png;base64,/)
    await last().push({ 'connection.update': { qr: 'REF2,abc' } })
    expect(lastStatus()).toMatchObject({ qr: 'REF2,abc', expiresAt: 1_020_000 })

    // the phone scans: creds are saved, then the server asks for a restart
    const creds = last().config.auth.creds
    creds.me = { id: ME_JID }
    creds.account = { details: new Uint8Array([1]) }
    await last().push({ 'creds.update': { me: creds.me } })
    await last().close(515, 'restart required')
    expect(sockets).toHaveLength(2)
    await last().open()
    expect(lastStatus()).toEqual({
      state: 'open',
      me: { pn: '8613800000000@s.whatsapp.net', lid: '99@lid', pushName: 'Shop', business: false },
    })
    expect((await useDatabaseAuthState(store, '1')).registered).toBe(true)
  })

  it('reports QR expired when the refs run out and does not loop', async () => {
    await gw.login('1', { method: 'qr' })
    await last().push({ 'connection.update': { qr: 'REF1' } })
    await last().close(408, 'QR refs attempts ended')
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'qr_expired', canResume: false, code: 408 })
    await clock.advance(600_000)
    expect(sockets).toHaveLength(1)
    expect(store.creds.size).toBe(0)
  })
})

describe('pairing-code login', () => {
  it('asks for the code after the first QR, once', async () => {
    await gw.login('1', { method: 'pairing_code', phone: '+86 138 0000 0000' })
    await last().push({ 'connection.update': { qr: 'REF1' } })
    await last().push({ 'connection.update': { qr: 'REF2' } })
    expect(last().requestPairingCode).toHaveBeenCalledTimes(1)
    expect(last().requestPairingCode).toHaveBeenCalledWith('8613800000000')
    expect(lastStatus()).toEqual({ state: 'awaiting_pairing_code', code: 'ABCD1234', phone: '8613800000000' })
  })

  it('resets the creds when the code request fails', async () => {
    await gw.login('1', { method: 'pairing_code', phone: '8613800000000' })
    await store.writeCreds('1', 'half-written creds')
    last().requestPairingCode.mockRejectedValueOnce(
      Object.assign(new Error('Connection Closed'), { output: { statusCode: 428 } }),
    )
    await last().push({ 'connection.update': { qr: 'REF1' } })
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'login_failed', canResume: false })
    expect(await store.readCreds('1')).toBeUndefined()
    expect(last().end).toHaveBeenCalled()
  })

  it('needs a phone number', async () => {
    await expect(gw.login('1', { method: 'pairing_code' })).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })
})

describe('resume and disconnects', () => {
  it('refuses to resume an account that was never linked', async () => {
    await expect(gw.resume('1')).rejects.toMatchObject({ code: 'not_linked' })
  })

  it('reconnects lost connections with backoff and resets the attempt count on open', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await last().open()
    await last().close(408, 'Connection Lost')
    expect(lastStatus()).toEqual({
      state: 'reconnecting',
      attempt: 1,
      reason: 'connection_lost',
      retryAt: clock.now() + 2_000,
      code: 408,
    })
    await clock.advance(1_999)
    expect(sockets).toHaveLength(1)
    await clock.advance(1)
    expect(sockets).toHaveLength(2)
    await last().close(428)
    expect(lastStatus()).toMatchObject({ state: 'reconnecting', attempt: 2 })
    await clock.advance(2_000)
    await last().open()
    expect(lastStatus().state).toBe('open')
    await last().close(503)
    expect(lastStatus()).toMatchObject({ attempt: 1 })
  })

  it('retries a 500 three times, then reports a key error without wiping auth', async () => {
    await seedLinked('1')
    await gw.resume('1')
    for (let i = 1; i <= 3; i++) {
      await last().close(500, 'Stream Errored (bad-mac)')
      expect(lastStatus()).toMatchObject({ state: 'reconnecting', attempt: i, reason: 'bad_session' })
      await clock.advance(300_000)
    }
    await last().close(500, 'Stream Errored (bad-mac)')
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'bad_session', canResume: true })
    expect(sockets).toHaveLength(4)
    expect(store.creds.has('1')).toBe(true)
  })

  it('wipes auth on 401 (device removed), keeps it on 403 (banned) and 440 (pushed out)', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await last().close(403)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'banned', canResume: false })
    expect(store.creds.has('1')).toBe(true)
    await gw.resume('1')
    await last().close(440, 'conflict')
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'replaced', canResume: true })
    await gw.resume('1')
    await last().close(401)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'logged_out', canResume: false })
    expect(store.creds.has('1')).toBe(false)
    await clock.advance(600_000)
    expect(sockets).toHaveLength(3)
  })

  it('disconnect closes without logging out and never reconnects', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await last().open()
    await gw.disconnect('1')
    expect(last().end).toHaveBeenCalled()
    expect(last().logout).not.toHaveBeenCalled()
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'intentional', canResume: true })
    await last().close(428)
    await clock.advance(600_000)
    expect(sockets).toHaveLength(1)
    expect(store.creds.has('1')).toBe(true)
  })

  it('logout unlinks and wipes auth', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await last().open()
    await gw.logout('1')
    expect(last().logout).toHaveBeenCalled()
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'intentional', canResume: false })
    expect(store.creds.has('1')).toBe(false)
  })
})

describe('messaging over an open socket', () => {
  const collect = <E extends keyof GatewayEvents>(e: E) => {
    const out: GatewayEvents[E][] = []
    gw.on(e, (p) => {
      out.push(p)
    })
    return out
  }

  beforeEach(async () => {
    await seedLinked('1')
  })

  it('refuses to send before the account is open', async () => {
    await gw.resume('1')
    await expect(gw.send('1', '1@s.whatsapp.net', { kind: 'text', text: 'x' })).rejects.toMatchObject({
      code: 'not_connected',
    })
  })

  it('sends with the pre-generated id, skips its own echo, emits inbound messages', async () => {
    const messages = collect('message')
    await gw.resume('1')
    await last().open()
    const id = gw.newMessageId('1')
    const sent = await gw.send(
      '1',
      '8613900000001@s.whatsapp.net',
      { kind: 'text', text: 'hello' },
      { messageId: id },
    )
    expect(last().sendMessage).toHaveBeenCalledWith(
      '8613900000001@s.whatsapp.net',
      { text: 'hello' },
      { messageId: id },
    )
    expect(sent).toEqual({
      ref: { chatId: '8613900000001@s.whatsapp.net', id, fromMe: true },
      timestamp: 1_700_000_000_000,
    })
    const echo = {
      key: { remoteJid: '8613900000001@s.whatsapp.net', id, fromMe: true },
      message: { conversation: 'hello' },
    }
    const inbound = {
      key: { remoteJid: '8613900000001@s.whatsapp.net', id: 'IN1', fromMe: false },
      message: { conversation: 'hi back' },
    }
    await last().push({ 'messages.upsert': { type: 'append', messages: [echo] } })
    await last().push({ 'messages.upsert': { type: 'notify', messages: [inbound] } })
    expect(messages.map((m) => m.ref.id)).toEqual(['IN1'])
  })

  it('edits our message by sending the new text with the key it replaces', async () => {
    await gw.resume('1')
    await last().open()
    const ref = { chatId: '8613900000001@s.whatsapp.net', id: 'OURS1', fromMe: true }
    await gw.edit('1', ref, 'corrected')
    expect(last().sendMessage).toHaveBeenCalledWith('8613900000001@s.whatsapp.net', {
      text: 'corrected',
      edit: { remoteJid: '8613900000001@s.whatsapp.net', id: 'OURS1', fromMe: true },
    })
  })

  it('turns a 463 ack into a restricted error and an open status with a restriction', async () => {
    const updates = collect('message.status')
    await gw.resume('1')
    await last().open()
    await last().push({
      'messages.update': [
        {
          key: { remoteJid: '1@s.whatsapp.net', id: 'M', fromMe: true },
          update: { status: proto.WebMessageInfo.Status.ERROR, messageStubParameters: ['463'] },
        },
      ],
    })
    expect(updates[0]).toMatchObject({ status: 'error', errorCode: 'restricted' })
    expect(lastStatus()).toMatchObject({ state: 'open', restriction: {} })
    expect(last().fetchAccountReachoutTimelock).toHaveBeenCalledTimes(1)
    await last().push({
      'connection.update': { reachoutTimeLock: { isActive: true, timeEnforcementEnds: new Date(5_000_000) } },
    })
    expect(lastStatus()).toMatchObject({ state: 'open', restriction: { until: 5_000_000 } })
    await last().push({ 'connection.update': { reachoutTimeLock: { isActive: false } } })
    expect(lastStatus()).not.toHaveProperty('restriction')
  })

  it('checks numbers through onWhatsApp', async () => {
    await gw.resume('1')
    await last().open()
    const res = await gw.checkNumbers('1', ['8613900000001', '8613900000002'])
    expect(res).toEqual([
      { phone: '8613900000001', exists: true, jid: '8613900000001@s.whatsapp.net' },
      { phone: '8613900000002', exists: false },
    ])
    expect(last().onWhatsApp).toHaveBeenCalledWith('8613900000001', '8613900000002')
  })

  it('announces lid↔pn pairs once', async () => {
    const maps = collect('identity.mapping')
    await gw.resume('1')
    await last().open()
    const m = (id: string) => ({
      key: { remoteJid: '55@lid', remoteJidAlt: '8613900000001@s.whatsapp.net', id, fromMe: false },
      message: { conversation: 'x' },
    })
    await last().push({ 'messages.upsert': { type: 'notify', messages: [m('A'), m('B')] } })
    expect(maps).toEqual([
      { accountId: '1', pn: '8613900000001@s.whatsapp.net', lid: '55@lid', via: 'message' },
    ])
  })
})

describe('receipts', () => {
  it('only forwards statuses that move a message forward', async () => {
    await seedLinked('1')
    const seen: string[] = []
    gw.on('message.status', (u) => {
      seen.push(`${u.by ?? '-'}:${u.status}`)
    })
    await gw.resume('1')
    await last().open()
    const key = { remoteJid: '1@s.whatsapp.net', id: 'M', fromMe: true }
    const S = proto.WebMessageInfo.Status
    await last().push({
      'messages.update': [
        { key, update: { status: S.SERVER_ACK } },
        { key, update: { status: S.READ } },
      ],
    })
    await last().push({
      'messages.update': [
        { key, update: { status: S.DELIVERY_ACK } },
        { key, update: { status: S.READ } },
      ],
    })
    const gkey = { remoteJid: 'G@g.us', id: 'G1', fromMe: true }
    await last().push({
      'message-receipt.update': [
        { key: gkey, receipt: { userJid: 'a@s.whatsapp.net', readTimestamp: 5 } },
        { key: gkey, receipt: { userJid: 'a@s.whatsapp.net', receiptTimestamp: 4 } },
        { key: gkey, receipt: { userJid: 'b@s.whatsapp.net', receiptTimestamp: 4 } },
      ],
    })
    expect(seen).toEqual(['-:server_ack', '-:read', 'a@s.whatsapp.net:read', 'b@s.whatsapp.net:delivered'])
  })
})

describe('event batches', () => {
  it('are handled one at a time, in order, even when a handler is slow', async () => {
    await seedLinked('1')
    const order: string[] = []
    gw.on('message', async (m) => {
      if (m.ref.id === 'A') await new Promise((r) => setTimeout(r, 20))
      order.push(m.ref.id)
    })
    await gw.resume('1')
    await last().open()
    const batch = (id: string) => ({
      'messages.upsert': {
        type: 'notify' as const,
        messages: [
          { key: { remoteJid: '1@s.whatsapp.net', id, fromMe: false }, message: { conversation: id } },
        ],
      },
    })
    await Promise.all([last().push(batch('A')), last().push(batch('B'))])
    expect(order).toEqual(['A', 'B'])
  })
})

describe('proxies', () => {
  it('gives the socket an agent for the websocket and uploads and a dispatcher for fetch', async () => {
    await seedLinked('1')
    await gw.resume('1', { protocol: 'http', host: '1.2.3.4', port: 3128, username: 'u', password: 'p:w' })
    const cfg = last().config
    expect(cfg.agent).toBeDefined()
    expect(cfg.fetchAgent).toBe(cfg.agent)
    expect((cfg.options as { dispatcher?: unknown } | undefined)?.dispatcher).toBeDefined()
  })

  it('closes without a socket when the proxy is on this machine or a private network', async () => {
    await seedLinked('1')
    await gw.resume('1', { protocol: 'socks5', host: '169.254.169.254', port: 1080 })
    expect(sockets).toHaveLength(0)
    expect(lastStatus()).toMatchObject({
      state: 'closed',
      reason: 'proxy_error',
      detail: '169.254.169.254 is a private or local address',
    })
  })
})
