import { MessageType, statsDayOf as statsDay } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { systemFirstInboundTimes } from '../messages/index.js'
import {
  DEFAULT_CLOCK,
  foldMessages,
  foldOverdue,
  type OpenTurn,
  RollupDelta,
  type TenantClock,
} from './rollup.fold.js'
import type { RollupRepository } from './rollup.repository.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/statistics/rollup.engine')

/** Raw rows per batch; each batch is one transaction. */
const BATCH = 5_000
/** Batches per round before the engine yields to the next round. */
const BATCHES_PER_ROUND = 40
const LEASE_MS = 60_000

const NOTHING = Promise.resolve<[number, boolean]>([0, false])

/** Thrown in a batch's transaction when another process moved the cursor past it: the counts roll back. */
class CursorMoved extends Error {}

export interface RollupOptions {
  everyMs: number
  /**
   * A row stored less than this long ago waits for the next round, so a row whose transaction
   * commits after a later id's (PostgreSQL) is not passed over by the cursor.
   */
  settleMs: number
  /** raw rows per batch (one transaction each) */
  batch?: number
}

export interface RoundResult {
  messages: number
  sessions: number
  fans: number
  /** waiting turns whose due time passed unanswered, counted as breaches */
  overdue: number
  /** false when another process holds the lease */
  leased: boolean
  /** true when a cursor stopped at its batch limit: more is waiting */
  more: boolean
}

/**
 * Keeps the dashboards' daily rollups: each round walks messages, sessions and customers past
 * their cursors in id order and adds their counts to the days they belong to, in one transaction
 * per batch with the cursor's move, so a crash counts nothing twice and nothing is missed. The
 * work is incremental (the rows are written once and never change their counted fields), so a
 * day is never recounted, and the cost of a round is the new rows only. A lease on the cursor row
 * keeps a second process out; it is renewed before every batch, and each batch's cursor move is
 * conditional on the cursor still standing before the batch, so a process whose lease lapsed
 * mid-round (a stall longer than the lease) rolls its batch back instead of counting it twice.
 */
