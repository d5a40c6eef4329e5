// Diversion link benchmark: the public /s?c=<code> visit (find the link, count the visit, list
// its online accounts, take a cap slot, record the visit, redirect to wa.me) under 200
// concurrent visitors, against a trivial authenticated route (the profile) in the same run.
// SQLite file; the link has 20 online accounts, half of them with a daily cap that never fills.
// Reports p50/p99 latency and requests per second of each, and the visit as a ratio to the
// trivial route. The per-IP visit limit is raised for the run (all visitors share 127.0.0.1);
// the limiter still runs on every visit.
//
//   npm run bench -- diversion
//
// Knobs: BENCH_CLIENTS (200), BENCH_SECONDS (5 per scenario), BENCH_ACCOUNTS (20).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate, openDatabase } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20)

interface Scenario {
  name: string
  url: string
  token?: string
  redirect: boolean
}

interface Result {
  name: string
  count: number
  errors: number
  p50: number
  p99: number
  rps: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

function drive(base: string, sc: Scenario, seconds: number) {
  return new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./_diversion-load.mjs', import.meta.url), {
      workerData: { base, url: sc.url, token: sc.token, redirect: sc.redirect, seconds, clients: CLIENTS },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

async function load(base: string, sc: Scenario): Promise<Result> {
  await drive(base, sc, 1)
  const started = performance.now()
  const run = await drive(base, sc, SECONDS)
  const elapsed = (performance.now() - started) / 1000
  const latencies = run.latencies.sort((a, b) => a - b)
  return {
    name: sc.name,
    count: latencies.length,
    errors: run.errors,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    rps: latencies.length / elapsed,
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-diversion-'))
  const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86137${String(i).padStart(8, '0')}`)
  const tenant = await seedLinkedTenant(db, 'bench', phones)

  const network = new SimNetwork({ seed: 42 })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DIVERSION_VISITS_PER_MINUTE: '1000000000',
  })
  const { app, services, diversion } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const base = `http://127.0.0.1:${address.port}`
  const boss = (
    await services.tokens.issue(
      { id: tenant.userId, tenant_id: tenant.tenantId },
      { ip: '127.0.0.1', userAgent: 'bench' },
    )
  ).accessToken
  const link = await diversion.links.create(tenant.tenantId, tenant.userId, {
    name: 'bench',
    greeting: 'Hello, I saw your ad',
    accounts: tenant.accountIds.map((accountId, i) => ({ accountId, dailyCap: i % 2 ? 1_000_000 : 0 })),
    agentIds: [],
    utcOffsetMinutes: 0,
  })

  const scenarios: Scenario[] = [
    { name: 'profile (trivial)', url: '/damai/system/user/profile/get', token: boss, redirect: false },
    { name: `visit /s?c= (${ACCOUNTS} accounts)`, url: `/s?c=${link.code}`, redirect: true },
  ]
  const runs: Result[] = []
  for (const sc of scenarios) runs.push(await load(base, sc))
  const visits = await db
    .selectFrom('diversion_visits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const perAccount = await db
    .selectFrom('diversion_link_accounts')
    .select(['visits'])
    .where('link_id', '=', link.id)
    .execute()
  const counts = perAccount.map((r) => Number(r.visits))

  const [trivial, visit] = runs as [Result, Result]
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9)
  const lines = [
    `diversion benchmark: SQLite file, ${ACCOUNTS} accounts on the link, ${CLIENTS} concurrent clients, ` +
      `${SECONDS} s each, ${os.cpus().length} CPUs`,
    `  ${'scenario'.padEnd(30)}      p50       p99     req/s  errors`,
    ...runs.map(
      (r) =>
        `  ${r.name.padEnd(30)}${ms(r.p50)} ${ms(r.p99)} ${r.rps.toFixed(0).padStart(9)}  ${String(r.errors).padStart(6)}`,
    ),
    `  visit ÷ trivial: req/s ×${(visit.rps / trivial.rps).toFixed(2)}, p99 ×${(visit.p99 / trivial.p99).toFixed(2)}`,
    `  visits recorded: ${Number(visits.n)}; per account min ${Math.min(...counts)}, max ${Math.max(...counts)}`,
    '',
  ]
  process.stdout.write(lines.join('\n'))
  await app.close()
  await db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
