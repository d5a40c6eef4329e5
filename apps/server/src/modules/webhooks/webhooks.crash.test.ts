import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate, openDatabase } from '../../db/index.js'
import { seedLinkedTenant } from '../../test/linked-tenant.js'
import { killHard, startServerProcess } from '../../test/outbox-crash.js'
import { webhookReceiver } from '../../test/webhook-receiver.js'
import { newSigningSecret } from './signature.js'
import { WebhooksRepository } from './webhooks.repository.js'

const KEYS = 30
const PER_KEY = 10
const TOTAL = KEYS * PER_KEY

let dir: string
let db: Db
let child: ChildProcess | undefined
let receiver: Awaited<ReturnType<typeof webhookReceiver>>

const delivered = async () =>
  Number(
    (
      await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'delivered')
        .executeTakeFirstOrThrow()
    ).n,
  )
// generous: two server processes start and deliver on a machine that may be running every other test too
const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 150_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what} (${receiver.received.length} received)`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-webhooks-'))
  db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
  receiver = await webhookReceiver({ delayMs: 15 })
})
afterAll(async () => {
  if (child) await killHard(child)
  await receiver.close()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.TEST_DIALECT === 'postgres')('webhook deliveries across a SIGKILL', () => {
  it('loses none and keeps each session’s order when the server is killed mid-delivery and restarted', {
    timeout: 360_000,
  }, async () => {
    const { tenantId } = await seedLinkedTenant(db, 'hooks', ['8613800000081'])
    const now = Date.now()
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({
        tenant_id: tenantId,
        url: receiver.url,
        description: '',
        secret: newSigningSecret(),
        events: JSON.stringify(['message.received']),
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const repo = new WebhooksRepository(db)
    // one event after another of each session, the sessions interleaved
    const events = Array.from({ length: TOTAL }, (_, i) => ({
      tenantId,
      type: 'message.received',
      orderKey: `session:${i % KEYS}`,
      data: { n: i, session: i % KEYS },
      createdAt: now + i,
      endpointIds: [Number(endpoint.id)],
    }))
    await db.transaction().execute((tx) => repo.enqueue(tx, events))

    const env = { WEBHOOK_LEASE_MS: '1500', OUTBOUND_PRIVATE_ADDRESSES: 'true' }
    child = await startServerProcess(dir, 1, env)
    await until('a third delivered', () => receiver.received.length >= TOTAL / 3)
    await killHard(child)
    const beforeRestart = receiver.received.length
    expect(beforeRestart).toBeLessThan(TOTAL)
    child = await startServerProcess(dir, 2, env)
    await until('every event received', () => new Set(receiver.received.map((r) => r.id)).size === TOTAL)
    await until('every delivery recorded', async () => (await delivered()) === TOTAL)

    // at least once: each event arrived; a repeat carries the same id
    const firsts = new Map<string, number>()
    for (const r of receiver.received) if (!firsts.has(r.id)) firsts.set(r.id, r.event.data.n as number)
    expect(firsts.size).toBe(TOTAL)
    const repeats = receiver.received.length - TOTAL
    // only what was in flight when the process died comes again
    expect(repeats).toBeLessThanOrEqual(KEYS)
    // in order per session: the first arrivals of each session's events come in the order they were made
    const bySession = new Map<number, number[]>()
    for (const n of firsts.values()) {
      const s = n % KEYS
      bySession.set(s, [...(bySession.get(s) ?? []), n])
    }
    for (const [, ns] of bySession) expect(ns).toEqual([...ns].sort((a, b) => a - b))
  })
})
