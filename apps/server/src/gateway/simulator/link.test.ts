import { describe, expect, it } from 'vitest'
import { toAccountState } from '../account-state.js'
import { MemoryAuthStateStore } from '../baileys/auth-store.js'
import { createSimHarness } from './harness.js'
import { linkStoreOnAuthStore, MemoryLinkStore } from './link-store.js'
import { SimLinkError } from './linking.js'

const SHOP = '8613800000000'
const CUSTOMER = '447700900001'

describe('QR login', () => {
  it('shows a QR, links when the phone scans it, reconnects (515) and opens', async () => {
    const h = createSimHarness()
    await h.gateway.login('1', { method: 'qr' })
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'awaiting_qr', expiresAt: h.clock.now() + 60_000 })
    if (s?.state !== 'awaiting_qr') throw new Error()
    expect(s.qr).toMatch(/^SIMLINK:[0-9A-F]{24}$/)
    expect(s.qrDataUrl).toMatch(/^data:image\/png;base64,/)
    const link = h.network.scanQr(SHOP, s.qr)
    await h.settle()
    expect(h.statesOf('1')).toEqual(['connecting', 'awaiting_qr', 'connecting', 'open'])
    expect(h.gateway.getStatus('1')).toMatchObject({ state: 'open', me: { pn: `${SHOP}@s.whatsapp.net` } })
    expect(await h.links.load('1')).toEqual(link)
    expect(h.network.listPhones().find((p) => p.number === SHOP)?.devices).toEqual([
      { accountId: '1', deviceId: 1, online: true, linkedAt: link.linkedAt },
    ])
  })

  it('rotates the QR (60 s, then 20 s), refuses old codes and expires after the last ref', async () => {
    const h = createSimHarness()
    await h.gateway.login('1', { method: 'qr' })
    const first = h.gateway.getStatus('1') as { qr: string }
    await h.settle(60_000)
    const second = h.gateway.getStatus('1') as { qr: string; expiresAt: number }
    expect(second.qr).not.toBe(first.qr)
    expect(second.expiresAt).toBe(h.clock.now() + 20_000)
    expect(() => h.network.scanQr(SHOP, first.qr)).toThrow(SimLinkError)
    await h.settle(5 * 20_000)
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'closed',
      reason: 'qr_expired',
      canResume: false,
    })
    expect(toAccountState(h.gateway.getStatus('1'))).toEqual({ state: 'offline' })
    expect(() => h.network.scanQr(SHOP, second.qr)).toThrow(/not valid/)
  })

  it('refuses phones that are not on WhatsApp or banned', async () => {
    const h = createSimHarness()
    h.network.addPhone('123456789', { registered: false })
    await h.gateway.login('1', { method: 'qr' })
    const { qr } = h.gateway.getStatus('1') as { qr: string }
    expect(() => h.network.scanQr('123456789', qr)).toThrow(
      expect.objectContaining({ code: 'not_registered' }),
    )
  })
})

describe('pairing-code login', () => {
  it('shows an 8-character code; the phone enters it and the account opens', async () => {
    const h = createSimHarness()
    await h.gateway.login('1', { method: 'pairing_code', phone: `+${SHOP}` })
    const s = h.gateway.getStatus('1')
    expect(s).toMatchObject({ state: 'awaiting_pairing_code', phone: SHOP })
    if (s?.state !== 'awaiting_pairing_code') throw new Error()
    expect(s.code).toMatch(/^[A-Z1-9]{8}$/)
    expect(() => h.network.enterPairingCode(SHOP, 'WRONG123')).toThrow(SimLinkError)
    expect(() => h.network.enterPairingCode('8613999999999', s.code)).toThrow(SimLinkError)
    h.network.enterPairingCode(SHOP, `${s.code.slice(0, 4).toLowerCase()}-${s.code.slice(4)}`)
    await h.settle()
    expect(h.gateway.getStatus('1')?.state).toBe('open')
  })

  it('needs the phone number', async () => {
    const h = createSimHarness()
    await expect(h.gateway.login('1', { method: 'pairing_code' })).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })
})

describe('resume', () => {
  it('refuses an account that was never linked', async () => {
    const h = createSimHarness()
    await expect(h.gateway.resume('1')).rejects.toMatchObject({ code: 'not_linked' })
  })

  it('reconnects a linked account after a server restart without a QR', async () => {
    const store = new MemoryAuthStateStore()
    const links = linkStoreOnAuthStore(store)
    const before = createSimHarness({ seed: 3, links })
    await before.linkAccount('1', SHOP)
    await before.gateway.disconnect('1')

    // a new process: a new network and gateway over the same database rows
    const after = createSimHarness({ seed: 3, links: linkStoreOnAuthStore(store) })
    await after.gateway.resume('1')
    await after.settle()
    expect(after.statesOf('1')).toEqual(['connecting', 'open'])
    after.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text: 'still there?' })
    await after.settle()
    expect(after.events.message.map((m) => m.content)).toEqual([{ kind: 'text', text: 'still there?' }])
  })

  it('keeps links in wa_auth_creds rows without touching real Baileys creds', async () => {
    const store = new MemoryAuthStateStore()
    await store.writeCreds('9', '{"noiseKey":{}}')
    const links = linkStoreOnAuthStore(store)
    await links.save({ accountId: '1', phone: SHOP, deviceId: 2, linkedAt: 5 })
    expect(await links.list()).toEqual([{ accountId: '1', phone: SHOP, deviceId: 2, linkedAt: 5 }])
    await links.remove('9')
    expect(await store.readCreds('9')).toBe('{"noiseKey":{}}')
    await links.remove('1')
    expect(await store.readCreds('1')).toBeUndefined()
  })

  it('exports and imports links', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    const exported = await h.gateway.exportLinks()
    const fresh = createSimHarness({ links: new MemoryLinkStore() })
    await fresh.gateway.importLinks(exported)
    await fresh.gateway.resume('1')
    expect(fresh.gateway.getStatus('1')?.state).toBe('open')
  })

  it('delivers the offline backlog when a disconnected account comes back', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    await h.gateway.disconnect('1')
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'closed',
      reason: 'intentional',
      canResume: true,
    })
    const sent = h.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text: 'while you were away' })
    await h.settle(10_000)
    expect(h.events.message).toHaveLength(0)
    expect(h.network.messagesBetween(CUSTOMER, SHOP)[0].status).toBe('sent')
    await h.gateway.resume('1')
    await h.settle(10_000)
    expect(h.events.message.map((m) => [m.ref.id, m.live])).toEqual([[sent.id, true]])
    expect(h.network.messagesBetween(CUSTOMER, SHOP)[0].status).toBe('delivered')
  })

  it('logout unlinks the device: a resume then needs a new login', async () => {
    const h = createSimHarness()
    await h.linkAccount('1', SHOP)
    await h.gateway.logout('1')
    expect(h.gateway.getStatus('1')).toMatchObject({
      state: 'closed',
      reason: 'intentional',
      canResume: false,
    })
    expect(await h.links.load('1')).toBeUndefined()
    await expect(h.gateway.resume('1')).rejects.toMatchObject({ code: 'not_linked' })
  })
})
