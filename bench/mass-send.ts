// Mass-send benchmark: a stranger task of 100,000 recipients over 100 linked numbers, run by the
// server's own engine through the outbox to the simulated network, with zero intervals and no
// caps. Reports recipients per second through the engine, the server's peak RSS above idle, and
// the scheduling error of timed sends (tasks due at their appointment; second sentences due a
// sentence interval after the first, every number falling due at the same instant): how late
// each went out after its due time, p50/p99.
//
//   npx tsx --conditions=@app/source bench/mass-send.ts                      # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=@app/source bench/mass-send.ts
//
// Knobs: BENCH_ACCOUNTS (100), BENCH_RECIPIENTS (100000), BENCH_TIMED (recipients of the interval
// phase, 1000), BENCH_INTERVAL_S (its sentence interval in seconds, 1), BENCH_APPOINTMENTS (100).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { massSendCreateBody, Role } from '@app/core'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import type { Caller } from '../apps/server/src/http/caller.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100)
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000)
const TIMED = Number(process.env.BENCH_TIMED ?? 1_000)
const INTERVAL_S = Number(process.env.BENCH_INTERVAL_S ?? 1)
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 100)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const phone = (task: number, i: number) => `44${task}${String(i).padStart(9, '0')}`

function body(over: Record<string, unknown>) {
  return massSendCreateBody.parse({
    name: 'bench',
    kind: 'personal',
    method: 'one_by_one',
    sentences: [{ type: 'text', text: 'Hello {phone}' }],
    sentenceInterval: { min: 0, max: 0 },
    customerInterval: { min: 0, max: 0 },
    sendCount: { min: 1, max: 1 },
    ...over,
  })
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-mass-'))
  const { db, label, drop } = await freshDb(dir, 'mass')
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`)
  const { tenantId, userId, accountIds } = await seedLinkedTenant(db, 'bench', phones)
  const network = new SimNetwork({
    seed: 42,
    rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 },
    timings: { readProbability: 0 },
  })
  const gateway = new SimulatorGateway({
    network,
    links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)),
    numberCheck: { minIntervalMs: 0, batchSize: 100 },
  })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SEND_RATE_PER_MINUTE: '1000000000',
    SEND_BURST: '1000000000',
    OUTBOX_POLL_MS: process.env.OUTBOX_POLL_MS ?? '50',
  })
  const { app, engines, massSend, messaging } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()
  await engines.start()
  await gateway.idle()
  const caller: Caller = {
    tenantId,
    userId,
    roleId: Role.customerMaster,
    username: 'bench',
    tokenId: 0,
    isPlatform: false,
    actingUserId: userId,
    agentId: null,
  }
  const status = async (id: number) =>
    (await db.selectFrom('mass_send_tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status
  const until = async (id: number, s: string) => {
    while ((await status(id)) !== s) await sleep(100)
  }

  // 1. throughput and memory: 100,000 strangers over the numbers, no intervals, no caps
  v8.setFlagsFromString('--expose_gc')
  const gc = vm.runInNewContext('gc') as () => void
  gc()
  await sleep(500)
  const idle = process.memoryUsage()
  let peak = idle.rss
  let peakHeap = idle.heapUsed
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peak = Math.max(peak, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 50)
  const t0 = Date.now()
  const { id } = await massSend.service.create(
    caller,
    body({
      accountIds,
      audience: { type: 'strangers', phones: Array.from({ length: RECIPIENTS }, (_, i) => phone(1, i)) },
    }),
  )
  const created = Date.now()
  await until(id, 'completed')
  const done = Date.now()
  clearInterval(sampler)
  const counters = await massSend.progress.compute(tenantId, id)
  // the simulated network is WhatsApp, not the server: what it keeps of the 100,000 chats is its own
  gc()
  const withWorld = process.memoryUsage().heapUsed
  network.world.messages.clear()
  network.world.chats.clear()
  gc()
  const afterRun = process.memoryUsage().heapUsed
  const worldHeap = withWorld - afterRun

  // 2. timed sends: each recipient's second sentence is due an interval after its first; tasks due at an appointment
  const due = new Map<number, number>()
  const late: number[] = []
  const lateAppointments: number[] = []
  const secondAt = new Map<number, number>()
  messaging.hub.observe((_rooms, event, payload) => {
    if (event !== 'message.new') return
    const m = (payload as { message: { id: number; sessionId: number; body: string } }).message
    const at = Date.now()
    if (m.body.startsWith('second ')) secondAt.set(m.sessionId, at)
    else if (m.body.startsWith('at ')) {
      const taskAt = due.get(Number(m.body.slice(3)))
      if (taskAt !== undefined) {
        lateAppointments.push(at - taskAt)
        due.delete(Number(m.body.slice(3)))
      }
    }
  })
  const timed = await massSend.service.create(
    caller,
    body({
      accountIds,
      audience: { type: 'strangers', phones: Array.from({ length: TIMED }, (_, i) => phone(2, i)) },
      sentences: [
        { type: 'text', text: 'first {phone}' },
        { type: 'text', text: 'second {phone}' },
      ],
      sentenceInterval: { min: INTERVAL_S, max: INTERVAL_S },
    }),
  )
  const appointments: number[] = []
  for (let k = 0; k < APPOINTMENTS; k++) {
    const at = Date.now() + 3_000 + k * 97
    const t = await massSend.service.create(
      caller,
      body({
        accountIds: [accountIds[k % accountIds.length]],
        audience: { type: 'strangers', phones: [phone(3, k)] },
        sentences: [{ type: 'text', text: `at ${k}` }],
        appointmentAt: at,
      }),
    )
    due.set(k, at)
    appointments.push(t.id)
  }
  await until(timed.id, 'completed')
  for (const a of appointments) await until(a, 'completed')
  // a second sentence was due an interval after its first was queued (the time its send record keeps)
  const firsts = await db
    .selectFrom('mass_send_items as i')
    .innerJoin('mass_send_recipients as r', 'r.id', 'i.recipient_id')
    .select(['r.session_id', 'i.created_at'])
    .where('i.task_id', '=', timed.id)
    .where('i.sentence_index', '=', 0)
    .execute()
  for (const f of firsts) {
    const at = f.session_id === null ? undefined : secondAt.get(f.session_id)
    if (at !== undefined) late.push(at - (f.created_at + INTERVAL_S * 1000))
  }
  const sortedLate = [...late].sort((a, b) => a - b)
  const sortedAppointments = [...lateAppointments].sort((a, b) => a - b)

  const seconds = (done - t0) / 1000
  process.stdout.write(
    [
      `mass-send benchmark: ${label}, ${ACCOUNTS} numbers, ${os.cpus().length} CPUs, Node ${process.version}`,
      `  task     ${RECIPIENTS} strangers (checked, made fans, sent one sentence): created in ${((created - t0) / 1000).toFixed(1)} s, completed in ${seconds.toFixed(1)} s = ${Math.round(RECIPIENTS / seconds)} recipients/s through the engine`,
      `  result   sent ${counters.sent}, failed ${counters.failed}, messages sent ${counters.messagesSent}`,
      `  memory   RSS idle ${mb(idle.rss)}, peak ${mb(peak)}: ${mb(peak - idle.rss)} above idle; JS heap idle ${mb(idle.heapUsed)}, peak ${mb(peakHeap)}, of which the simulated network's chats ${mb(worldHeap)} at the end; retained after the task ${mb(afterRun - idle.heapUsed)}`,
      `  timing   ${sortedAppointments.length} tasks due at an appointment (one every 97 ms): sent late by p50 ${pct(sortedAppointments, 50)} ms, p99 ${pct(sortedAppointments, 99)} ms, max ${sortedAppointments.at(-1)} ms`,
      `           ${sortedLate.length} second sentences due ${INTERVAL_S} s after the first (${Math.min(TIMED, ACCOUNTS)} numbers falling due at once): late by p50 ${pct(sortedLate, 50)} ms, p99 ${pct(sortedLate, 99)} ms, max ${sortedLate.at(-1)} ms`,
      '',
    ].join('\n'),
  )
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
