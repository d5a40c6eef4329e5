// Customers-list benchmark: one tenant with 100,000 fans in a SQLite file (most with a session,
// some labelled, over 20 accounts in 4 groups); the server listens on a loopback port and 50
// concurrent HTTP clients (keep-alive) call the list's first page, filtered pages, a search, an
// agent's page and the count, plus a trivial authenticated route (the profile) as the yardstick.
// Reports p50/p99 and requests per second of each, and each as a ratio to the trivial route; then
// exports all 100,000 fans as XLSX and reports its time, size and the server process's peak RSS.
//
//   npx tsx --conditions=@app/source bench/fans.ts
//
// Knobs: BENCH_FANS (100000), BENCH_CLIENTS (50), BENCH_SECONDS (5 per scenario), BENCH_ACCOUNTS (20).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate, openDatabase } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { seedDesk } from './_desk-seed.js'
import { seedFans } from './_fans-seed.js'

const FANS = Number(process.env.BENCH_FANS ?? 100_000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20)

interface Scenario {
  name: string
  token: string
  method: 'GET' | 'POST'
  url: string
  body?: unknown
}

interface Result {
  name: string
  count: number
  errors: number
  p50: number
  p99: number
  rps: number
  soloP50: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/** `clients` concurrent loops in a worker thread (the desk benchmark's load generator) for `seconds`. */
function drive(base: string, sc: Scenario, seconds: number, clients: number) {
  const { name: _name, ...spec } = sc
  return new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./_desk-load.mjs', import.meta.url), {
      workerData: { ...spec, base, seconds, clients },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/** One call at a time for `seconds`: what a call costs without queueing. */
async function solo(base: string, sc: Scenario, seconds: number): Promise<number[]> {
  const out: number[] = []
  const end = performance.now() + seconds * 1000
  while (performance.now() < end) {
    const t0 = performance.now()
    const res = await fetch(`${base}${sc.url}`, {
      method: sc.method,
      headers: { authorization: `Bearer ${sc.token}`, 'content-type': 'application/json' },
      ...(sc.method === 'POST' ? { body: JSON.stringify(sc.body) } : {}),
    })
    await res.json()
    out.push(performance.now() - t0)
  }
  return out.sort((a, b) => a - b)
}

async function load(base: string, sc: Scenario): Promise<Result> {
  await drive(base, sc, 1, CLIENTS)
  const started = performance.now()
  const run = await drive(base, sc, SECONDS, CLIENTS)
  const elapsed = (performance.now() - started) / 1000
  const latencies = run.latencies.sort((a, b) => a - b)
  const one = await solo(base, sc, 1)
  return {
    name: sc.name,
    count: latencies.length,
    errors: run.errors,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    rps: latencies.length / elapsed,
    soloP50: pct(one, 50),
  }
}

/** The export of every fan: time to the last byte, file size, peak RSS of this (the server's) process. */
async function exportAll(base: string, token: string, file: string) {
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  const t0 = performance.now()
  const res = await fetch(`${base}/damai/customer/fans/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  })
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`)
  const out = fs.createWriteStream(file)
  let bytes = 0
  for await (const chunk of res.body) {
    bytes += chunk.length
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r))
  }
  await new Promise((r) => out.end(r))
  const seconds = (performance.now() - t0) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  // the file opens and holds every fan (read back with exceljs's streaming reader)
  let rows = 0
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {}))
    for await (const _ of sheet) rows++
  return { seconds, bytes, rows: rows - 1, rssBefore, peak }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-fans-'))
  const file = path.join(dir, 'app.db')
  const db = openDatabase({ sqliteFile: file })
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`)
  const tenant = await seedLinkedTenant(db, 'bench', phones)
  const t0 = performance.now()
  // the desk benchmark's agents (one per two accounts), then the fans
  const desk = seedDesk(file, tenant.tenantId, tenant.accountIds, 0, 0)
  const seed = seedFans(file, tenant.tenantId, tenant.userId, tenant.accountIds, FANS)
  const seedSeconds = (performance.now() - t0) / 1000

  const network = new SimNetwork({ seed: 42 })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, services } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const base = `http://127.0.0.1:${address.port}`
  const client = { ip: '127.0.0.1', userAgent: 'bench' }
  const boss = (await services.tokens.issue({ id: tenant.userId, tenant_id: tenant.tenantId }, client))
    .accessToken
  const agent = (
    await services.tokens.issue({ id: desk.agentIds[0] as number, tenant_id: tenant.tenantId }, client)
  ).accessToken

  const page = '/damai/customer/fans/page'
  const filtered = { country: 'BR', massSendEnabled: true, labelIds: [seed.labelIds[0]] }
  const scenarios: Scenario[] = [
    { name: 'profile (trivial)', token: boss, method: 'GET', url: '/damai/system/user/profile/get' },
    { name: `fan list, first page (supervisor: ${FANS})`, token: boss, method: 'POST', url: page, body: {} },
    {
      name: 'fan list, filtered: country + mass send + label',
      token: boss,
      method: 'POST',
      url: page,
      body: { filter: filtered },
    },
    {
      name: 'fan list, filtered: group + source + added',
      token: boss,
      method: 'POST',
      url: page,
      body: {
        filter: {
          accountGroupId: seed.groupIds[1],
          source: 'active_add',
          createdTo: Date.now() - 90 * 86_400_000,
        },
      },
    },
    {
      name: 'fan list, filtered: one account',
      token: boss,
      method: 'POST',
      url: page,
      body: { filter: { accountIds: [tenant.accountIds[3]] } },
    },
    {
      name: 'fan list, search (remark "vip order 9")',
      token: boss,
      method: 'POST',
      url: page,
      body: { filter: { keyword: 'VIP ORDER 9' } },
    },
    {
      name: `fan list, first page (agent: ~${Math.round((FANS / ACCOUNTS) * 1.8)})`,
      token: agent,
      method: 'POST',
      url: page,
      body: {},
    },
    {
      name: `fan count (supervisor: ${FANS})`,
      token: boss,
      method: 'POST',
      url: '/damai/customer/fans/count',
      body: {},
    },
    {
      name: 'fan count, filtered (as above)',
      token: boss,
      method: 'POST',
      url: '/damai/customer/fans/count',
      body: { filter: filtered },
    },
  ]
  const runs: Result[] = []
  for (const sc of scenarios) runs.push(await load(base, sc))
  const exported = await exportAll(base, boss, path.join(dir, 'customers.xlsx'))

  const trivial = runs[0] as Result
  const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(1)} ms`).padStart(9)
  const ratio = (n: number, width: number) =>
    (Number.isFinite(n) && n > 0 ? n.toFixed(2) : '—').padStart(width)
  const mb = (n: number) => `${(n / 1_048_576).toFixed(0)} MB`
  const lines = [
    `customers-list benchmark: SQLite file, ${seed.fans} fans, ${seed.sessions} sessions, ${ACCOUNTS} accounts, ` +
      `${CLIENTS} clients, ${SECONDS} s each, ${os.cpus().length} CPUs (seeded in ${seedSeconds.toFixed(1)} s)`,
    `  ${'scenario'.padEnd(50)}      p50       p99     req/s   p50 ×trivial  req/s ×trivial  errors  1 client p50`,
    ...runs.map(
      (r) =>
        `  ${r.name.padEnd(50)}${ms(r.p50)} ${ms(r.p99)} ${(r.count ? r.rps.toFixed(0) : '—').padStart(9)}` +
        `   ${ratio(r.p50 / trivial.p50, 10)}   ${ratio(r.rps / trivial.rps, 12)}  ${String(r.errors).padStart(6)}` +
        `     ${ms(r.soloP50)}`,
    ),
    `  XLSX export of ${exported.rows} fans: ${exported.seconds.toFixed(1)} s, ${mb(exported.bytes)}, ` +
      `server RSS ${mb(exported.rssBefore)} before, ${mb(exported.peak)} at peak ` +
      `(+${mb(exported.peak - exported.rssBefore)})`,
    '',
  ]
  process.stdout.write(lines.join('\n'))
  await app.close()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
