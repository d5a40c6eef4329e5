// Memory benchmark: what one linked number costs the server. One server process with the
// simulated network in the same process (the simulator gateway, as the demo runs it): for 100 and
// then 500 numbers, a fresh database gets a tenant with that many linked numbers, the server is
// built (nothing resumed yet) and measured, then the engines start and resume every number, the
// simulated customers write in (BENCH_PER_NUMBER messages per number, stored and announced), and
// the process is measured again. Each measurement follows two full garbage collections
// (--expose-gc: the benchmark starts itself again with it when it is missing). Reports RSS, the
// JS heap in use and memory outside the heap (buffers), before and after, and MB per number.
//
//   npm run bench -- memory                                                  # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- memory
//
// Knobs: BENCH_NUMBERS (100,500), BENCH_PER_NUMBER (20 messages), BENCH_SETTLE (2 s after the chatter).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  // the same loader and conditions, with the collector callable
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: process.env },
  )
  process.exit(r.status ?? 1)
}

const NUMBERS = (process.env.BENCH_NUMBERS ?? '100,500').split(',').map(Number)
const PER_NUMBER = Number(process.env.BENCH_PER_NUMBER ?? 20)
const SETTLE_MS = Number(process.env.BENCH_SETTLE ?? 2) * 1000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MB = 1024 * 1024

interface Sample {
  rss: number
  heap: number
  /** outside the JS heap: buffers and native objects the heap points to */
  external: number
}

async function measure(): Promise<Sample> {
  for (let i = 0; i < 2; i++) {
    gc?.()
    await sleep(50)
  }
  const m = process.memoryUsage()
  return { rss: m.rss / MB, heap: m.heapUsed / MB, external: m.external / MB }
}

async function round(numbers: number, tag: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-memory-'))
  const { db, label, drop } = await freshDb(dir, 'memory')
  await migrate(db)
  const phones = Array.from({ length: numbers }, (_, i) => `86${tag}${String(i).padStart(9, '0')}`)
  await seedLinkedTenant(db, `bench${tag}`, phones)

  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, engines, messaging } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()
  const before = await measure()

  const t0 = Date.now()
  await engines.start()
  await gateway.idle()
  const resumedMs = Date.now() - t0
  let stored = 0
  messaging.hub.observe((_rooms, event) => {
    if (event === 'message.new') stored++
  })
  // the customers write in a few bursts, as a busy hour would
  const total = numbers * PER_NUMBER
  let sent = 0
  const opts = { customers: numbers * 10, newCustomerShare: 0.5 }
  for (let i = 0; i < 4; i++) {
    sent += network.chatter.burst(Math.ceil(total / 4), opts).length
    const deadline = Date.now() + 120_000
    while (stored < sent && Date.now() < deadline) await sleep(20)
  }
  await sleep(SETTLE_MS)
  const after = await measure()

  const per = (k: keyof Sample) => ((after[k] - before[k]) / numbers).toFixed(3)
  const line = (name: string, s: Sample) =>
    `    ${name.padEnd(30)} rss ${s.rss.toFixed(1).padStart(7)} MB  heap ${s.heap.toFixed(1).padStart(7)} MB  external ${s.external.toFixed(1).padStart(6)} MB`
  const out = [
    `  ${numbers} numbers (${label}; resumed in ${(resumedMs / 1000).toFixed(1)} s; ${stored} of ${sent} messages stored)`,
    line('before linking', before),
    line('linked, after the chatter', after),
    `    per number: rss ${per('rss')} MB, heap ${per('heap')} MB, external ${per('external')} MB`,
  ].join('\n')
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
  return out
}

const lines = [
  `memory benchmark: one server process, simulated network in process, ${PER_NUMBER} messages per number, ${os.cpus().length} CPUs`,
]
for (const [i, n] of NUMBERS.entries()) lines.push(await round(n, i + 1))
process.stdout.write(`${lines.join('\n')}\n`)
process.exit(0)
