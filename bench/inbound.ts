// Inbound benchmark: the simulated network floods messages into 100 linked accounts; the server
// stores each once (fan, session, message, in shared transactions) and emits message.new after
// the commit. Reports messages persisted per second (burst) and the delay from the gateway's
// 'message' event to the Socket.IO emit (p50/p99) under a steady offered load.
//
//   npx tsx --conditions=@app/source bench/inbound.ts                      # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=@app/source bench/inbound.ts
//
// Knobs: BENCH_ACCOUNTS (100), BENCH_BURST (20000), BENCH_RATE (msg/s of the steady phase, 1000),
// BENCH_SECONDS (10), BENCH_MEDIA (share of media messages, 0).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
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

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100)
const BURST = Number(process.env.BENCH_BURST ?? 20_000)
const RATE = Number(process.env.BENCH_RATE ?? 1_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const MEDIA = Number(process.env.BENCH_MEDIA ?? 0)

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-'))
  const { db, label, drop } = await freshDb(dir, 'inbound')
  await migrate(db)
  await seedLinkedTenant(
    db,
    'bench',
    Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`),
  )

  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  // registered before the app's own handler, so it stamps the event before the server sees it
  const eventAt = new Map<string, number>()
  gateway.on('message', (m) => {
    eventAt.set(m.ref.id, performance.now())
  })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, engines, messaging } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()
  await engines.start()
  await gateway.idle()

  let emitted = 0
  let latencies: number[] = []
  messaging.hub.observe((_rooms, event, payload) => {
    if (event !== 'message.new') return
    const id = (payload as { message: { waMessageId: string } }).message.waMessageId
    const at = eventAt.get(id)
    if (at !== undefined) {
      latencies.push(performance.now() - at)
      eventAt.delete(id)
    }
    emitted++
  })
  const waitFor = async (n: number) => {
    while (emitted < n) await sleep(5)
  }
  const opts = { mediaShare: MEDIA, customers: 5_000, newCustomerShare: 0.3 }

  // 1. burst: everything at once, all 100 accounts in parallel
  const t0 = performance.now()
  const sent = network.chatter.burst(BURST, opts).length
  await waitFor(sent)
  const burstMs = performance.now() - t0
  const burstLat = [...latencies].sort((a, b) => a - b)

  // 2. steady: RATE msg/s offered in 10 ms ticks for SECONDS
  latencies = []
  const base = emitted
  const perTick = RATE / 100
  let offered = 0
  const start = performance.now()
  for (let tick = 0; tick < SECONDS * 100; tick++) {
    const due = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick)
    offered += network.chatter.burst(due, opts).length
    const next = start + (tick + 1) * 10
    await sleep(Math.max(0, next - performance.now()))
  }
  await waitFor(base + offered)
  const steady = [...latencies].sort((a, b) => a - b)

  const count = async (t: 'messages' | 'fans' | 'sessions') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const rows = {
    messages: await count('messages'),
    fans: await count('fans'),
    sessions: await count('sessions'),
  }

  process.stdout.write(
    [
      `inbound benchmark: ${label}, ${ACCOUNTS} accounts, ${os.cpus().length} CPUs, media share ${MEDIA}`,
      `  burst   ${sent} messages persisted in ${(burstMs / 1000).toFixed(2)} s = ${Math.round((sent / burstMs) * 1000)} msg/s` +
        `  (event→emit p50 ${fmt(pct(burstLat, 50))}, p99 ${fmt(pct(burstLat, 99))}: includes queueing behind the burst)`,
      `  steady  ${RATE} msg/s offered for ${SECONDS} s (${offered} messages): event→emit p50 ${fmt(pct(steady, 50))}, p99 ${fmt(pct(steady, 99))}, max ${fmt(steady.at(-1) ?? Number.NaN)}`,
      `  stored  ${rows.messages} messages, ${rows.fans} fans, ${rows.sessions} sessions (each message once: ${rows.messages === sent + offered})`,
      '',
    ].join('\n'),
  )
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
