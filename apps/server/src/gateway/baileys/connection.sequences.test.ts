import fs from 'node:fs'
import path from 'node:path'
import type { WASocket } from 'baileys'
import { beforeEach, describe, expect, it } from 'vitest'
import { FakeSocket, ME_JID } from '../../test/fake-baileys-socket.js'
import { toAccountState } from '../account-state.js'
import { flushAsync, ManualClock } from '../clock.js'
import type { AccountStatus } from '../messaging-gateway.js'
import { WaVersion, type WaVersionTriple } from '../wa-version.js'
import { BaileysGateway } from './adapter.js'
import { useDatabaseAuthState } from './auth-state.js'
import { MemoryAuthStateStore } from './auth-store.js'

// Connection sequences as WhatsApp plays them, from the recorded closes in fixtures/connection/.

type Json = Record<string, unknown>
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'connection')
/** A fixture file; strings written "base64:…" are bytes. */
const fixture = (name: string): Json =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), (_k, v) =>
    typeof v === 'string' && v.startsWith('base64:') ? Buffer.from(v.slice(7), 'base64') : v,
  )

/** The recorded lastDisconnect.error as Baileys hands it over: an Error carrying Boom's fields. */
function recordedError(e: Json): Error {
  const output = e.output as { statusCode: number; payload: { message: string } }
  return Object.assign(new Error((e.message as string | undefined) ?? output.payload.message), {
    output,
    data: e.data,
    isBoom: true,
  })
}
const closeWith = (sock: FakeSocket, error: Json) =>
  sock.push({
    'connection.update': {
      connection: 'close',
      lastDisconnect: { error: recordedError(error), date: new Date() },
    },
  })

const V1: WaVersionTriple = [2, 3000, 1_023_223_821]
const V2: WaVersionTriple = [2, 3000, 1_027_000_000]

let clock: ManualClock
let store: MemoryAuthStateStore
let sockets: FakeSocket[]
let statuses: AccountStatus[]
let published: WaVersionTriple
let fetches: number
let versions: WaVersion
let gw: BaileysGateway
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
  published = V1
  fetches = 0
  versions = new WaVersion({
    fetch: async () => {
      fetches++
      return published
    },
    bundled: [2, 3000, 1],
    now: () => clock.now(),
  })
  gw = new BaileysGateway({
    store,
    versions,
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

describe('logins that end before a link', () => {
  it('a QR login whose refs run out reports QR expired and does not loop', async () => {
    const f = fixture('qr-expiry.json')
    await gw.login('1', { method: 'qr' })
    for (const qr of f.qrs as string[]) await last().push({ 'connection.update': { qr } })
    expect(lastStatus()).toMatchObject({ state: 'awaiting_qr', expiresAt: clock.now() + 20_000 })
    await closeWith(last(), (f.close as Json).error as Json)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'qr_expired', canResume: false, code: 408 })
    await clock.advance(3_600_000)
    expect(sockets).toHaveLength(1)
    expect(store.creds.size).toBe(0)
  })

  it('a pairing-code request refused with 428 resets the creds it wrote', async () => {
    const f = fixture('pairing-code-428.json')
    await gw.login('1', { method: 'pairing_code', phone: '556798478067' })
    last().requestPairingCode.mockImplementationOnce(async () => {
      // Baileys writes the phone into the creds (and saves them) before it sends the request
      last().config.auth.creds.me = { id: '556798478067@s.whatsapp.net', name: '~' }
      // emitted, not awaited, as Baileys' event emitter does
      void last().push({ 'creds.update': { me: last().config.auth.creds.me } })
      throw recordedError(f.requestRejects as Json)
    })
    await last().push({ 'connection.update': { qr: '2@ref' } })
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'login_failed', canResume: false })
    expect(store.creds.size).toBe(0)
  })

  it('a pairing code shown, then the socket dropped with 428 before the phone entered it: no link left behind', async () => {
    const f = fixture('pairing-code-428.json')
    const shown = f.codeShownThenClose as Json
    await gw.login('1', { method: 'pairing_code', phone: '556798478067' })
    last().requestPairingCode.mockResolvedValueOnce(shown.code as string)
    await last().push({ 'connection.update': { qr: '2@ref' } })
    expect(lastStatus()).toMatchObject({ state: 'awaiting_pairing_code', code: 'GW7F2M9T' })
    await closeWith(last(), (shown.close as Json).error as Json)
    expect(lastStatus()).toMatchObject({
      state: 'closed',
      reason: 'connection_lost',
      canResume: false,
      code: 428,
    })
    await clock.advance(3_600_000)
    expect(sockets).toHaveLength(1)
    expect(store.creds.size).toBe(0)
  })
})

