import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { dialectOf } from '../db/dialect.js'
import type { Database, Db } from '../db/index.js'

/** How long a consumer's claim on its cursor lasts without renewal (a crashed holder frees it after this). */
const CURSOR_LEASE_MS = 30_000
/** Messages read per round. */
const BATCH = 200
/**
 * On PostgreSQL inbound lanes commit in parallel, so a message may become visible after a newer
 * one: a message is consumed only once it is this old, so the watermark never passes one still
 * being committed. SQLite commits one writer at a time, in id order.
 */
const PG_SETTLE_MS = 1_000
/** A message whose work keeps failing is skipped after this many tries (it must not stall the rest). */
const TRIES = 3

/** The table work of one durable consumer: its watermark row and the messages past it. */
export interface CursorStore<M extends { id: number }> {
  /** Take or renew the claim; the watermark when this owner holds it, else null. */
  claim(owner: string, now: number, until: number): Promise<number | null>
  /** Give the claim up (shutdown). */
  release(owner: string): Promise<void>
  /** Messages past `after`, oldest first, stored no later than `storedBy`. */
  pending(after: number, limit: number, storedBy: number): Promise<M[]>
  /** Move the watermark from `from` to `to`, only if it is still `from` and held by `owner`. */
  advance(q: Kysely<Database>, owner: string, from: number, to: number): Promise<boolean>
}

/** Run the work's effects in `tx` together with the watermark's move past the message. */
export type Commit = <R>(work: (tx: Kysely<Database>) => Promise<R>) => Promise<R>

/** The work of a whole batch at once: `commit` runs its effects with the watermark's move past the batch's last message. */
export interface BatchWork<M> {
  batch(messages: M[], commit: Commit): Promise<void>
}

/** Thrown inside a commit when the watermark moved under us: the effects are rolled back. */
class CursorLost extends Error {}

/**
 * A consumer of stored messages that survives a crash: it works through the messages table past
 * its watermark. The work of a message commits in one transaction with the watermark's move past
 * it, and the move is a compare-and-set, so a message is never done twice (not even by two
 * processes) nor skipped. The inbound event only wakes it; on start it catches up.
 */
export class InboundCursor<M extends { id: number }> {
  private readonly owner = randomUUID()
  private running: Promise<void> | null = null
  /** woken during a round: wake again after it */
  private again = false
  /** a round asked for during a round: run it right after */
  private againNow = false
  private stopped = false
  private timer: NodeJS.Timeout | null = null
  /** the pending timer waits for messages to settle (not for a retry or another holder's claim) */
  private settling = false
  private failures = new Map<number, number>()
  private readonly settleMs: number

  constructor(
    private readonly db: Db,
    private readonly store: CursorStore<M>,
    private readonly work: ((m: M, commit: Commit) => Promise<void>) | BatchWork<M>,
    private readonly log: Logger,
    settleMs?: number,
    /** before the work of a batch: what the batch's messages need, read once for all of them */
    private readonly prepare?: (batch: M[]) => Promise<void>,
  ) {
    this.settleMs = settleMs ?? (dialectOf(db as never) === 'postgres' ? PG_SETTLE_MS : 0)
  }

  /** Catch up from the watermark and follow new messages. */
  start(): void {
    this.stopped = false
    this.run()
  }

