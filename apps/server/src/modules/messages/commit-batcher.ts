import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'

/** A unit of work: writes in the given transaction, returns what to do once it has committed. */
export type Job<R> = (tx: Kysely<Database>) => Promise<R>

interface Pending<R> {
  job: Job<R>
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
  ) {
    this.lanes = Array.from({ length: Math.max(1, lanes) }, () => ({ queue: [], flushing: false }))
  }

  run<R>(job: Job<R>, key = 0): Promise<R> {
    const lane = this.lanes[Math.abs(key) % this.lanes.length]
    return new Promise<R>((resolve, reject) => {
      lane.queue.push({ job, resolve, reject } as Pending<unknown>)
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
          results = await this.db.transaction().execute(async (tx) => {
            const out: unknown[] = []
            for (const p of batch) out.push(await p.job(tx))
            return out
          })
        } catch (err) {
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
      p.resolve(await this.db.transaction().execute((tx) => p.job(tx)))
    } catch (err) {
      p.reject(err)
    }
  }
}
