// Dashboards benchmark: one tenant with 20 accounts, 10 agents, 50,000 sessions and 2,000,000
// messages over 90 days (the chat-history benchmark's generators, written straight into SQLite in
// large transactions). Then: the rollup job's time for the whole history, its time for one more
// day of traffic, and /dataStatistics for 90 days against a trivial authenticated route (the
// profile), p50/p99 of sequential in-process requests, each as a ratio to the trivial route.
//
//   npx tsx --conditions=@app/source bench/statistics.ts      (or: npm run bench -- statistics)
//
// Knobs: BENCH_MESSAGES (2000000), BENCH_SESSIONS (50000), BENCH_REQUESTS (200).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { StatisticsPath as P, statsDayOf, statsDayText } from '@app/core'
import SQLite from 'better-sqlite3'
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
import { seedHistory } from './_history-seed.js'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2_000_000)
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const ACCOUNTS = 20

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** One more day of traffic, as it would arrive today: a day's share of the history. */
function seedToday(file: string, tenantId: number, count: number): void {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const sessions = db
    .prepare(
      'select s.id, s.account_id, a.agent_user_id from sessions s join ws_accounts a on a.id = s.account_id where s.tenant_id = ?',
    )
    .all(tenantId) as { id: number; account_id: number; agent_user_id: number | null }[]
  const add = db.prepare(
    `insert into messages (tenant_id, account_id, session_id, wa_message_id, from_me, type, body, status,
       requested_by, timestamp, created_at) values (?, ?, ?, ?, ?, 'text', 'ok', 'sent', ?, ?, ?)`,
  )
  const now = Date.now()
  const start = now - 3_600_000
  let seed = 5
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const s = sessions[Math.floor(rnd() * sessions.length)] as (typeof sessions)[number]
      const fromMe = rnd() < 0.4
      const at = Math.floor(start + (i * 3_600_000) / count)
      add.run(tenantId, s.account_id, s.id, `D${i}`, fromMe ? 1 : 0, fromMe ? s.agent_user_id : null, at, at)
    }
  })()
  db.close()
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-stats-'))
  const file = path.join(dir, 'app.db')
  const db = openDatabase({ sqliteFile: file })
  await migrate(db)
  const phones = Array.from({ length: ACCOUNTS }, (_, i) => `86136${String(i).padStart(8, '0')}`)
  const tenant = await seedLinkedTenant(db, 'bench', phones)
  const t0 = performance.now()
  seedDesk(file, tenant.tenantId, tenant.accountIds, SESSIONS, 0)
  seedHistory(file, tenant.tenantId, MESSAGES)
  const seedMs = performance.now() - t0

  const network = new SimNetwork({ seed: 42 })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, services, statistics } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()

  // the whole history, as on the first start after an upgrade
  let t = performance.now()
  await statistics.engine.catchUp(Date.now() + 60_000)
  const fullMs = performance.now() - t
  const rows = await db
    .selectFrom('stat_daily')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const histograms = await db
    .selectFrom('stat_daily')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('responses', '!=', '{}')
    .executeTakeFirstOrThrow()

  // one more day: what a round finds when it runs after a day of traffic
  const day = Math.round(MESSAGES / 90)
  seedToday(file, tenant.tenantId, day)
  t = performance.now()
  await statistics.engine.catchUp(Date.now() + 60_000)
  const dayMs = performance.now() - t

  const token = (
    await services.tokens.issue(
      { id: tenant.userId, tenant_id: tenant.tenantId },
      { ip: '127.0.0.1', userAgent: 'bench' },
    )
  ).accessToken
  const headers = { authorization: `Bearer ${token}`, 'tenant-id': String(tenant.tenantId) }
  const today = statsDayOf(Date.now())
  const body = { from: statsDayText(today - 89), to: statsDayText(today) }
  const time = async (run: () => Promise<{ statusCode: number; body: string }>) => {
    const list: number[] = []
    for (let i = 0; i < 10; i++) await run()
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now()
      const res = await run()
      list.push(performance.now() - s)
      if (res.statusCode !== 200 || !res.body.includes('"code":0'))
        throw new Error(`failed: ${res.body.slice(0, 200)}`)
    }
    return list.sort((x, y) => x - y)
  }
  const trivial = await time(() =>
    app.inject({ method: 'GET', url: '/damai/system/user/profile/get', headers }),
  )
  const overview = await time(() => app.inject({ method: 'POST', url: P.overview, headers, payload: body }))
  const sample = JSON.parse(
    (await app.inject({ method: 'POST', url: P.overview, headers, payload: body })).body,
  ) as {
    data: {
      totals: { messagesIn: number; messagesOut: number; responses: number; p50Ms: number; p90Ms: number }
    }
  }
  await app.close()

  const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(10)
  console.log(
    `\nDashboards on SQLite: ${MESSAGES.toLocaleString('en')} messages over 90 days, ${SESSIONS.toLocaleString('en')} sessions, ${ACCOUNTS} accounts`,
  )
  console.log(`  seed (straight into SQLite)            ${secs(seedMs)}`)
  console.log(
    `  rollup of the whole history            ${secs(fullMs)}  (${Math.round(MESSAGES / (fullMs / 1000)).toLocaleString('en')} messages/s; ${rows.n} daily rows, ${histograms.n} of them with a histogram)`,
  )
  console.log(`  rollup of one more day (${day.toLocaleString('en')} msgs)  ${secs(dayMs)}`)
  console.log(`  ${REQUESTS} sequential requests each (in-process inject):`)
  console.log(`    ${'route'.padEnd(34)}       p50        p99   p50 ×trivial   p99 ×trivial`)
  for (const [name, list] of [
    ['profile (trivial)', trivial],
    ['/dataStatistics overview, 90 days', overview],
  ] as const)
    console.log(
      `    ${name.padEnd(34)}${ms(pct(list, 50))} ${ms(pct(list, 99))}   ${(pct(list, 50) / pct(trivial, 50)).toFixed(1).padStart(12)}   ${(pct(list, 99) / pct(trivial, 99)).toFixed(1).padStart(12)}`,
    )
  const tot = sample.data.totals
  console.log(
    `  totals of the 90 days: in ${tot.messagesIn}, out ${tot.messagesOut}, first responses ${tot.responses}, p50 ${tot.p50Ms} ms, p90 ${tot.p90Ms} ms`,
  )
  fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
