// AI reply benchmark: the database side of AI reply on its hot paths, over a migrated database.
//  1. Debounce: a flood of customer messages spread over many sessions, each one moving its
//     session's pending answer (an upsert); reports upserts per second and rows left (one per session).
//  2. Budget: many workers reserving from one tenant's daily budget at once; reports reservations
//     per second and checks that exactly the budget was granted (the conditional update is race-free).
//
//   npx tsx --conditions=@app/source bench/ai-reply.ts                      # SQLite (temp file)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=@app/source bench/ai-reply.ts
//
// Knobs: BENCH_SESSIONS (1000), BENCH_MESSAGES (20000), BENCH_RESERVES (2000), BENCH_BUDGET (500),
// BENCH_WORKERS (20).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { migrate } from '../apps/server/src/db/index.js'
import { AiReplyRepository, utcDay } from '../apps/server/src/modules/aiReply/aiReply.repository.js'
import { freshDb } from './_db.js'

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000)
const RESERVES = Number(process.env.BENCH_RESERVES ?? 2_000)
const BUDGET = Number(process.env.BENCH_BUDGET ?? 500)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 20)

/** Run `total` jobs on `workers` concurrent loops. */
async function inParallel(total: number, workers: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await job(next++)
    }),
  )
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ai-'))
  const { db, label, drop } = await freshDb(dir, 'ai')
  try {
    await migrate(db)
    const now = Date.now()
    const t = await db
      .insertInto('tenants')
      .values({
        name: 'bench',
        account: 'bench',
        is_platform: 0,
        risk_status: 0,
        special_channel: 0,
        status: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const repo = new AiReplyRepository(db)

    let start = performance.now()
    await inParallel(MESSAGES, WORKERS, (i) =>
      repo.schedule(t.id, (i % SESSIONS) + 1, i + 1, now + 3_000 + i),
    )
    let secs = (performance.now() - start) / 1000
    const rows = await db
      .selectFrom('ai_reply_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', t.id)
      .executeTakeFirstOrThrow()
    console.log(`${label}`)
    console.log(
      `debounce: ${MESSAGES} customer messages over ${SESSIONS} sessions in ${secs.toFixed(2)} s = ${Math.round(MESSAGES / secs)} upserts/s; pending answers: ${Number(rows.n)} (expected ${SESSIONS})`,
    )

    const day = utcDay(now)
    let granted = 0
    start = performance.now()
    await inParallel(RESERVES, WORKERS, async () => {
      if (await repo.reserve(t.id, day, { replies: BUDGET, tokens: 0 })) granted++
    })
    secs = (performance.now() - start) / 1000
    const usage = await repo.usage(t.id, day)
    console.log(
      `budget: ${RESERVES} reservations by ${WORKERS} workers in ${secs.toFixed(2)} s = ${Math.round(RESERVES / secs)}/s; granted ${granted}, stored ${usage.replies} (budget ${BUDGET})`,
    )
    if (granted !== BUDGET || usage.replies !== BUDGET || Number(rows.n) !== SESSIONS) {
      console.error('FAILED: the budget or the debounce did not hold')
      process.exitCode = 1
    }
  } finally {
    await drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
