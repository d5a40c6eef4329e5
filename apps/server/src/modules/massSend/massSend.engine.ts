import { MassSendStatus, MessageStatus } from '@app/core'
import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { LaneWorker } from './lane.worker.js'
import type { LanesRepository } from './lanes.repository.js'
import type { TaskLifecycle } from './massSend.lifecycle.js'
import type { Preparer } from './massSend.prepare.js'
import type { MassSendProgress } from './massSend.progress.js'
import type { MassSendRepository } from './massSend.repository.js'
import type { TaskCache } from './massSend.tasks.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/massSend/massSend.engine')

export interface MassSendEngineConfig {
  pollMs: number
  leaseMs: number
  /** lanes claimed per round */
  batch: number
  /** counters of running tasks are recomputed at most this often */
  countersEveryMs: number
}

/** Preparation batches per round (each one task's batch, or a task made ready). */
const PREPARE_PER_ROUND = 5
/** Counters of tasks finished within a day are refreshed this often (late receipts and replies). */
const FINISHED_COUNTERS_MS = 60_000
/** Settled messages remembered between rounds to wake their lanes (more are found by the lanes' own rechecks). */
const WAKE_MAX = 5_000

/**
 * The mass-send engine. Each round: wake the lanes whose message settled or whose recipient read
 * or replied (told by this process's realtime events; other processes' lanes find out on their
 * own due time), prepare one batch of one task, run tasks whose appointment came, step the due
 * lanes of executing tasks under leases, and refresh the counters of running tasks. Every wait is
 * a due time in the database: the engine keeps nothing that a restart would need.
 */
export class MassSendEngine implements Engine {
  readonly name = 'mass-send'
  /** the engine's clock: tests move it to pass intervals without waiting */
  now: () => number = () => Date.now()
  private readonly loop: EngineLoop
  private woken = new Set<number>()
  private timer: NodeJS.Timeout | null = null
  /** how long the last counters refresh took */
  private countingMs = 0

  constructor(
    private readonly tasks: MassSendRepository,
    private readonly lanes: LanesRepository,
    private readonly cache: TaskCache,
    private readonly preparer: Preparer,
    private readonly lifecycle: TaskLifecycle,
    private readonly worker: LaneWorker,
    private readonly progress: MassSendProgress,
    private readonly cfg: MassSendEngineConfig,
    private readonly log: Logger,
    /** who holds the leases this process takes (lanes and preparations) */
    readonly owner: string,
  ) {
    this.loop = new EngineLoop('mass-send', cfg.pollMs, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }
  wake(): void {
    this.loop.wake()
  }
  stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    return this.loop.stop()
  }

  /** A message changed: a settled one frees its lane, a read or reply may let its recipient go on. */
  noteMessage(e: { id: number; status: string; delivery: string }): void {
    const settled = e.status === MessageStatus.sent || e.status === MessageStatus.failed
    if (!settled && e.delivery !== 'read' && e.delivery !== 'replied') return
    if (this.woken.size < WAKE_MAX) this.woken.add(e.id)
    this.loop.wake()
  }

  /** One round; true when there may be more to do at once. */
  async tick(): Promise<boolean> {
    const now = this.now()
    this.cache.clear()
    this.worker.beginTick()
    if (this.woken.size) {
      const ids = [...this.woken]
      this.woken = new Set()
      for (let i = 0; i < ids.length; i += 500)
        await this.lanes.systemWakeLanes(system, ids.slice(i, i + 500), now)
    }
    let prepared = false
    for (let i = 0; i < PREPARE_PER_ROUND; i++) {
      const more = await this.preparer.prepareOne(now).catch((err: unknown) => {
        this.log.error({ err }, 'mass-send preparation failed')
        return false
      })
      if (!more) break
      prepared = true
    }
    for (const t of await this.tasks.systemDueAppointments(system, now))
      await this.lifecycle.run(t.tenant_id, t.id, MassSendStatus.pending, now)
    const lanes = await this.lanes.systemClaimLanes(system, this.owner, now, this.cfg.leaseMs, this.cfg.batch)
    await Promise.all(lanes.map((lane) => this.worker.step(lane, now)))
    await this.refreshCounters(now)
    return prepared || lanes.length === this.cfg.batch || (await this.timeNext())
  }

  /**
   * Counters of running tasks, at most every `countersEveryMs`, and never more than a tenth of the
   * time: a task of 100,000 recipients takes a while to count and must not slow its own sends.
   */
  private async refreshCounters(now: number): Promise<void> {
    const every = Math.max(this.cfg.countersEveryMs, this.countingMs * 10)
    for (const t of await this.tasks.systemCountersDue(system, now, every, FINISHED_COUNTERS_MS)) {
      const started = Date.now()
      await this.progress.refresh(t.tenant_id, t.id)
      this.countingMs = Date.now() - started
    }
  }

  /**
   * Wake exactly when the next lane is due (an interval ends, an appointment comes), not at the
   * next poll: timed sends keep their time. True when one is due already.
   */
  private async timeNext(): Promise<boolean> {
    const times = [await this.lanes.systemNextLaneAt(system), await this.tasks.systemNextAppointment(system)]
    const due = times.filter((t): t is number => t !== null)
    if (!due.length) return false
    const at = Math.min(...due)
    const wait = at - this.now()
    if (wait <= 0) return true
    if (wait < this.cfg.pollMs) {
      if (this.timer) clearTimeout(this.timer)
      this.timer = setTimeout(() => this.loop.wake(), wait)
      this.timer.unref()
    }
    return false
  }
}
