// Auto-reply benchmark: one tenant with 10,000 enabled rules holding 50,000 keywords. Reports the
// time to compile them into the matcher, the match time per inbound message (p50/p99), and the
// inbound throughput (messages stored and matched per second) of the same burst without rules and
// with the rules loaded, in the same run: first with keywords customers never write (the cost of
// matching alone), then with ten more rules on words the simulated customers do write, so many
// messages are answered (each customer at most once per rule) through the outbox.
//
//   npm run bench -- auto-reply                                   # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- auto-reply
//
// Knobs: BENCH_ACCOUNTS (50), BENCH_BURST (5000), BENCH_RULES (10000), BENCH_KEYWORDS_PER_RULE (5).
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
import { LINES } from '../apps/server/src/gateway/simulator/phrases.js'
import { seedLinkedTenant } from '../apps/server/src/test/linked-tenant.js'
import { freshDb } from './_db.js'

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50)
const BURST = Number(process.env.BENCH_BURST ?? 5_000)
const RULES = Number(process.env.BENCH_RULES ?? 10_000)
const PER_RULE = Number(process.env.BENCH_KEYWORDS_PER_RULE ?? 5)
/** words of the simulated customers' lines that some rules answer */
const REAL_WORDS = [
  'shipping',
  'discount',
  'catalogue',
  'sizes',
  'blue',
  '发货',
  '多少钱',
  '颜色',
  'envío',
  'payment',
]

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const phase = (what: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${what}\n`)

/** A seeded pseudo-random word generator, so every run loads the same keywords. */
function words(seed: number) {
  // mulberry32: 32-bit arithmetic only, so the sequence does not degrade in floating point
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return (t ^ (t >>> 14)) >>> 0
  }
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  return () => {
    const n = 5 + (next() % 8)
    let w = ''
    for (let i = 0; i < n; i++) w += letters[next() % letters.length]
    return w
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-bench-'))
  const { db, label, drop } = await freshDb(dir, 'autoreply')
  await migrate(db)
  const seeded = await seedLinkedTenant(
    db,
    'bench',
    Array.from({ length: ACCOUNTS }, (_, i) => `86139${String(i).padStart(8, '0')}`),
  )
  const network = new SimNetwork({ seed: 42, rules: { sendLimitPerMinute: 1e9, newChatsPerHour: 1e9 } })
  const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SEND_RATE_PER_MINUTE: '1000000',
    SEND_BURST: '1000000',
  })
  const { app, engines, messaging, autoReply } = await buildApp({
    config,
    db,
    logger: pino({ level: 'silent' }),
    gateway,
  })
  await app.ready()
  await engines.start()
  await gateway.idle()

  let emitted = 0
  messaging.hub.observe((_rooms, event, payload) => {
    // customers' messages only: the replies queued by the rules are messages too
    if (event === 'message.new' && !(payload as { message: { fromMe: boolean } }).message.fromMe) emitted++
  })
  const opts = { mediaShare: 0, customers: 5_000, newCustomerShare: 0.3 }
  /** A burst; resolves once every message is stored and the auto-reply engine has matched it. */
  const burst = async () => {
    const before = emitted
    const t0 = performance.now()
    const sent = network.chatter.burst(BURST, opts).length
    while (emitted < before + sent) await sleep(2)
    await autoReply.engine.settled()
    const ms = performance.now() - t0
    return { sent, ms, rate: Math.round((sent / ms) * 1000) }
  }

  phase('ready')
  // 1. without rules (a warm-up burst first: the fans and sessions of the pool exist afterwards in both runs)
  await burst()
  const without = await burst()

  phase('bursts without rules done')
  // 2. the rules, written straight to the table in batches
  const next = words(7)
  const now = Date.now()
  let keywordCount = 0
  for (let i = 0; i < RULES; i += 500) {
    const rows = Array.from({ length: Math.min(500, RULES - i) }, (_, j) => {
      const n = i + j
      const keywords = Array.from({ length: PER_RULE }, () => `${next()}${n % 97}`)
      keywordCount += keywords.length
      return {
        tenant_id: seeded.tenantId,
        name: `rule ${n}`,
        classification: 'public',
        audience: 'all',
        reply_type: 'all',
        match_mode: n % 10 === 9 ? 'full' : 'half',
        keywords: JSON.stringify(keywords),
        label_ids: '[]',
        reply_limit: 1,
        reply_delay: 0,
        send_interval: 0,
        sentences: JSON.stringify([{ type: 'text', text: `answer ${n}` }]),
        agent_user_ids: '[]',
        enabled: 1,
        creator_user_id: seeded.userId,
        created_at: now,
        updated_at: now,
      }
    })
    await db.insertInto('auto_reply_rules').values(rows).execute()
  }
  // the answering rules, off for now
  await db
    .insertInto('auto_reply_rules')
    .values(
      REAL_WORDS.map((word, n) => ({
        tenant_id: seeded.tenantId,
        name: `answering ${n}`,
        classification: 'public',
        audience: 'all',
        reply_type: 'all',
        match_mode: 'half',
        keywords: JSON.stringify([word]),
        label_ids: '[]',
        reply_limit: 1,
        reply_delay: 0,
        send_interval: 0,
        sentences: JSON.stringify([{ type: 'text', text: `about ${word}` }]),
        agent_user_ids: '[]',
        enabled: 0,
        creator_user_id: seeded.userId,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute()
  phase('rules written')
  autoReply.books.invalidate(seeded.tenantId)
  const c0 = performance.now()
  const book = await autoReply.books.fresh(seeded.tenantId)
  const compileMs = performance.now() - c0

  phase('matcher built')
  // 3. match time per message: the customers' lines and longer texts
  const texts = [...LINES, ...Array.from({ length: 200 }, () => Array.from({ length: 25 }, next).join(' '))]
  const times: number[] = []
  for (let round = 0; round < 50; round++)
    for (const text of texts) {
      const t = performance.now()
      book.matcher.match(text)
      times.push((performance.now() - t) * 1000)
    }
  times.sort((a, b) => a - b)

  // 4. with the rules loaded: none of them answers, then ten of them do
  const withRules = await burst()
  phase('burst with rules done')
  await db
    .updateTable('auto_reply_rules')
    .set({ enabled: 1, updated_at: Date.now() })
    .where('tenant_id', '=', seeded.tenantId)
    .where('enabled', '=', 0)
    .execute()
  autoReply.books.invalidate(seeded.tenantId)
  const answering = await burst()
  const answered = await db
    .selectFrom('auto_reply_rules')
    .select((eb) => [eb.fn.sum<number>('hits').as('hits'), eb.fn.sum<number>('replies').as('replies')])
    .where('tenant_id', '=', seeded.tenantId)
    .executeTakeFirstOrThrow()

  const us = (v: number) => `${v.toFixed(1)} µs`
  process.stdout.write(
    [
      `auto-reply benchmark: ${label}, ${ACCOUNTS} accounts, ${os.cpus().length} CPUs`,
      `  rules     ${RULES} enabled rules, ${keywordCount} keywords; matcher built in ${compileMs.toFixed(0)} ms (${book.matcher.size} automaton states)`,
      `  match     per message (${times.length} matches of ${texts.length} texts): p50 ${us(pct(times, 50))}, p99 ${us(pct(times, 99))}, max ${us(times.at(-1) ?? Number.NaN)}`,
      `  inbound   without rules: ${without.sent} messages stored and matched in ${(without.ms / 1000).toFixed(2)} s = ${without.rate} msg/s`,
      `  inbound   with rules:    ${withRules.sent} messages stored and matched in ${(withRules.ms / 1000).toFixed(2)} s = ${withRules.rate} msg/s (no keyword written by customers)`,
      `  inbound   answering:     ${answering.sent} messages stored, matched and answered in ${(answering.ms / 1000).toFixed(2)} s = ${answering.rate} msg/s` +
        ` (+${REAL_WORDS.length} rules on customers' words: hits ${Number(answered.hits ?? 0)}, replies queued ${Number(answered.replies ?? 0)})`,
      '',
    ].join('\n'),
  )
  await app.close()
  await drop()
  fs.rmSync(dir, { recursive: true, force: true })
}

await main()
