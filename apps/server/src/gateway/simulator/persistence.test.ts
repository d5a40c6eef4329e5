import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryAuthStateStore } from '../baileys/auth-store.js'
import { flushAsync, ManualClock } from '../clock.js'
import type { AccountStatus, InboundMessage } from '../messaging-gateway.js'
import { SimulatorGateway } from './gateway.js'
import { linkStoreOnAuthStore } from './link-store.js'
import { SimNetwork } from './network.js'
import { openPersistentNetwork, SIM_STATE_FILE } from './persistence.js'
import type { SimNetworkOptions } from './types.js'

const SHOP = '8613800138000'
const ANN = '447700900001'
const BOB = '5511900000002'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-state-'))
  dirs.push(d)
  return d
}

/** One process of the product on the simulated network, its state in `dir`, its links in `auth`. */
async function start(dir: string, auth: MemoryAuthStateStore, at: number, opts: SimNetworkOptions = {}) {
  const clock = new ManualClock(at)
  const file = path.join(dir, SIM_STATE_FILE)
  const warnings: string[] = []
  const opened = await openPersistentNetwork(() => new SimNetwork({ seed: at % 1000, ...opts, clock }), {
    file,
    debounceMs: 10,
    log: { warn: (_details, message) => warnings.push(message) },
  })
  const gateway = new SimulatorGateway({ network: opened.network, links: linkStoreOnAuthStore(auth) })
  const messages: InboundMessage[] = []
  const statuses: AccountStatus[] = []
  gateway.on('message', (m) => {
    messages.push(m)
  })
  gateway.on('status', (s) => {
    statuses.push(s.status)
  })
  const settle = async (ms = 0) => {
    await clock.advance(ms)
    await gateway.idle()
    await flushAsync()
  }
  return { ...opened, clock, file, gateway, messages, statuses, warnings, settle }
}

