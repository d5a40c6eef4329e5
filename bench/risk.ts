// Risk benchmark: the send path's added cost of the risk checks. One server, one database; the
// same dispatcher code drains equal batches of queued desk messages with the risk gate and
// without it (a second dispatcher built with no gate), alternating, so both meet the same
// database state. With the gate every message reads its tenant's config (cached), its account's
// minute/hour/day windows, writes them, and counts its outcome in the day's statistics inside
// the send's transaction; the limits are set high so nothing is refused.
//
//   npm run bench -- risk                                                   # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- risk
//
// Knobs: BENCH_ACCOUNTS (50), BENCH_PER_ACCOUNT (messages per account per batch, 20), BENCH_ROUNDS (5). The
// machine's other load moves single batches a lot: the medians are compared.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { RISK_BOUNDS, type RiskConfigBody, Role, SendOrigin } from '@app/core'
import { pino } from 'pino'
import { buildApp } from '../apps/server/src/app.js'
import { loadConfig } from '../apps/server/src/config.js'
import { migrate } from '../apps/server/src/db/index.js'
import { KyselyAuthStateStore } from '../apps/server/src/gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../apps/server/src/gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../apps/server/src/gateway/simulator/link-store.js'
import { SimNetwork } from '../apps/server/src/gateway/simulator/network.js'
import { OutboxDispatcher } from '../apps/server/src/modules/outbox/outbox.engine.js'
import { SendPacer } from '../apps/server/src/modules/outbox/send-pacer.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50)
const PER_ACCOUNT = Number(process.env.BENCH_PER_ACCOUNT ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const _sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-risk-'))
  const { db, label, drop } = await freshDb(dir, 'risk')
  await migrate(db)
  const customers = Array.from({ length: 4 }, (_, i) => `4479900000${i}`)
  const seeded = await seedLinkedTenant(
    db,
    'bench',
    Array.from({ length: ACCOUNTS }, (_, i) => `86137${String(i).padStart(8, '0')}`),
    customers,
  )
  const network = new SimNetwork({ seed: 7, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SEND_RATE_PER_MINUTE: '1000000000',
    SEND_BURST: '1000000000',
  })
  const logger = pino({ level: 'silent' })
  const built = await buildApp({ config, db, logger, gateway })
  const { app, engines, messaging, risk, services } = built
  await app.ready()
  await engines.start()
  await gateway.idle()
  // the two dispatchers below are driven by hand; the app's own loop must not take their rows
  await messaging.dispatcher.stop()
  const dispatcherCfg = {
    pollMs: 1_000,
    leaseMs: 30_000,
    batch: 50,
    maxWaitMs: 600_000,
    maxAttempts: 5,
    sendTimeoutMs: 10_000,
  }
  const pacer = new SendPacer(db, { perMinute: 1e9, burst: 1e9 })
  const make = (gate: typeof risk.gate | null) =>
    new OutboxDispatcher(
      db,
      gateway,
      services.users,
      pacer,
      messaging.media,
      messaging.hub,
      built.events,
      dispatcherCfg,
      logger,
      gate,
    )
  const withGate = make(risk.gate)
  const without = make(null)
  // the highest limits the platform allows: every check runs, none refuses; a minute passes per batch
  const limits = Object.fromEntries(Object.entries(RISK_BOUNDS).map(([k, [, max]]) => [k, max]))
  await risk.service.saveConfig(
    {
      tenantId: seeded.tenantId,
      userId: seeded.userId,
      roleId: Role.customerMaster,
      username: 'bench',
      tokenId: 0,
      isPlatform: false,
      actingUserId: seeded.userId,
      agentId: null,
    },
    {
      limits: { ...limits, massIntervalSec: 0, warmupDays: 0 } as RiskConfigBody['limits'],
      keywords: ['casino', 'lottery', '赌场'],
      utcOffset: 0,
    },
  )
  let clockShift = 0
  risk.setClock(() => Date.now() + clockShift)

  const perBatch = ACCOUNTS * PER_ACCOUNT
  const enqueue = async (tag: string) => {
    for (let k = 0; k < PER_ACCOUNT; k++)
      for (let a = 0; a < ACCOUNTS; a++)
        await messaging.outbox.enqueue({
          tenantId: seeded.tenantId,
          sessionId: seeded.sessionIds[a * customers.length + (k % customers.length)] as number,
          content: { type: 'text', text: `${tag} message ${k} of account ${a}, nothing to block here` },
          requestedBy: seeded.userId,
          origin: SendOrigin.manual,
        })
  }
  const drain = async (d: OutboxDispatcher): Promise<number> => {
    const t0 = performance.now()
    while (await d.tick()) {}
    return performance.now() - t0
  }
  const times = { with: [] as number[], without: [] as number[] }
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, d] of [
      ['without', without],
      ['with', withGate],
    ] as const) {
      clockShift += 61_000
      await enqueue(`${name}${r}`)
      times[name].push(await drain(d))
      await risk.warnings.idle()
    }
  }
  const sent = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'sent')
    .where('from_me', '=', 1)
    .executeTakeFirstOrThrow()
  const counted = await db
    .selectFrom('risk_daily')
    .select((eb) => eb.fn.sum<number>('sends').as('n'))
    .executeTakeFirstOrThrow()
  const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] as number
  const rate = (ms: number[]) => perBatch / (median(ms) / 1000)
  const per = (ms: number[]) => median(ms) / perBatch
  const added = per(times.with) - per(times.without)
  process.stdout.write(
    [
      `risk benchmark: ${label}, ${ACCOUNTS} accounts, ${perBatch} desk messages per batch, ${ROUNDS} batches each way, ${os.cpus().length} CPUs`,
      `  without the gate  ${Math.round(rate(times.without))} msg/s median  (${times.without.map((t) => t.toFixed(0)).join(', ')} ms per batch)`,
      `  with the gate     ${Math.round(rate(times.with))} msg/s median  (${times.with.map((t) => t.toFixed(0)).join(', ')} ms per batch)`,
      `  added per message ${(added * 1000).toFixed(0)} µs (${((added / per(times.without)) * 100).toFixed(1)} %)`,
      `  sent ${Number(sent.n)} of ${perBatch * ROUNDS * 2}; counted in risk statistics ${Number(counted.n)} (the gated half: ${perBatch * ROUNDS})`,
      '',
    ].join('\n'),
  )
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main().catch((e) => {
  console.error(e)
  process.exit(1)
})
