// Chat-history benchmark: one tenant with 100,000 sessions and 2,000,000 messages of chat-like
// English and Chinese text in a SQLite file (the full-text index kept by its triggers as the
// messages were written); the server listens on a loopback port and 50 concurrent HTTP clients
// (keep-alive) search the history: keywords with few, some and many matches, Chinese, a short
// keyword (a bounded scan), searches with filters, a conversation around a hit, and a trivial
// authenticated route (the profile) as the yardstick. Reports p50/p99 latency and requests per
// second of each, each as a ratio to the trivial route, and the time of two exports.
//
//   npm run bench -- chat-history                                           # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- chat-history   # a new database there
//
// Knobs: BENCH_SESSIONS (100000), BENCH_MESSAGES (2000000), BENCH_CLIENTS (50),
// BENCH_SECONDS (5 per scenario), BENCH_ACCOUNTS (20).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { ChatHistoryPath as P } from '@app/core'
import { sql } from 'kysely'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { type Db, migrate } from '../apps/server/src/db/index.js'
import { pgSearchText } from '../apps/server/src/db/migrations/0014_message_search.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'
import { seedDesk, seedDeskPg } from './_desk-seed.js'
import { seedHistory, seedHistoryPg } from './_history-seed.js'

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000_000)
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
  soloP50: number
  soloP99: number
  count: number
  errors: number
  p50: number
  p99: number
  rps: number
  /** hits on the first page */
  hits: number
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

async function call(
  base: string,
  sc: Scenario,
): Promise<{ ms: number; json: { code: number; data: unknown } }> {
  const t0 = performance.now()
  const res = await fetch(`${base}${sc.url}`, {
    method: sc.method,
    headers: { authorization: `Bearer ${sc.token}`, 'content-type': 'application/json' },
    ...(sc.method === 'POST' ? { body: JSON.stringify(sc.body) } : {}),
  })
  const json = (await res.json()) as { code: number; data: unknown }
  return { ms: performance.now() - t0, json }
}

/** One scenario: a second of warm-up, SECONDS with CLIENTS concurrent clients, then 2 s of a single client. */
async function load(base: string, sc: Scenario): Promise<Result> {
  const first = await call(base, sc)
  if (first.json.code !== 0) throw new Error(`${sc.name}: code ${first.json.code}`)
  const list = (first.json.data as { list?: unknown[] }).list
  await drive(base, sc, 1, CLIENTS)
  const started = performance.now()
  const concurrent = await drive(base, sc, SECONDS, CLIENTS)
  const elapsed = (performance.now() - started) / 1000
  const latencies = concurrent.latencies.sort((a, b) => a - b)
  const one: number[] = []
  const end = performance.now() + 2_000
  while (performance.now() < end) one.push((await call(base, sc)).ms)
  one.sort((a, b) => a - b)
  return {
    name: sc.name,
    soloP50: pct(one, 50),
    soloP99: pct(one, 99),
    count: latencies.length,
    errors: concurrent.errors,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    rps: latencies.length / elapsed,
    hits: list?.length ?? 0,
  }
}

/** Messages containing `word`: the full-text index (SQLite) or the trigram index (PostgreSQL). */
async function matches(db: Db, postgres: boolean, word: string): Promise<number> {
  const r = postgres
    ? await sql<{ n: number }>`select count(*) as n from messages
        where ${sql.raw(pgSearchText())} like ${`%${word.toLowerCase()}%`}`.execute(db)
    : await sql<{
        n: number
      }>`select count(*) as n from messages_fts where messages_fts match ${`"${word}"`}`.execute(db)
  return Number(r.rows[0]?.n ?? 0)
}

