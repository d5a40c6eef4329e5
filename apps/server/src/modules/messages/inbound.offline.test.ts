import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SendOrigin } from '@app/core'
import { proto, type WASocket } from 'baileys'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import type { Db } from '../../db/index.js'
import { BaileysGateway } from '../../gateway/baileys/adapter.js'
import { useDatabaseAuthState } from '../../gateway/baileys/auth-state.js'
import { MemoryAuthStateStore } from '../../gateway/baileys/auth-store.js'
import { FakeSocket, ME_JID } from '../../test/fake-baileys-socket.js'
import { createTestDb } from '../../test/harness.js'
import { seedLinkedTenant } from '../../test/linked-tenant.js'
import { P, ruleBody } from '../autoReply/autoReply.fixtures.js'
import type { StoredInbound } from './inbound.service.js'

/**
 * The offline backlog through the real adapter: Baileys hands over what arrived while the socket
 * was down as a `messages.upsert` of type 'append' once it reconnects. Those messages are live:
 * unread, awaiting an answer, and heard by the automatic replies, as if they had just arrived.
 */

/** the number the fake socket links as (ME_JID) */
const SHOP = '8613800000000'
const ANA = '5511900000991'
const OLD = '5511900000992'
let db: Db
let drop: () => Promise<void>
let app: App
let dataDir: string
let sock: FakeSocket
let account: number
const heard: StoredInbound[] = []

beforeAll(async () => {
  ;({ db, drop } = await createTestDb())
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-offline-'))
  const store = new MemoryAuthStateStore()
  const sockets: FakeSocket[] = []
  const gateway = new BaileysGateway({
    store,
    makeSocket: (config) => {
      const s = new FakeSocket(config)
      sockets.push(s)
      return s as unknown as WASocket
    },
  })
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir }),
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.app.ready()
  const seeded = await seedLinkedTenant(db, 'offline', [SHOP])
  account = seeded.accountIds[0] ?? 0
  const { accessToken } = await app.services.tokens.issue(
    { id: seeded.userId, tenant_id: seeded.tenantId },
    { ip: '127.0.0.1', userAgent: 'test' },
  )
  const rule = await app.app.inject({
    method: 'POST',
    url: P.create,
    headers: { authorization: `Bearer ${accessToken}` },
    payload: ruleBody({ keywords: ['price'], sentences: [{ type: 'text', text: 'From 9.90' }] }),
  })
  expect(rule.json().code, rule.body).toBe(0)
  app.events.subscribe('message.stored', (e) => {
    heard.push(e)
  })

  // the account's device is linked; the socket comes back after an outage
  const auth = await useDatabaseAuthState(store, String(account))
  auth.state.creds.me = { id: ME_JID }
  auth.state.creds.account = { details: new Uint8Array([1]) }
  await auth.saveCreds()
  await gateway.resume(String(account))
  sock = sockets[0] as FakeSocket
  await sock.open()
  expect(gateway.getStatus(String(account))?.state).toBe('open')
})
afterAll(async () => {
  await app.app.close()
  await drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const message = (id: string, from: string, text: string, ts: number) =>
  proto.WebMessageInfo.fromObject({
    key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id },
    messageTimestamp: ts,
    pushName: 'Ana',
    message: { conversation: text },
  })

const sessionOf = (phone: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .select(['s.id', 's.unread_count', 's.last_inbound_at', 's.last_message', 'f.source'])
    .where('s.account_id', '=', account)
    .where('f.phone', '=', phone)
    .executeTakeFirstOrThrow()

describe('the offline backlog', () => {
  it('stores it unread, as a new customer who wrote in, and the automatic replies answer it', async () => {
    const now = Math.floor(Date.now() / 1000)
    await sock.push({
      'messages.upsert': {
        type: 'append',
        messages: [
          message('3EB0BACKLOG0000000001', ANA, 'hello?', now - 600),
          message('3EB0BACKLOG0000000002', ANA, 'price please', now - 540),
        ],
      },
    })
    const s = await sessionOf(ANA)
    expect(s).toMatchObject({ unread_count: 2, last_message: 'price please', source: 'passive_add' })
    expect(s.last_inbound_at).toBe((now - 540) * 1000)
    expect(heard.map((e) => [e.message.body, e.live, e.newFan])).toEqual([
      ['hello?', true, true],
      ['price please', true, false],
    ])

    await app.autoReply.engine.settled()
    const replies = await db
      .selectFrom('outbox as o')
      .innerJoin('messages as m', 'm.id', 'o.message_id')
      .select('m.body')
      .where('o.session_id', '=', s.id)
      .where('o.origin', '=', SendOrigin.autoReply)
      .execute()
    expect(replies.map((r) => r.body)).toEqual(['From 9.90'])
  })

  it('history synced on linking stays out of the unread counts and the automatic replies', async () => {
    const before = heard.length
    await sock.push({
      'messaging-history.set': {
        chats: [],
        contacts: [],
        messages: [message('3EB0HISTORY0000000001', OLD, 'price from last year', 1_700_000_000)],
        isLatest: true,
      },
    })
    // history is not asked for by default: nothing at all reaches the desk
    expect(heard.length).toBe(before)
    const rows = await db
      .selectFrom('messages')
      .select('id')
      .where('wa_message_id', '=', '3EB0HISTORY0000000001')
      .execute()
    expect(rows).toEqual([])
  })
})
