// Desk benchmark: one tenant with 100,000 sessions and 2,000,000 messages (SQLite file or PostgreSQL); the
// server listens on a loopback port and 50 concurrent HTTP clients (keep-alive) call the desk's
// session list (first page), its sidebar counts (as served, and uncached) and chat-history pages
// of random sessions, plus a trivial authenticated route (the profile) as the yardstick. Reports
// p50/p99 latency and requests per second of each, and each as a ratio to the trivial route.
//
//   npm run bench -- desk                                                   # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- desk   # a new database there
//
// Knobs: BENCH_SESSIONS (100000), BENCH_PER_SESSION (20 messages), BENCH_CLIENTS (50),
// BENCH_SECONDS (5 per scenario), BENCH_ACCOUNTS (20), BENCH_WARM_SECONDS (3 per scenario, before any is measured).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
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
import { seedDesk, seedDeskPg } from './_desk-seed.js'

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000)
const PER_SESSION = Number(process.env.BENCH_PER_SESSION ?? 20)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20)
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3)

interface Result {
  name: string
  /** one client alone: the time a call takes without queueing behind others */
  soloP50: number
  soloP99: number
  count: number
  errors: number
  p50: number
  p99: number
  rps: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

interface Scenario {
  name: string
  token: string
  method: 'GET' | 'POST'
  url: string
  body?: unknown
  /** a chat history page: each call picks another of these sessions */
  sessionIds?: number[]
  /** run before every solo call (in the server's process): defeats a cache */
  before?: () => void
}

/** `clients` concurrent loops in a worker thread (not on the server's event loop) for `seconds`. */
function drive(base: string, sc: Scenario, seconds: number, clients: number) {
  const { name: _name, before: _before, ...spec } = sc
  return new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./_desk-load.mjs', import.meta.url), {
      workerData: { ...spec, base, seconds, clients },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/** One call at a time from this process: the time a call takes without queueing (and `before` each). */
async function solo(base: string, sc: Scenario, seconds: number): Promise<number[]> {
  const out: number[] = []
  const end = performance.now() + seconds * 1000
  for (let i = 0; performance.now() < end; i++) {
    sc.before?.()
    const headers = { authorization: `Bearer ${sc.token}`, 'content-type': 'application/json' }
    const body = sc.sessionIds
      ? { ...(sc.body as object), sessionId: sc.sessionIds[i % sc.sessionIds.length] }
      : sc.body
    const t0 = performance.now()
    const res = await fetch(`${base}${sc.url}`, {
      method: sc.method,
      headers,
      ...(sc.method === 'POST' ? { body: JSON.stringify(body) } : {}),
    })
    await res.json()
    out.push(performance.now() - t0)
  }
  return out.sort((a, b) => a - b)
}

/** One scenario: a second of warm-up, SECONDS with CLIENTS concurrent clients, then 2 s of a single client. */
async function load(base: string, sc: Scenario): Promise<Result> {
  await drive(base, sc, 1, CLIENTS)
  const started = performance.now()
  const concurrent = sc.before ? null : await drive(base, sc, SECONDS, CLIENTS)
  const elapsed = (performance.now() - started) / 1000
  const latencies = (concurrent?.latencies ?? []).sort((a, b) => a - b)
  const one = await solo(base, sc, 2)
  return {
    name: sc.name,
    soloP50: pct(one, 50),
    soloP99: pct(one, 99),
    count: latencies.length,
    errors: concurrent?.errors ?? 0,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    rps: latencies.length / elapsed,
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-desk-'))
  const { db, file, label, drop } = await freshDb(dir, 'desk')
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`)
  const tenant = await seedLinkedTenant(db, 'bench', phones)
  const t0 = performance.now()
  const seed = file
    ? seedDesk(file, tenant.tenantId, tenant.accountIds, SESSIONS, PER_SESSION)
    : await seedDeskPg(db, tenant.tenantId, tenant.accountIds, SESSIONS, PER_SESSION)
  const seedSeconds = (performance.now() - t0) / 1000

  const network = new SimNetwork({ seed: 42 })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, services, desk } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const base = `http://127.0.0.1:${address.port}`
  const client = { ip: '127.0.0.1', userAgent: 'bench' }
  const boss = (await services.tokens.issue({ id: tenant.userId, tenant_id: tenant.tenantId }, client))
    .accessToken
  const agent = (await services.tokens.issue({ id: seed.agentIds[0], tenant_id: tenant.tenantId }, client))
    .accessToken

  // random sessions of the tenant for the history pages
  const sessionIds = (await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id)
  const forget = () => desk.list.countsCache.forget(tenant.tenantId)
  const scenarios: Scenario[] = [
    { name: 'profile (trivial)', token: boss, method: 'GET', url: '/damai/system/user/profile/get' },
    {
      name: `session list, first page (supervisor: ${SESSIONS})`,
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: {},
    },
    {
      name: `session list, first page (agent: ${Math.round((SESSIONS / ACCOUNTS) * 2)})`,
      token: agent,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: {},
    },
    {
      name: 'session list, unread filter (supervisor)',
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: { filter: 'unread' },
    },
    {
      name: 'session list, status open (supervisor)',
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: { status: 'open' },
    },
    {
      name: 'session list, resolved (agent)',
      token: agent,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: { status: 'resolved' },
    },
    {
      name: 'waiting on us, oldest first (supervisor)',
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: { waiting: true },
    },
    {
      name: 'waiting on us, oldest first (agent)',
      token: agent,
      method: 'POST',
      url: '/damai/customer/session/page',
      body: { waiting: true },
    },
    {
      name: 'chat history page (random session)',
      token: boss,
      method: 'POST',
      url: '/damai/customer/user/getSessionChatMessages',
      body: { pageSize: 30 },
      sessionIds,
    },
    {
      name: `sidebar counts (supervisor: ${SESSIONS})`,
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/counts',
      body: {},
    },
    {
      name: 'sidebar counts (agent)',
      token: agent,
      method: 'POST',
      url: '/damai/customer/session/counts',
      body: {},
    },
    // computing them, the two-second reuse defeated (single client only)
    {
      name: `sidebar counts, uncached (supervisor: ${SESSIONS})`,
      token: boss,
      method: 'POST',
      url: '/damai/customer/session/counts',
      body: {},
      before: forget,
    },
    {
      name: 'sidebar counts, uncached (agent)',
      token: agent,
      method: 'POST',
      url: '/damai/customer/session/counts',
      body: {},
      before: forget,
    },
  ]
  // the whole server warmed first (the JIT, the statement caches, SQLite's pages), so that the
  // trivial route, measured first, is not measured cold while the others are measured warm
  for (const sc of scenarios) if (!sc.before) await drive(base, sc, WARM_SECONDS, CLIENTS)
  const runs: Result[] = []
  for (const sc of scenarios) runs.push(await load(base, sc))

  const trivial = runs[0]
  const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(1)} ms`).padStart(9)
  const ratio = (n: number, width: number) =>
    (Number.isFinite(n) && n > 0 ? n.toFixed(2) : '—').padStart(width)
  const lines = [
    `desk benchmark: ${label}, ${seed.sessions} sessions, ${seed.messages} messages, ${ACCOUNTS} accounts, ` +
      `${CLIENTS} clients, ${SECONDS} s each, ${os.cpus().length} CPUs (seeded in ${seedSeconds.toFixed(1)} s)`,
    `  ${'scenario'.padEnd(46)}      p50       p99     req/s   p50 ×trivial  req/s ×trivial  errors` +
      '   1 client: p50       p99',
    ...runs.map(
      (r) =>
        `  ${r.name.padEnd(46)}${ms(r.p50)} ${ms(r.p99)} ${(r.count ? r.rps.toFixed(0) : '—').padStart(9)}` +
        `   ${ratio(r.p50 / trivial.p50, 10)}   ${ratio(r.rps / trivial.rps, 12)}  ${String(r.errors).padStart(6)}` +
        `          ${ms(r.soloP50)} ${ms(r.soloP99)}`,
    ),
    '',
  ]
  process.stdout.write(lines.join('\n'))
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