describe('a pairing that succeeded', () => {
  async function pairAndRestart() {
    const f = fixture('pair-515-transient.json')
    await gw.login('1', { method: 'qr' })
    await last().push({ 'connection.update': { qr: '2@ref' } })
    const pair = f.pairSuccess as { creds: Json; connectionUpdate: Json }
    const creds = last().config.auth.creds
    Object.assign(creds, pair.creds, { account: { details: new Uint8Array([1]) } })
    await last().push({ 'creds.update': creds, 'connection.update': pair.connectionUpdate })
    await closeWith(last(), (f.restart as Json).error as Json)
    expect(sockets).toHaveLength(2)
    return f
  }

  it('keeps the fresh creds when the restarted socket drops before it opens, and reconnects to them', async () => {
    const f = await pairAndRestart()
    await closeWith(last(), (f.transientClose as Json).error as Json)
    // the device is linked on the phone: its creds stay, and the link is retried
    expect((await useDatabaseAuthState(store, '1')).registered).toBe(true)
    expect(lastStatus()).toMatchObject({ state: 'reconnecting', attempt: 1, reason: 'connection_lost' })
    await clock.advance(2_000)
    expect(sockets).toHaveLength(3)
    expect(last().config.auth.creds.me?.id).toBe('556798478067:60@s.whatsapp.net')
    await last().open()
    expect(lastStatus().state).toBe('open')
  })

  it('still wipes them when the phone removes the device (401) before the first open', async () => {
    await pairAndRestart()
    await closeWith(last(), fixture('terminal-closes.json').loggedOut401 as Json)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'logged_out', canResume: false })
    expect(store.creds.size).toBe(0)
  })
})

describe('closes of a linked account', () => {
  const closes = () => fixture('terminal-closes.json')

  it('401 removes the auth; 403 and 440 keep it; none reconnects', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await closeWith(last(), closes().banned403 as Json)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'banned', canResume: false, code: 403 })
    expect(store.creds.has('1')).toBe(true)
    await gw.resume('1')
    await closeWith(last(), closes().replaced440 as Json)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'replaced', canResume: true, code: 440 })
    await gw.resume('1')
    await closeWith(last(), closes().loggedOut401 as Json)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'logged_out', canResume: false })
    expect(store.creds.has('1')).toBe(false)
    await clock.advance(3_600_000)
    expect(sockets).toHaveLength(3)
  })

  it('500 is retried three times, then reported as a key error with the auth kept', async () => {
    await seedLinked('1')
    await gw.resume('1')
    for (let i = 1; i <= 4; i++) {
      await closeWith(last(), closes().badSession500 as Json)
      await clock.advance(300_000)
    }
    expect(sockets).toHaveLength(4)
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'bad_session', canResume: true, code: 500 })
    expect(store.creds.has('1')).toBe(true)
  })
})

describe('405: WhatsApp refuses the client version', () => {
  const refuse = (sock: FakeSocket) => {
    const update = fixture('client-outdated-405.json').update as { lastDisconnect: { error: Json } }
    return closeWith(sock, update.lastDisconnect.error)
  }

  it('fetches the version again and retries at once with the new one', async () => {
    await seedLinked('1')
    await gw.resume('1')
    expect(last().config.version).toEqual(V1)
    await last().open()
    published = V2
    await refuse(last())
    expect(sockets).toHaveLength(2)
    expect(last().config.version).toEqual(V2)
    expect(statuses.filter((s) => s.state === 'connecting').at(-1)).toMatchObject({
      reason: 'client_outdated',
    })
    await last().open()
    expect(lastStatus().state).toBe('open')
  })

  it('refused again: waits for a newer version instead of retrying forever, shown as "requires an update"', async () => {
    await seedLinked('1')
    await gw.resume('1')
    await refuse(last())
    expect(fetches).toBe(2)
    await refuse(last())
    expect(sockets).toHaveLength(2)
    expect(lastStatus()).toMatchObject({ state: 'reconnecting', reason: 'client_outdated', code: 405 })
    expect(toAccountState(lastStatus())).toEqual({ state: 'abnormal', reason: 'update_required' })
    // an hour of lost-connection backoff would have made many sockets by now
    await clock.advance(3_600_000)
    expect(sockets).toHaveLength(2)
    expect(store.creds.has('1')).toBe(true)
    // the periodic refresh learns a newer version: the account tries it at once
    published = V2
    await versions.refresh(false)
    await clock.advance(0)
    expect(sockets).toHaveLength(3)
    expect(last().config.version).toEqual(V2)
    await last().open()
    expect(lastStatus().state).toBe('open')
  })

  it('a login refused twice ends with the reason, its half-made creds gone', async () => {
    await gw.login('1', { method: 'qr' })
    await refuse(last())
    expect(sockets).toHaveLength(2)
    await refuse(last())
    expect(lastStatus()).toMatchObject({ state: 'closed', reason: 'client_outdated', canResume: false })
    expect(store.creds.size).toBe(0)
  })
})

describe('creds.update in a batch behind media-heavy upserts', () => {
  it('is saved at once, not after the slow handling of the batch before it', async () => {
    const f = fixture('creds-with-media.json')
    await seedLinked('1')
    let release = () => {}
    const downloading = new Promise<void>((r) => {
      release = r
    })
    const handled: string[] = []
    gw.on('message', async (m) => {
      // the product downloads each photo before it returns
      await downloading
      handled.push(m.ref.id)
    })
    await gw.resume('1')
    await last().open()
    const media = last().push(f.mediaBatch as Parameters<FakeSocket['push']>[0])
    const creds = f.credsBatch as { 'creds.update': { routingInfo: Buffer } }
    Object.assign(last().config.auth.creds, creds['creds.update'])
    const saved = last().push(creds as Parameters<FakeSocket['push']>[0])
    await flushAsync()
    expect(handled).toEqual([])
    const stored = (await useDatabaseAuthState(store, '1')).state.creds
    expect(Buffer.from(stored.routingInfo ?? []).toString('base64')).toBe('CAUIAg==')
    release()
    await Promise.all([media, saved])
    expect(handled).toEqual(['3A5C9E0F1B2D3F41', '3A5C9E0F1B2D3F42', '3A5C9E0F1B2D3F43'])
  })
})
