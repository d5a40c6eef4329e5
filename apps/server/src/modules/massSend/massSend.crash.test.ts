import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type MassSendCounters, massSendCreateBody, Role } from '@app/core'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { type Db, migrate, openDatabase } from '../../db/index.js'
import { SimulatorGateway } from '../../gateway/simulator/gateway.js'
import { SimNetwork } from '../../gateway/simulator/network.js'
import { seedLinkedTenant } from '../../test/linked-tenant.js'
import { startMassServer } from '../../test/mass-send-crash.js'
import { killHard } from '../../test/outbox-crash.js'
import { readJournal } from '../../test/sim-journal.js'
import { taskBody } from './massSend.fixtures.js'

const SHOPS = Array.from({ length: 8 }, (_, i) => `861380000${String(i + 1).padStart(4, '0')}`)
const TOTAL = 800
const PHONES = Array.from({ length: TOTAL }, (_, i) => `4477009${String(i).padStart(5, '0')}`)

let dir: string
let db: Db
let child: ChildProcess | undefined

const count = async (table: 'mass_send_items' | 'messages', where?: ['status', string]) => {
  let q = db.selectFrom(table as 'messages').select((eb) => eb.fn.countAll<number>().as('n'))
  if (where) q = q.where(where[0], '=', where[1])
  return Number((await q.executeTakeFirstOrThrow()).n)
}
const task = () => db.selectFrom('mass_send_tasks').selectAll().executeTakeFirstOrThrow()
const until = async (what: string, cond: () => Promise<boolean>, ms = 120_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) {
      const t = await task()
      throw new Error(
        `timed out waiting for ${what}: ${t.status} ${t.counters} items ${await count('mass_send_items')}`,
      )
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-mass-crash-'))
  db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
})
afterAll(async () => {
  if (child) await killHard(child)
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.TEST_DIALECT === 'postgres')('mass send across a SIGKILL', () => {
  it('every recipient gets each sentence exactly once when the server is killed twice mid-task, and the counters match the log', {
    timeout: 300_000,
  }, async () => {
    const { tenantId, userId, accountIds } = await seedLinkedTenant(db, 'crash', SHOPS)
    // the task is made by this process's app (no engines); the child processes run it
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dir })
    const maker = await buildApp({
      config,
      db,
      logger: pino({ level: 'silent' }),
      gateway: new SimulatorGateway({ network: new SimNetwork({ seed: 7 }) }),
    })
    const body = massSendCreateBody.parse(
      taskBody({
        accountIds,
        audience: { type: 'strangers', phones: PHONES },
        sentences: [
          { type: 'text', text: 'A {phone}' },
          { type: 'text', text: 'B {phone}' },
        ],
      }),
    )
    const caller = {
      tenantId,
      userId,
      roleId: Role.customerMaster,
      username: 'crash-boss',
      tokenId: 0,
      isPlatform: false,
      actingUserId: userId,
      agentId: null,
    }
    const { id } = await maker.massSend.service.create(caller, body)

    child = await startMassServer(dir, 1)
    await until('a fifth sent', async () => (await count('messages', ['status', 'sent'])) >= (TOTAL * 2) / 5)
    await killHard(child)
    const atFirstKill = await count('mass_send_items')

    child = await startMassServer(dir, 2)
    await until('more sent', async () => (await count('mass_send_items')) >= atFirstKill + TOTAL / 4)
    await killHard(child)
    const atSecondKill = await count('mass_send_items')

    child = await startMassServer(dir, 3)
    await until('the task completed and counted', async () => {
      const t = await task()
      return t.status === 'completed' && t.finished_at !== null && t.counters_at >= t.finished_at
    })
    await killHard(child)
    child = undefined

    // what the phones got, across the three network lifetimes: each sentence once, none lost
    const got = readJournal(path.join(dir, 'network.jsonl')).filter((l) => SHOPS.includes(l.from))
    const byText = new Map<string, number>()
    for (const l of got) byText.set(`${l.to}|${l.text}`, (byText.get(`${l.to}|${l.text}`) ?? 0) + 1)
    const missing = PHONES.flatMap((p) => [`${p}|A ${p}`, `${p}|B ${p}`]).filter((k) => !byText.has(k))
    const twice = [...byText].filter(([, k]) => k > 1)
    expect({ missing: missing.length, twice: twice.length, delivered: got.length }).toEqual({
      missing: 0,
      twice: 0,
      delivered: TOTAL * 2,
    })
    // each phone got A before B, from one number
    for (const p of PHONES.slice(0, 50)) {
      const lines = got.filter((l) => l.to === p)
      expect(lines.map((l) => l.text)).toEqual([`A ${p}`, `B ${p}`])
      expect(new Set(lines.map((l) => l.from)).size).toBe(1)
    }

    // the log: every recipient sent, each sentence's message sent; the counters say the same
    const states = await db
      .selectFrom('mass_send_recipients')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute()
    expect(states.map((s) => [s.state, Number(s.n)])).toEqual([['sent', TOTAL]])
    expect(await count('mass_send_items')).toBe(TOTAL * 2)
    expect(await count('messages', ['status', 'sent'])).toBe(TOTAL * 2)
    const counters = JSON.parse((await task()).counters) as MassSendCounters
    expect(counters).toMatchObject({
      total: TOTAL,
      sent: TOTAL,
      failed: 0,
      remaining: 0,
      messagesSent: TOTAL * 2,
    })
    const fresh = await maker.massSend.progress.compute(tenantId, id)
    expect({ ...fresh, delivered: 0, read: 0 }).toEqual({ ...counters, delivered: 0, read: 0 })
    await maker.app.close()
    console.info(
      `mass-send kill-and-restart: ${atFirstKill} sentences queued at the first kill, ${atSecondKill} at the second; ${TOTAL * 2} delivered once each`,
    )
  })
})
