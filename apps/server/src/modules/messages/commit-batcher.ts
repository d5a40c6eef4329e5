import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database, Db } from '../../db/index.js'
import { retryableCode } from '../../db/retryable.js'

/** A unit of work: writes in the given transaction, returns what to do once it has committed. */
export type Job<R> = (tx: Kysely<Database>) => Promise<R>

/**
 * Work done for several queued items at once (multi-row statements): one result per item, in
 * the items' order. Items queued one after another with the same bulk job run in one call.
 */
type BulkJob<T, R> = (tx: Kysely<Database>, items: T[]) => Promise<R[]>

/** One item of a bulk job, for `CommitBatcher.run`. */
export interface BulkItem<T, R> {
  run: BulkJob<T, R>
  item: T
}

interface Pending<R> {
  job?: Job<R>
  bulk?: BulkItem<unknown, R>
  resolve: (r: R) => void
  reject: (e: unknown) => void
}

interface Lane {
  queue: Pending<unknown>[]
  flushing: boolean
}

/**
 * Runs jobs in shared transactions: whatever queued while the previous commit ran goes into the
 * next one (up to `maxBatch`). A job's promise settles only after its transaction has committed,
 * so nothing is acknowledged before it is durable. When a batch fails, its jobs are retried one
 * per transaction, so one bad job fails alone. Jobs with the same key run in order on one lane;
 * lanes commit in parallel (useful on PostgreSQL's pool; SQLite has one connection, so one lane).
 */
export class CommitBatcher {
  private readonly lanes: Lane[]

  constructor(
    private readonly db: Db,
    lanes = 1,
    private readonly maxBatch = 200,
    /** where a batch that met a deadlock or a busy database (and is tried again job by job) is told */
    private readonly log?: Logger,
  ) {
    this.lanes = Array.from({ length: Math.max(1, lanes) }, () => ({ queue: [], flushing: false }))
  }

  /** Queue a job, or one item of a bulk job (it runs together with the items of that job queued next to it). */
  run<R, T = never>(job: Job<R> | BulkItem<T, R>, key = 0): Promise<R> {
    const lane = this.lanes[Math.abs(key) % this.lanes.length]
    const work = typeof job === 'function' ? { job } : { bulk: job }
    return new Promise<R>((resolve, reject) => {
      lane.queue.push({ ...work, resolve, reject } as Pending<unknown>)
      this.kick(lane)
    })
  }

  private kick(lane: Lane): void {
    if (lane.flushing) return
    lane.flushing = true
    setImmediate(() => void this.flush(lane))
  }

  private async flush(lane: Lane): Promise<void> {
    try {
      while (lane.queue.length > 0) {
        const batch = lane.queue.splice(0, this.maxBatch)
        let results: unknown[]
        try {
          results = await this.db.transaction().execute((tx) => runAll(tx, batch))
        } catch (err) {
          const code = retryableCode(err)
          if (code && batch.length > 1)
            this.log?.warn(
              { err, code, jobs: batch.length },
              'a commit met a deadlock or a busy database; its jobs are tried again one by one',
            )
          if (batch.length === 1) batch[0].reject(err)
          else for (const p of batch) await this.runAlone(p)
          continue
        }
        for (const [i, p] of batch.entries()) p.resolve(results[i])
      }
    } finally {
      lane.flushing = false
      if (lane.queue.length > 0) this.kick(lane)
    }
  }

  private async runAlone(p: Pending<unknown>): Promise<void> {
    try {
      p.resolve(await this.db.transaction().execute(async (tx) => (await runAll(tx, [p]))[0]))
    } catch (err) {
      p.reject(err)
    }
  }
}

/** The batch's work in order; neighbouring items of one bulk job go in one call. */
async function runAll(tx: Kysely<Database>, batch: Pending<unknown>[]): Promise<unknown[]> {
  const out: unknown[] = []
  let i = 0
  while (i < batch.length) {
    const p = batch[i]
    if (p.job) {
      out.push(await p.job(tx))
      i++
      continue
    }
    const run = p.bulk?.run as BulkJob<unknown, unknown>
    let j = i + 1
    while (j < batch.length && batch[j].bulk?.run === run) j++
    const items = batch.slice(i, j).map((b) => b.bulk?.item)
    const results = await run(tx, items)
    if (results.length !== items.length) throw new Error('a bulk job must return one result per item')
    out.push(...results)
    i = j
  }
  return out
}