describe('the simulated network across a restart', () => {
  it('comes back with its phones, kinds, chats, messages, groups, media, links and customers', async () => {
    const dir = tempDir()
    const auth = new MemoryAuthStateStore()
    const a = await start(dir, auth, 1_700_000_000_000)
    expect(a.restored).toBe(false)
    const net = a.network
    net.addPhone(SHOP, { name: 'Demo Shop 1', business: true })
    net.addPhone(ANN, { name: 'Ann' })
    net.addPhone(BOB, { name: 'Bob' })
    await a.gateway.login('1', { method: 'qr' })
    net.scanQr(SHOP, (a.gateway.getStatus('1') as { qr: string }).qr)
    await a.settle()
    expect(a.gateway.getStatus('1')).toMatchObject({ state: 'open', me: { business: true } })

    const hello = net.customerSend(ANN, SHOP, { kind: 'text', text: 'hello' })
    const photo = net.customerSend(ANN, SHOP, { kind: 'image', caption: 'this one' })
    await a.gateway.send('1', `${ANN}@s.whatsapp.net`, { kind: 'text', text: 'we have it' })
    await a.settle(120_000)
    const group = net.createGroup(ANN, 'Buyers', [SHOP, BOB])
    net.customerSendGroup(BOB, group.id, { kind: 'text', text: 'me too' })
    net.restrict(SHOP, 3_600_000)
    // the number is switched from business to personal on its phone
    net.addPhone(SHOP, { business: false })
    const pool = net.chatter.customers().slice()
    await a.settle(1_000)

    const phonesBefore = net
      .listPhones()
      .map((p) => ({ ...p, devices: p.devices.map((d) => ({ ...d, online: false })) }))
    const chatBefore = net.messagesBetween(ANN, SHOP)
    const chatsBefore = net.chatsOf(ANN)
    const groupsBefore = net.groupsOf(BOB)
    const photoHandle = photo.body.kind === 'media' ? photo.body.handle : ''
    const photoBytes = net.media(photoHandle)?.data
    expect(chatBefore.map((m) => m.text)).toEqual(['hello', '[image] this one', 'we have it'])
    await a.gateway.disconnect('1')
    await a.state.close()

    // a new process over the same data directory and the same database rows
    const b = await start(dir, auth, a.clock.now() + 60_000)
    expect(b.restored).toBe(true)
    expect(b.warnings).toEqual([])
    const again = b.network
    expect(again.listPhones()).toEqual(phonesBefore)
    expect(again.messagesBetween(ANN, SHOP)).toEqual(chatBefore)
    expect(again.chatsOf(ANN)).toEqual(chatsBefore)
    expect(again.groupsOf(BOB)).toEqual(groupsBefore)
    expect(again.media(photoHandle)?.data.equals(photoBytes ?? Buffer.alloc(1))).toBe(true)
    expect(again.chatter.customers()).toEqual(pool)
    expect(again.world.phone(SHOP)).toMatchObject({ name: 'Demo Shop 1', business: false })

    // the link holds: the account resumes without a QR, as a personal number still time-locked
    await b.gateway.resume('1')
    await b.settle()
    expect(b.gateway.getStatus('1')).toMatchObject({
      state: 'open',
      me: { pushName: 'Demo Shop 1', business: false },
      restriction: { until: expect.any(Number) },
    })
    // one message, one object: a change to it shows in its chat
    again.customerRevoke(ANN, hello.id)
    again.customerSend(ANN, SHOP, { kind: 'text', text: 'still there?' })
    await b.settle()
    expect(again.messagesBetween(ANN, SHOP).map((m) => m.text)).toEqual([
      '[deleted]',
      '[image] this one',
      'we have it',
      'still there?',
    ])
    expect(b.messages.at(-1)?.content).toEqual({ kind: 'text', text: 'still there?' })
    // the time-lock's timer is set again: it lifts when it ends
    await b.settle(3_600_000)
    expect(again.world.phone(SHOP)?.restrictedUntil).toBeUndefined()
    await b.state.close()
  })

  it('keeps what the world holds without being told about it', async () => {
    const dir = tempDir()
    const a = await start(dir, new MemoryAuthStateStore(), 1_700_000_000_000)
    const phone = a.network.world.ensurePhone(ANN) as ReturnType<typeof a.network.world.ensurePhone> & {
      seenAt?: Map<string, number>
    }
    phone.seenAt = new Map([[BOB, 42]])
    await a.state.close()
    const b = await start(dir, new MemoryAuthStateStore(), 1_700_000_100_000)
    expect(b.network.world.phone(ANN)).toMatchObject({ seenAt: new Map([[BOB, 42]]) })
    await b.state.close()
  })

  it('saves shortly after a change, by replacing the whole file', async () => {
    const dir = tempDir()
    const a = await start(dir, new MemoryAuthStateStore(), 1_700_000_000_000)
    a.network.customerSend(ANN, BOB, { kind: 'text', text: 'saved without a shutdown' })
    const until = Date.now() + 5_000
    while (!fs.existsSync(a.file) && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
    expect(fs.readdirSync(dir)).toEqual([SIM_STATE_FILE])
    const b = await start(dir, new MemoryAuthStateStore(), 1_700_000_100_000)
    expect(b.network.messagesBetween(ANN, BOB).map((m) => m.text)).toEqual(['saved without a shutdown'])
    await a.state.close()
    await b.state.close()
  })

  it('keeps the last messages of each chat, and only their media', async () => {
    const dir = tempDir()
    const a = await start(dir, new MemoryAuthStateStore(), 1_700_000_000_000, { maxMessagesPerChat: 3 })
    const sent = [1, 2, 3, 4, 5].map((n) =>
      a.network.customerSend(ANN, BOB, { kind: 'image', caption: `#${n}` }),
    )
    const handles = sent.map((m) => (m.body.kind === 'media' ? m.body.handle : ''))
    await a.state.close()
    const b = await start(dir, new MemoryAuthStateStore(), 1_700_000_100_000, { maxMessagesPerChat: 3 })
    expect(b.network.messagesBetween(ANN, BOB).map((m) => m.text)).toEqual([
      '[image] #3',
      '[image] #4',
      '[image] #5',
    ])
    expect(handles.map((h) => b.network.media(h) !== undefined)).toEqual([false, false, true, true, true])
    await b.state.close()
  })

  it.each([
    ['not JSON', '{"format":1,"state":'],
    ['not a saved network', '{"format":99}'],
    ['a broken reference', '{"format":1,"savedAt":1,"state":{"world":{"phones":{"$ref":7}}}}'],
  ])('sets a damaged file aside (%s) and starts empty', async (_what, text) => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, SIM_STATE_FILE), text)
    const a = await start(dir, new MemoryAuthStateStore(), 1_700_000_000_000)
    expect(a.restored).toBe(false)
    expect(a.warnings).toEqual(['saved simulated network unreadable: set aside, starting empty'])
    expect(a.network.listPhones()).toEqual([])
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith(`${SIM_STATE_FILE}.corrupt-`))
    expect(aside).toHaveLength(1)
    expect(fs.readFileSync(path.join(dir, aside[0]), 'utf8')).toBe(text)
    // the empty network is saved in its place
    a.network.addPhone(ANN, { name: 'Ann' })
    await a.state.close()
    const b = await start(dir, new MemoryAuthStateStore(), 1_700_000_100_000)
    expect(b.restored).toBe(true)
    expect(b.network.listPhones().map((p) => p.name)).toEqual(['Ann'])
    await b.state.close()
  })
})
