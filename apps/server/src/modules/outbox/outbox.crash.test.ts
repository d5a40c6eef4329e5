import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.js'
import { type Db, migrate, openDatabase } from '../../db/index.js'
import { SimulatorGateway } from '../../gateway/simulator/gateway.js'
import { SimNetwork } from '../../gateway/simulator/network.js'
import { nullHub } from '../../realtime/hub.js'
import { seedLinkedTenant } from '../../test/linked-tenant.js'
import { killHard, startServerProcess } from '../../test/outbox-crash.js'
import { readJournal } from '../../test/sim-journal.js'
import { LoginLimiter } from '../auth/login-limiter.js'
import { TokenService } from '../auth/token.service.js'
import { MediaStore } from '../messages/media.store.js'
import { SessionDirectory } from '../sessions/index.js'
import { UsersService } from '../users/users.service.js'
import { OutboxService } from './outbox.service.js'

const SHOPS = ['8613800000001', '8613800000002']
const CUSTOMERS = [
  '447700900001',
  '447700900002',
  '447700900003',
  '447700900004',
  '447700900005',
  '447700900006',
]
const TOTAL = 300

let dir: string
let db: Db
let child: ChildProcess | undefined

const count = async (state: string) =>
  Number(
    (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', state)
        .executeTakeFirstOrThrow()
    ).n,
  )
