// WS dynamics benchmark: one status post from many linked accounts, each to its customers, made
// by the dynamics engine (claim under a lease, audience lookup, post through the simulated
// gateway, result stored). Reports account parts made per second and the time until the last one.
//
//   npx tsx --conditions=@app/source bench/dynamics.ts                      # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=@app/source bench/dynamics.ts
//
// Knobs: BENCH_ACCOUNTS (200), BENCH_CUSTOMERS (contacts per account, 50), BENCH_POSTS (3).
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
import { DynamicsRepository } from '../apps/server/src/modules/dynamics/dynamics.repository.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200)
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50)
const POSTS = Number(process.env.BENCH_POSTS ?? 3)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-'))
  const { db, label, drop } = await freshDb(dir, 'dynamics')
  await migrate(db)
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => `44770${String(i).padStart(7, '0')}`)
  const seedStart = performance.now()
  const tenant = await seedLinkedTenant(
    db,
    'bench',
    Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`),
    customers,
  )
  const seedMs = performance.now() - seedStart

  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  for (const c of customers) network.addPhone(c)
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const { app, engines, dynamics } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()
  await engines.start()
  await gateway.idle()

  const repo = new DynamicsRepository(db)
  const open = async () =>
    Number(
      (
        await db
          .selectFrom('status_post_targets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'open')
          .executeTakeFirstOrThrow()
      ).n,
    )
  const start = performance.now()
  for (let p = 0; p < POSTS; p++) {
    const now = Date.now()
    await repo.create(
      {
        tenant_id: tenant.tenantId,
        created_by: tenant.userId,
        kind: 'text',
        text: `Bench status ${p}`,
        background_color: '#25D366',
        font: 1,
        media_id: null,
        scheduled_at: now,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      },
      tenant.accountIds,
    )
  }
  dynamics.engine.wake()
  while ((await open()) > 0) await sleep(20)
  const ms = performance.now() - start
  const done = await db
    .selectFrom('status_post_targets')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute()
  const parts = ACCOUNTS * POSTS
  console.log(`database: ${label}`)
  console.log(`seed: ${ACCOUNTS} accounts × ${CUSTOMERS} contacts in ${(seedMs / 1000).toFixed(1)} s`)
  console.log(`posts: ${POSTS} × ${ACCOUNTS} accounts = ${parts} parts, ${CUSTOMERS} contacts each`)
  console.log(`results: ${done.map((d) => `${d.state} ${d.n}`).join(', ')}`)
  console.log(`all parts made in ${(ms / 1000).toFixed(2)} s: ${(parts / (ms / 1000)).toFixed(0)} parts/s`)
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