export class RollupEngine implements Engine {
  readonly name = 'statistics-rollup'
  private readonly loop: EngineLoop
  private readonly owner = `stats-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  private readonly batch: number

  constructor(
    private readonly db: Db,
    private readonly repo: RollupRepository,
    private readonly options: RollupOptions,
    private readonly log: Logger,
    /** tenants' calendars and response targets (the support module's settings) */
    private readonly clocksOf: (tenantIds: number[]) => Promise<Map<number, TenantClock>> = async () =>
      new Map(),
  ) {
    this.batch = options.batch ?? BATCH
    this.loop = new EngineLoop(
      this.name,
      options.everyMs,
      async () => {
        await this.tick()
        return false
      },
      log,
      options.everyMs,
    )
  }

  /** One round at `now`. */
  async tick(now = Date.now()): Promise<RoundResult> {
    const result: RoundResult = { messages: 0, sessions: 0, fans: 0, overdue: 0, leased: false, more: false }
    try {
      if (!(await this.repo.systemLease(system, this.owner, now, LEASE_MS))) return result
      result.leased = true
      const cutoff = now - this.options.settleMs
      let leasedAt = Date.now()
      for (const [key, step] of [
        ['sessions', () => this.sessionsBatch(cutoff)],
        ['fans', () => this.fansBatch(cutoff)],
        ['messages', () => this.messagesBatch(cutoff)],
        // a turn is late unanswered only once every message before its due time is counted
        ['overdue', () => (result.more ? NOTHING : this.overdueBatch(cutoff))],
      ] as const) {
        for (let i = 0; ; i++) {
          if (i === BATCHES_PER_ROUND) {
            result.more = true
            break
          }
          // the lease lasts the whole round, however many batches it takes
          if (Date.now() - leasedAt > LEASE_MS / 3) {
            if (!(await this.repo.systemLease(system, this.owner, Date.now(), LEASE_MS)))
              throw new CursorMoved()
            leasedAt = Date.now()
          }
          const [n, full] = await step()
          result[key] += n
          if (!full) break
        }
      }
      await this.repo.systemRelease(system, this.owner)
    } catch (err) {
      if (err instanceof CursorMoved) this.log.warn('statistics rollup lease taken over; round stopped')
      else this.log.error({ err }, 'statistics rollup round failed')
    }
    return result
  }

  /** Rounds until every cursor has caught up with rows stored before `now` (tests, benchmarks). */
  async catchUp(now = Date.now()): Promise<void> {
    for (;;) {
      const r = await this.tick(now)
      if (!r.leased || !r.more) return
    }
  }

  /** The clocks of the tenants of a batch, read once per batch: a change of settings counts from the next. */
  private async clocks(tenantIds: Iterable<number>): Promise<(tenantId: number) => TenantClock> {
    const clocks = await this.clocksOf([...new Set(tenantIds)])
    return (tenantId) => clocks.get(tenantId) ?? DEFAULT_CLOCK
  }

  private settled<T extends { created_at: number }>(rows: T[], cutoff: number): T[] {
    const i = rows.findIndex((r) => r.created_at > cutoff)
    return i < 0 ? rows : rows.slice(0, i)
  }

  private async messagesBatch(cutoff: number): Promise<[number, boolean]> {
    const fetched = await this.repo.systemMessagesAfter(system, this.batch)
    const rows = this.settled(fetched, cutoff)
    if (!rows.length) return [0, false]
    const sessionIds = [...new Set(rows.map((r) => r.session_id))]
    const clockOf = await this.clocks(rows.map((r) => r.tenant_id))
    // the first customer message tells a first response from a next one, for tenants with targets
    const timed = [...new Set(rows.filter((r) => clockOf(r.tenant_id).targets).map((r) => r.session_id))]
    await this.db.transaction().execute(async (tx) => {
      const firstInbound = timed.length
        ? await systemFirstInboundTimes(system, tx, timed)
        : new Map<number, number>()
      const before = new Map<number, OpenTurn>()
      for (const t of await this.repo.systemOpenTurns(system, sessionIds, tx)) before.set(t.session_id, t)
      const turns = new Map<number, OpenTurn | null>(before)
      const delta = new RollupDelta()
      // an internal note of the desk is neither a message in nor out: the cursor passes it by
      foldMessages(
        rows.filter((r) => r.type !== MessageType.note),
        turns,
        delta,
        { clockOf, firstInbound },
      )
      await this.repo.systemAddDaily(system, tx, [...delta.daily.values()])
      await this.repo.systemSaveTurns(system, tx, turns, before)
      const last = rows[rows.length - 1]
      const { rolled_to } = await this.repo.systemCursor(system, 'messages', tx)
      const newest = Math.max(rolled_to ?? 0, ...rows.map((r) => r.timestamp))
      if (!(await this.repo.systemAdvance(system, tx, 'messages', rows[0].id, last.id, newest)))
        throw new CursorMoved()
    })
    return [rows.length, rows.length === fetched.length && fetched.length === this.batch]
  }

  /** Turns due by `at` and still unanswered: breaches of their owners, each counted once. */
  private async overdueBatch(at: number): Promise<[number, boolean]> {
    const turns = await this.repo.systemOverdueTurns(system, at, this.batch)
    if (!turns.length) return [0, false]
    const clockOf = await this.clocks(turns.map((t) => t.tenant_id))
    const delta = new RollupDelta()
    foldOverdue(turns, delta, clockOf)
    await this.db.transaction().execute(async (tx) => {
      const ids = turns.map((t) => t.session_id)
      if ((await this.repo.systemMarkBreached(system, tx, ids)) !== ids.length) throw new CursorMoved()
      await this.repo.systemAddDaily(system, tx, [...delta.daily.values()])
    })
    return [turns.length, turns.length === this.batch]
  }

  private async sessionsBatch(cutoff: number): Promise<[number, boolean]> {
    const fetched = await this.repo.systemSessionsAfter(system, this.batch)
    const rows = this.settled(fetched, cutoff)
    if (!rows.length) return [0, false]
    const clockOf = await this.clocks(rows.map((r) => r.tenant_id))
    await this.db.transaction().execute(async (tx) => {
      const delta = new RollupDelta()
      for (const s of rows) {
        const day = statsDay(s.created_at, clockOf(s.tenant_id).timeZone)
        delta.dailyOf(s.tenant_id, day, s.account_id, s.agent_id).sessions_opened += 1
      }
      await this.repo.systemAddDaily(system, tx, [...delta.daily.values()])
      if (!(await this.repo.systemAdvance(system, tx, 'sessions', rows[0].id, rows[rows.length - 1].id)))
        throw new CursorMoved()
    })
    return [rows.length, rows.length === fetched.length && fetched.length === this.batch]
  }

  private async fansBatch(cutoff: number): Promise<[number, boolean]> {
    const fetched = await this.repo.systemFansAfter(system, this.batch)
    const rows = this.settled(fetched, cutoff)
    if (!rows.length) return [0, false]
    const clockOf = await this.clocks(rows.map((r) => r.tenant_id))
    await this.db.transaction().execute(async (tx) => {
      await this.repo.systemAddFans(system, tx, rows, (tenantId) => clockOf(tenantId).timeZone)
      if (!(await this.repo.systemAdvance(system, tx, 'fans', rows[0].id, rows[rows.length - 1].id)))
        throw new CursorMoved()
    })
    return [rows.length, rows.length === fetched.length && fetched.length === this.batch]
  }

  /** A round every `everyMs` after the previous one ends. */
  start(): void {
    this.loop.start()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
  }
}