const until = async (what: string, cond: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) {
      const states = await db
        .selectFrom('outbox')
        .select(['state', 'attempts', 'last_error', 'lease_owner'])
        .limit(3)
        .execute()
      const accounts = await db
        .selectFrom('ws_accounts')
        .select(['id', 'status', 'abnormal_reason', 'linked'])
        .execute()
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ states, accounts })}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-crash-'))
  db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
})
afterAll(async () => {
  if (child) await killHard(child)
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.TEST_DIALECT === 'postgres')('outbox across a SIGKILL', () => {
  it('loses nothing and sends nothing twice when the server is killed mid-burst and restarted', {
    timeout: 90_000,
  }, async () => {
    const { tenantId, userId, sessionIds: sessions } = await seedLinkedTenant(db, 'crash', SHOPS, CUSTOMERS)
    // this process only enqueues; the ids come from a simulator of its own (a different seed from the child's)
    const ids = new SimulatorGateway({ network: new SimNetwork({ seed: 7 }) })
    const tokens = new TokenService(db, 3_600_000)
    const outbox = new OutboxService(
      db,
      new SessionDirectory(db),
      new UsersService(db, tokens, new LoginLimiter(db, 5, 60_000)),
      ids,
      nullHub,
      new MediaStore(path.join(dir, 'media'), 1_000_000),
    )
    // this process and the server's write one SQLite file: a write that finds it locked for longer
    // than the busy timeout (the server starting on a loaded machine), or whose transaction read the
    // file before the server's last write (SQLITE_BUSY_SNAPSHOT), was rolled back, and is tried again
    const enqueueOne = async (i: number) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await outbox.enqueue({
            tenantId,
            sessionId: sessions[i % sessions.length],
            content: { type: 'text', text: `burst #${i}` },
            requestedBy: userId,
          })
        } catch (err) {
          if (!(err as { code?: string }).code?.startsWith('SQLITE_BUSY') || attempt >= 5) throw err
        }
      }
    }
    const enqueue = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        await enqueueOne(i)
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 5))
      }
    }

    child = await startServerProcess(dir, 1)
    const firstHalf = enqueue(0, 200)
    await until('a third sent', async () => (await count('sent')) >= 100)
    await killHard(child)
    await firstHalf
    const atKill = {
      sent: await count('sent'),
      sending: await count('sending'),
      requested: await count('requested'),
    }
    // rows the dead process had already put on the network without recording it: the retry must not resend them
    const inFlight = await db
      .selectFrom('outbox')
      .select('wa_message_id')
      .where('state', '=', 'sending')
      .execute()
    const onNetwork = new Set(readJournal(path.join(dir, 'network.jsonl')).map((l) => l.id))
    const unrecorded = inFlight.filter((r) => onNetwork.has(r.wa_message_id)).length
    expect(atKill.sent).toBeLessThan(200)

    child = await startServerProcess(dir, 2)
    const secondHalf = enqueue(200, 250)
    await until('more sent', async () => (await count('sent')) >= atKill.sent + 20)
    await killHard(child)
    await secondHalf
    await enqueue(250, TOTAL)

    child = await startServerProcess(dir, 3)
    await until('all sent', async () => (await count('sent')) + (await count('failed')) === TOTAL)
    await killHard(child)

    expect(await count('failed')).toBe(0)
    const rows = await db
      .selectFrom('messages')
      .select(['body', 'wa_message_id', 'status'])
      .where('from_me', '=', 1)
      .execute()
    expect(rows).toHaveLength(TOTAL)
    expect(rows.every((r) => r.status === 'sent')).toBe(true)

    // what the customers got, across the three network lifetimes
    const delivered = readJournal(path.join(dir, 'network.jsonl')).filter((l) => SHOPS.includes(l.from))
    const byText = new Map<string, string[]>()
    for (const l of delivered) byText.set(l.text, [...(byText.get(l.text) ?? []), l.id])
    const lost = rows.filter((r) => !byText.has(r.body))
    const twice = [...byText].filter(([, got]) => got.length > 1)
    expect({ lost: lost.length, twice: twice.length, delivered: delivered.length }).toEqual({
      lost: 0,
      twice: 0,
      delivered: TOTAL,
    })
    for (const r of rows) expect(byText.get(r.body)).toEqual([r.wa_message_id])
    console.info(
      `kill-and-restart: at the first kill ${atKill.sent} sent, ${atKill.sending} sending (${unrecorded} of them already delivered), ${atKill.requested} requested; ${TOTAL} delivered once each`,
    )
  })

  it('a restarted server sends again within the lease when the killed one held every queued send', {
    timeout: 150_000,
  }, async () => {
    // a directory and database of its own, the lease at its default (renewed while held)
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-resume-'))
    const odb = openDatabase({ sqliteFile: path.join(own, 'app.db') })
    try {
      await migrate(odb)
      const shops = ['8613800000011', '8613800000012']
      const { tenantId, userId, sessionIds } = await seedLinkedTenant(odb, 'resume', shops, CUSTOMERS)
      const outbox = new OutboxService(
        odb,
        new SessionDirectory(odb),
        new UsersService(odb, new TokenService(odb, 3_600_000), new LoginLimiter(odb, 5, 60_000)),
        new SimulatorGateway({ network: new SimNetwork({ seed: 9 }) }),
        nullHub,
        new MediaStore(path.join(own, 'media'), 1_000_000),
      )
      const states = async () =>
        Object.fromEntries(
          (
            await odb
              .selectFrom('outbox')
              .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
              .groupBy('state')
              .execute()
          ).map((r) => [r.state, Number(r.n)]),
        ) as Record<string, number>
      const journal = path.join(own, 'network.jsonl')
      const n = 30
      for (let i = 0; i < n; i++)
        await outbox.enqueue({
          tenantId,
          sessionId: sessionIds[i % sessionIds.length],
          content: { type: 'text', text: `resume #${i}` },
          requestedBy: userId,
        })
      // queued before it starts, so its first claim takes them all; a slow link (each send answers
      // 400 ms after the network took it) keeps them held and unrecorded when it is killed
      child = await startServerProcess(own, 11, { OUTBOX_LEASE_MS: undefined, CRASH_SEND_DELAY_MS: '400' })
      await until('a few sent', async () => ((await states()).sent ?? 0) >= 4)
      await killHard(child)
      const killedAt = Date.now()
      const atKill = await states()
      // every send not yet recorded is held by the dead process: nothing is free to take at once
      expect(atKill.requested ?? 0).toBe(0)
      expect(atKill.sending ?? 0).toBeGreaterThan(0)

      child = await startServerProcess(own, 12, { OUTBOX_LEASE_MS: undefined })
      const restartedMs = Date.now() - killedAt
      await until('all sent', async () => ((await states()).sent ?? 0) === n, 120_000)
      await killHard(child)
      const got = readJournal(journal).filter((l) => shops.includes(l.from))
      const nextSendMs = Math.min(...got.filter((l) => l.at > killedAt).map((l) => l.at)) - killedAt
      const texts = got.map((l) => l.text)
      expect({ delivered: got.length, distinct: new Set(texts).size }).toEqual({ delivered: n, distinct: n })
      // the held sends come free one lease (15 s) after their last renewal (every 5 s), while the
      // server restarts: within the lease, with room for a slow start of the process
      const lease = loadConfig({}).OUTBOX_LEASE_MS
      expect(lease).toBeLessThanOrEqual(15_000)
      expect(nextSendMs).toBeLessThan(25_000)
      console.info(
        `kill-and-restart with the default lease (${lease} ms): ${atKill.sending} sends held by the killed process; restarted in ${restartedMs} ms; next send ${nextSendMs} ms after the kill`,
      )
    } finally {
      if (child) await killHard(child)
      child = undefined
      await odb.destroy()
      fs.rmSync(own, { recursive: true, force: true })
    }
  })
})
