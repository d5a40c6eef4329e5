// Webhooks benchmark: the simulated network sends RATE customer messages per second to 100 linked
// accounts; each stored message is a `message.received` event for three fast local receivers and
// one slow one (answers after 2 s). Reports, per fast receiver, the delay from the message being
// stored to its delivery (p50/p99), and what the slow receiver got meanwhile (it must not delay
// the others).
//
//   npm run bench -- webhooks                                     # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- webhooks
//
// Knobs: BENCH_RATE (msg/s, 1000), BENCH_SECONDS (10), BENCH_SLOW_MS (2000).
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'

const RATE = Number(process.env.BENCH_RATE ?? 1_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 2_000)
const ACCOUNTS = 100

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-'))
  const { db, label, drop } = await freshDb(dir, 'webhooks')
  await migrate(db)
  const { tenantId } = await seedLinkedTenant(
    db,
    'bench',
    Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`),
  )
  // the receivers run in a process of their own, as a customer's systems would
  const child = fork(path.join(import.meta.dirname, '_webhook-receivers.mjs'), {
    env: { ...process.env, RECEIVER_DELAYS: `0,0,0,${SLOW_MS}` },
  })
  const received: { id: string; createdAt: number; at: number }[][] = [[], [], [], []]
  const urls = await new Promise<string[]>((resolve) =>
    child.on('message', (m: { urls?: string[]; received?: [number, string, number, number][] }) => {
      if (m.urls) resolve(m.urls)
      for (const [i, id, createdAt, at] of m.received ?? []) received[i].push({ id, createdAt, at })
    }),
  )
  const fast = received.slice(0, 3)
  const slow = received[3]
  const now = Date.now()
  for (const url of urls)
    await db
      .insertInto('webhook_endpoints')
      .values({
        tenant_id: tenantId,
        url,
        description: '',
        secret: 'whsec_YmVuY2htYXJrLXNlY3JldC1ieXRlcw==',
        events: JSON.stringify(['message.received']),
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute()

  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    OUTBOUND_PRIVATE_ADDRESSES: 'true',
  })
  const { app, engines } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
  await app.ready()
  await engines.start()
  await gateway.idle()

  const opts = { mediaShare: 0, customers: 5_000, newCustomerShare: 0.3 }
  const perTick = RATE / 100
  let offered = 0
  const start = Date.now()
  for (let tick = 0; tick < SECONDS * 100; tick++) {
    const due = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick)
    offered += network.chatter.burst(due, opts).length
    await sleep(Math.max(0, start + (tick + 1) * 10 - Date.now()))
  }
  const offeredFor = Date.now() - start
  const slowAtEnd = slow.length
  const deadline = Date.now() + 60_000
  while (fast.some((r) => new Set(r.map((x) => x.id)).size < offered) && Date.now() < deadline)
    await sleep(20)
  await sleep(300)

  const lines = [
    `webhooks benchmark: ${label}, ${os.cpus().length} CPUs, ${RATE} msg/s offered for ${SECONDS} s (${offered} messages) to ${ACCOUNTS} accounts, 3 fast receivers and 1 answering after ${SLOW_MS} ms`,
  ]
  for (const [i, r] of fast.entries()) {
    const delays = r.map((x) => x.at - x.createdAt).sort((a, b) => a - b)
    const ids = new Set(r.map((x) => x.id))
    lines.push(
      `  receiver ${i + 1}: ${ids.size}/${offered} events (${r.length - ids.size} repeats), stored→delivered p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms, max ${delays.at(-1)} ms`,
    )
  }
  lines.push(
    `  slow receiver: ${slowAtEnd} delivered while the load ran (${((slowAtEnd / offeredFor) * 1000).toFixed(0)}/s), ${slow.length} by the end`,
    '',
  )
  const retried = await db
    .selectFrom('webhook_deliveries')
    .select(['last_error', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attempts', '>', 1)
    .groupBy('last_error')
    .execute()
  for (const r of retried) lines.push(`  retried after: ${r.last_error ?? '(then delivered)'} × ${r.n}`)
  process.stdout.write(lines.join('\n'))
  await app.close()
  child.disconnect()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
