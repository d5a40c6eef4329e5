import { proto, type WAMessageKey, type WASocket } from 'baileys'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/index.js'
import { FakeSocket, ME_JID } from '../../test/fake-baileys-socket.js'
import { createTestDb } from '../../test/harness.js'
import { ManualClock } from '../clock.js'
import { BaileysGateway } from './adapter.js'
import { useDatabaseAuthState } from './auth-state.js'
import { KyselyAuthStateStore } from './auth-store.js'
import { KyselyMessageStore, MESSAGE_RETENTION_MS, messageStoreSweeper } from './message-store.js'

const CUSTOMER = '8613900000001@s.whatsapp.net'
const SECRET = new Uint8Array(32).fill(7)

let db: Db
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await createTestDb())
})
afterAll(async () => {
  await drop()
})

/** One server process: its own gateway (and memory) over the shared database. */
function process_(clock: ManualClock) {
  const sockets: FakeSocket[] = []
  const gateway = new BaileysGateway({
    store: new KyselyAuthStateStore(db),
    messages: new KyselyMessageStore(db),
    clock,
    makeSocket: (config) => {
      const s = new FakeSocket(config)
      // what Baileys builds and sends for a text: the content with the secret it adds
      s.sendMessage.mockImplementation(async (jid, content, opts) => ({
        key: { remoteJid: jid, id: opts.messageId, fromMe: true },
        messageTimestamp: 1_700_000_000,
        message: {
          extendedTextMessage: { text: (content as { text: string }).text },
          messageContextInfo: { messageSecret: SECRET },
        },
      }))
      sockets.push(s)
      return s as unknown as WASocket
    },
  })
  const getMessage = (key: WAMessageKey) => {
    const config = sockets[sockets.length - 1].config
    if (!config.getMessage) throw new Error('no getMessage given to the socket')
    return config.getMessage(key)
  }
  return { gateway, sockets, getMessage }
}

async function seedLinked(accountId: string) {
  const a = await useDatabaseAuthState(new KyselyAuthStateStore(db), accountId)
  a.state.creds.me = { id: ME_JID }
  a.state.creds.account = { details: new Uint8Array([1]) }
  await a.saveCreds()
}

describe('what getMessage needs, kept in the database', () => {
  it('answers a retry request after a restart, on another process, from the stored content', async () => {
    const clock = new ManualClock(1_000_000)
    await seedLinked('7')
    const before = process_(clock)
    await before.gateway.resume('7')
    await before.sockets[0].open()
    const id = before.gateway.newMessageId('7')
    await before.gateway.send('7', CUSTOMER, { kind: 'text', text: 'your order shipped' }, { messageId: id })
    await before.gateway.disconnect('7')

    // the process is gone; another one takes the account over and the customer's phone asks again
    const after = process_(clock)
    await after.gateway.resume('7')
    await after.sockets[0].open()
    const again = await after.getMessage({ remoteJid: CUSTOMER, id, fromMe: true, participant: CUSTOMER })
    expect(again?.extendedTextMessage?.text).toBe('your order shipped')
    expect(Buffer.from(again?.messageContextInfo?.messageSecret ?? [])).toEqual(Buffer.from(SECRET))
    // an id this product never sent is not answered (the phone that sent it answers)
    expect(await after.getMessage({ remoteJid: CUSTOMER, id: 'NEVER-SENT', fromMe: true })).toBeUndefined()
  })

  it('hands back a received message only as its secret, and never resends it as ours', async () => {
    const store = new KyselyMessageStore(db)
    const secretOnly = proto.Message.encode({ messageContextInfo: { messageSecret: SECRET } }).finish()
    await store.put('8', [{ id: 'IN-1', sent: false, content: secretOnly }], 1_000)
    // a received row never replaces what a send stored
    await store.put(
      '8',
      [{ id: 'OUT-1', sent: true, content: proto.Message.encode({ conversation: 'ours' }).finish() }],
      1_000,
    )
    await store.put('8', [{ id: 'OUT-1', sent: false, content: secretOnly }], 2_000)
    await seedLinked('8')
    const p = process_(new ManualClock(1_000_000))
    await p.gateway.resume('8')
    const received = await p.getMessage({ remoteJid: CUSTOMER, id: 'IN-1', fromMe: false })
    expect(Object.keys(received ?? {})).toEqual(['messageContextInfo'])
    expect(Buffer.from(received?.messageContextInfo?.messageSecret ?? [])).toEqual(Buffer.from(SECRET))
    expect(await p.getMessage({ remoteJid: CUSTOMER, id: 'IN-1', fromMe: true })).toBeUndefined()
    expect((await p.getMessage({ remoteJid: CUSTOMER, id: 'OUT-1', fromMe: true }))?.conversation).toBe(
      'ours',
    )
  })

  it(`keeps rows ${MESSAGE_RETENTION_MS / 86_400_000} days, then the sweeper deletes them`, async () => {
    const store = new KyselyMessageStore(db)
    const day = 86_400_000
    const now = 100 * day
    const row = (id: string) => ({ id, sent: true, content: new Uint8Array([10, 1, 120]) })
    await store.put('9', [row('OLD-1'), row('OLD-2')], now - 15 * day)
    await store.put('9', [row('NEW-1')], now - 13 * day)
    await store.setMedia('9', 'OLD-MEDIA', { directPath: '/v/t62/x' }, now - 20 * day)
    const sweeper = messageStoreSweeper(store, pino({ level: 'silent' }), { now: () => now, everyMs: 60_000 })
    await sweeper.start()
    const deadline = Date.now() + 5_000
    while ((await store.get('9', 'OLD-1')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    await sweeper.stop()
    expect(await store.get('9', 'OLD-1')).toBeUndefined()
    expect(await store.get('9', 'OLD-2')).toBeUndefined()
    expect(await store.get('9', 'OLD-MEDIA')).toBeUndefined()
    expect(await store.get('9', 'NEW-1')).toMatchObject({ id: 'NEW-1', sent: true })
  })

  it('sweeps a large backlog a chunk at a time', async () => {
    const store = new KyselyMessageStore(db)
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: `B-${i}`,
      sent: false,
      content: new Uint8Array([1]),
    }))
    for (let i = 0; i < rows.length; i++) await store.put('10', [rows[i]], 1_000 + Math.floor(i / 3))
    let total = 0
    for (let n = await store.sweep(5_000, 200); n > 0; n = await store.sweep(5_000, 200)) {
      expect(n).toBeLessThanOrEqual(200)
      total += n
    }
    expect(total).toBe(450)
  })
})