/** The keyword among `words` whose match count is closest to `target` (log scale), with its count. */
async function pick(db: Db, postgres: boolean, words: string[], target: number) {
  let best = { word: '', count: 0, score: Number.POSITIVE_INFINITY }
  for (const word of words) {
    const count = await matches(db, postgres, word)
    const score = Math.abs(Math.log((count + 1) / target))
    if (score < best.score) best = { word, count, score }
  }
  return best
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-history-'))
  const { db, file, drop } = await freshDb(dir, 'history')
  const postgres = file === null
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86137${String(i).padStart(8, '0')}`)
  const tenant = await seedLinkedTenant(db, 'bench', phones)
  const t0 = performance.now()
  // the desk benchmark's sessions, customers and agents (no messages), then the history's messages
  const desk = file
    ? seedDesk(file, tenant.tenantId, tenant.accountIds, SESSIONS, 0)
    : await seedDeskPg(db, tenant.tenantId, tenant.accountIds, SESSIONS, 0)
  const seed = file
    ? seedHistory(file, tenant.tenantId, MESSAGES)
    : await seedHistoryPg(db, tenant.tenantId, MESSAGES)
  const seedSeconds = (performance.now() - t0) / 1000
  const dbBytes = file
    ? fs.statSync(file).size
    : Number(
        (await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]?.n,
      )

  const english = [
    'price',
    'warranty',
    'tracking',
    'perfume',
    'wholesale',
    'battery',
    'catalogue',
    'express',
    'quality',
  ]
  const chinese = ['多少钱', '什么时候', '能便宜吗', '再便宜一点', '最低价', '手机壳', '充电器']
  const common = await pick(db, postgres, english, 300_000)
  const medium = await pick(db, postgres, english, 5_000)
  const chineseMedium = await pick(db, postgres, chinese, 20_000)
  const rare = seed.orderNumbers[0] ?? 'ORD0000000'
  const rareCount = await matches(db, postgres, rare)

  const network = new SimNetwork({ seed: 42 })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, services } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
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

  const hit = await db
    .selectFrom('messages')
    .select('id')
    .where('tenant_id', '=', tenant.tenantId)
    .orderBy('id')
    .offset(Math.floor(MESSAGES / 2))
    .limit(1)
    .executeTakeFirstOrThrow()
  const month = { from: seed.to - 30 * 86_400_000 }
  const search = (name: string, body: Record<string, unknown>): Scenario => ({
    name,
    token: boss,
    method: 'POST',
    url: P.search,
    body,
  })
  const scenarios: Scenario[] = [
    { name: 'profile (trivial)', token: boss, method: 'GET', url: '/damai/system/user/profile/get' },
    search('newest page, no filter', {}),
    search(`keyword, rare "${rare}" (${rareCount})`, { keyword: rare }),
    search(`keyword, some "${medium.word}" (${medium.count})`, { keyword: medium.word }),
    search(`keyword, many "${common.word}" (${common.count})`, { keyword: common.word }),
    search(`keyword, Chinese "${chineseMedium.word}" (${chineseMedium.count})`, {
      keyword: chineseMedium.word,
    }),
    search('keyword, 2 characters "价格" (bounded scan)', { keyword: '价格' }),
    search(`filtered: account, in, 30 days, "${medium.word}"`, {
      keyword: medium.word,
      accountIds: [tenant.accountIds[0]],
      direction: 'in',
      ...month,
    }),
    search(`filtered: agent, "${common.word}"`, { keyword: common.word, agentId: desk.agentIds[0] }),
    search('filtered: account, files, no keyword', {
      accountIds: [tenant.accountIds[1]],
      types: ['document'],
    }),
    {
      name: 'conversation around a hit',
      token: boss,
      method: 'POST',
      url: P.conversation,
      body: { messageId: hit.id },
    },
  ]
  const runs: Result[] = []
  for (const sc of scenarios) runs.push(await load(base, sc))

  // exports, one at a time: bytes and seconds
  const exports: string[] = []
  for (const [name, body] of [
    [`export "${medium.word}"`, { keyword: medium.word }],
    ['export, no filter (the 100,000-row cap)', {}],
  ] as const) {
    const started = performance.now()
    const res = await fetch(`${base}${P.export}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${boss}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const bytes = (await res.arrayBuffer()).byteLength
    exports.push(
      `  ${name.padEnd(46)} ${((performance.now() - started) / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB`,
    )
  }

  const trivial = runs[0] as Result
  const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(1)} ms`).padStart(9)
  const ratio = (n: number, width: number) =>
    (Number.isFinite(n) && n > 0 ? n.toFixed(2) : '—').padStart(width)
  const lines = [
    `chat-history benchmark: ${postgres ? 'PostgreSQL' : 'SQLite file'} (${(dbBytes / 1e9).toFixed(2)} GB), ${desk.sessions} sessions, ` +
      `${seed.messages} messages, ${ACCOUNTS} accounts, ${CLIENTS} clients, ${SECONDS} s each, ` +
      `${os.cpus().length} CPUs (seeded in ${seedSeconds.toFixed(1)} s)`,
    `  ${'scenario'.padEnd(52)}      p50       p99     req/s   p50 ×trivial  req/s ×trivial  errors  hits` +
      '   1 client: p50       p99',
    ...runs.map(
      (r) =>
        `  ${r.name.padEnd(52)}${ms(r.p50)} ${ms(r.p99)} ${(r.count ? r.rps.toFixed(0) : '—').padStart(9)}` +
        `   ${ratio(r.p50 / trivial.p50, 10)}   ${ratio(r.rps / trivial.rps, 12)}  ${String(r.errors).padStart(6)}` +
        `  ${String(r.hits).padStart(4)}          ${ms(r.soloP50)} ${ms(r.soloP99)}`,
    ),
    ...exports,
    '',
  ]
  process.stdout.write(lines.join('\n'))
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