  /** Finish the round under way and give the claim up; messages stored meanwhile wait for the next start. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.settled()
    await this.store.release(this.owner).catch(() => undefined)
  }

  /**
   * New messages were stored: run a round (never blocks the caller). A message is consumed only
   * once settled, so with a settle time a round is due when the new message has settled; a round
   * already due for settling messages takes it too, and a busy inbound path costs one round per
   * settle time instead of one per message.
   */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.settleMs > 0 && (!this.timer || this.settling)) {
      this.later(this.settleMs, true)
      return
    }
    this.run()
  }

  /** A round now, or right after the one under way. */
  private run(): void {
    if (this.stopped) return
    if (this.running) {
      this.againNow = true
      return
    }
    this.running = this.round()
      .catch((err) => this.log.error({ err }, 'inbound consumer round failed'))
      .finally(() => {
        this.running = null
        if (this.againNow) {
          this.againNow = this.again = false
          this.run()
        } else if (this.again) {
          this.again = false
          this.wake()
        }
      })
  }

  /** Resolves once every message stored so far has been consumed (or another process holds the claim). */
  async settled(): Promise<void> {
    for (;;) {
      while (this.running) await this.running
      if (this.stopped || !this.timer || !this.settling) return
      // messages still settling: wait for the round they scheduled
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  private later(ms: number, settling = false): void {
    if (this.timer || this.stopped) return
    this.settling = settling
    this.timer = setTimeout(() => {
      this.timer = null
      this.settling = false
      this.run()
    }, ms)
    this.timer.unref?.()
  }

  private async round(): Promise<void> {
    let at = await this.store.claim(this.owner, Date.now(), Date.now() + CURSOR_LEASE_MS)
    if (at === null) {
      // another process consumes; look again when its claim could have lapsed
      this.later(CURSOR_LEASE_MS)
      return
    }
    while (!this.stopped) {
      const now = Date.now()
      const batch = await this.store.pending(at, BATCH, now - this.settleMs)
      if (batch.length === 0) break
      await this.prepare?.(batch)
      if (typeof this.work !== 'function') {
        const moved = await this.wholeBatch(this.work, batch, at)
        if (moved === null) return
        at = moved
        if (batch.length < BATCH) break
        at = (await this.store.claim(this.owner, Date.now(), Date.now() + CURSOR_LEASE_MS)) ?? -1
        if (at < 0) return
        continue
      }
      const work = this.work
      let committed = at
      let lost = false
      for (const m of batch) {
        const commit: Commit = (work) =>
          this.db.transaction().execute(async (tx) => {
            const r = await work(tx)
            if (!(await this.store.advance(tx, this.owner, committed, m.id))) throw new CursorLost()
            return r
          })
        try {
          await work(m, async (w) => {
            const r = await commit(w)
            committed = m.id
            return r
          })
          this.failures.delete(m.id)
        } catch (err) {
          if (err instanceof CursorLost) {
            lost = true
            break
          }
          const tries = (this.failures.get(m.id) ?? 0) + 1
          this.failures.set(m.id, tries)
          if (tries < TRIES) {
            this.log.warn({ err, messageId: m.id }, 'inbound consumer will retry a message')
            // keep what is done; retry this message in a later round
            await this.moveTo(committed, prevOf(batch, m, at))
            this.later(1_000)
            return
          }
          this.failures.delete(m.id)
          this.log.error({ err, messageId: m.id }, 'inbound consumer skipped a message that kept failing')
        }
      }
      if (lost) {
        this.run()
        return
      }
      const last = batch[batch.length - 1].id
      if (!(await this.moveTo(committed, last))) return
      at = last
      if (batch.length < BATCH) break
      at = (await this.store.claim(this.owner, Date.now(), Date.now() + CURSOR_LEASE_MS)) ?? -1
      if (at < 0) return
    }
    // a message newer than the settle time is picked up once settled
    if (this.settleMs > 0) {
      const recent = await this.store.pending(at, 1, Date.now())
      if (recent.length > 0) this.later(this.settleMs, true)
    }
  }

  /**
   * A batch's work in one transaction with the watermark's move past its last message: the new
   * watermark, or null when this round ends (the watermark moved under us, or the work failed and
   * is tried again in a later round; a batch that keeps failing is skipped, like a message).
   */
  private async wholeBatch(work: BatchWork<M>, batch: M[], at: number): Promise<number | null> {
    const last = batch[batch.length - 1].id
    try {
      await work.batch(batch, (w) =>
        this.db.transaction().execute(async (tx) => {
          const r = await w(tx)
          if (!(await this.store.advance(tx, this.owner, at, last))) throw new CursorLost()
          return r
        }),
      )
      this.failures.delete(last)
      return last
    } catch (err) {
      if (err instanceof CursorLost) {
        this.run()
        return null
      }
      const tries = (this.failures.get(last) ?? 0) + 1
      this.failures.set(last, tries)
      if (tries < TRIES) {
        this.log.warn({ err, through: last }, 'inbound consumer will retry a batch')
        this.later(1_000)
        return null
      }
      this.failures.delete(last)
      this.log.error({ err, through: last }, 'inbound consumer skipped a batch that kept failing')
      return (await this.moveTo(at, last)) ? last : null
    }
  }

  private async moveTo(from: number, to: number): Promise<boolean> {
    if (from === to) return true
    return this.store.advance(this.db, this.owner, from, to)
  }
}

/** The id just before `m` in the batch (the watermark when `m` is the first). */
function prevOf<M extends { id: number }>(batch: M[], m: M, at: number): number {
  const i = batch.indexOf(m)
  return i <= 0 ? at : batch[i - 1].id
}
