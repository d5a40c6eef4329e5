// Desk reply latency: how long from an agent's reply being queued to the customer's phone on the
// simulated network having it, and to the /sim page showing it.
//
//   npm run bench -- desk-reply
//
// Server side: the outbox enqueue the desk's send route makes → the dispatcher (woken by the
// enqueue) → pacing of an idle number → the simulator's send → the message in the customer's chat.
// Measured one reply at a time (an agent typing), each on an idle number, on SQLite.
// The /sim page: it polls the open chat; the time to "the phone shows it" is the server time plus
// the wait for the next poll and its answer. That part is modelled here with a poller at the
// page's interval started at a random phase, reading the simulator as the page's route does.
//
// Knobs: BENCH_REPLIES (200), BENCH_GAP_MS (pause between replies, 20).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate, openDatabase } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { OPEN_CHAT_POLL_MS, POLL_MS } from '../apps/web/src/pages/sim/hooks.js'

const REPLIES = Number(process.env.BENCH_REPLIES ?? 200)
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20)
// at most SEND_BURST (5) replies per number: each goes out on an idle number, never paced
const SHOPS = 50

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const fmt = (ms: number) => `${ms.toFixed(1)} ms`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return `p50 ${fmt(pct(s, 50))}, p90 ${fmt(pct(s, 90))}, p99 ${fmt(pct(s, 99))}, max ${fmt(s.at(-1) ?? Number.NaN)}`
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-'))
  const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
  const shops = Array.from({ length: SHOPS }, (_, i) => `86139${String(i).padStart(8, '0')}`)
  const customer = '447700900123'
  const seeded = await seedLinkedTenant(db, 'bench', shops, [customer])

  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  // the moment each message lands in a chat of the simulated network
  const landed = new Map<string, number>()
  const world = network.world
  const add = world.addMessage.bind(world)
  world.addMessage = (m, members) => {
    landed.set(m.id, performance.now())
    add(m, members)
  }
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

  const server: number[] = []
  const shown: Record<number, number[]> = { [POLL_MS]: [], [OPEN_CHAT_POLL_MS]: [] }
  for (let i = 0; i < REPLIES; i++) {
    // a different number each time, round robin: each reply goes out on a number idle for a while
    const n = i % SHOPS
    const shop = shops[n] as string
    const sessionId = seeded.sessionIds[n] as number
    const t0 = performance.now()
    const { waMessageId } = await messaging.outbox.enqueue({
      tenantId: seeded.tenantId,
      sessionId,
      content: { type: 'text', text: `reply ${i}` },
      requestedBy: seeded.userId,
    })
    while (!landed.has(waMessageId)) await sleep(0.2)
    const ms = (landed.get(waMessageId) as number) - t0
    server.push(ms)
    // the /sim page's poll: the next one at a uniformly random point of its interval, then its answer
    for (const interval of [POLL_MS, OPEN_CHAT_POLL_MS]) {
      const wait = Math.max(0, Math.random() * interval - ms)
      const q0 = performance.now()
      const seen = network.messagesBetween(customer, shop, 50).some((m) => m.id === waMessageId)
      if (!seen) throw new Error('the phone does not have the reply')
      shown[interval]?.push(ms + wait + (performance.now() - q0))
    }
    await sleep(GAP_MS)
  }

  process.stdout.write(
    [
      `desk reply benchmark: SQLite, ${REPLIES} replies one at a time over ${SHOPS} idle numbers, ${os.cpus().length} CPUs`,
      `  enqueue → customer's phone has it (server):         ${summary(server)}`,
      `  … → the /sim page shows it, polling every ${POLL_MS} ms: ${summary(shown[POLL_MS] ?? [])}  (modelled poll)`,
      `  … → the /sim page shows it, polling every ${OPEN_CHAT_POLL_MS} ms:  ${summary(shown[OPEN_CHAT_POLL_MS] ?? [])}  (modelled poll; the open chat's interval)`,
      '',
    ].join('\n'),
  )
  await app.close()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
