import {
  type MassSendEventKindValue,
  MassSendFailReason,
  MassSendStatus,
  type MassSendStatusValue,
} from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { EventBus } from '../../events/bus.js'
import type { LanesRepository } from './lanes.repository.js'
import type { MassSendProgress } from './massSend.progress.js'
import type { MassSendRepository, TaskRow } from './massSend.repository.js'
import { draw } from './massSend.timing.js'
import type { RecipientsRepository } from './recipients.repository.js'

/** Mass-send engine. */
const system = openSystemScope('modules/massSend/massSend.lifecycle')

type Q = Kysely<Database>
const S = MassSendStatus

/**
 * A task's status changes, each with its log entry, its lanes switched on or off and its progress
 * pushed: the same for a user's action and for the engine (an appointment that came, a pause by
 * risk control, the last recipient done).
 */
export class TaskLifecycle {
  constructor(
    private readonly db: Db,
    private readonly tasks: MassSendRepository,
    private readonly recipients: RecipientsRepository,
    private readonly lanes: LanesRepository,
    private readonly progress: MassSendProgress,
    private readonly random: () => number,
    /** where a task that ended (completed, terminated, failed) is announced to the other modules */
    private readonly events?: Pick<EventBus, 'publish'>,
  ) {}

  private ended(tenantId: number, taskId: number, status: MassSendStatusValue, at: number): void {
    void this.events?.publish('massSend.finished', { tenantId, taskId, status, at })
  }

  event(
    q: Q,
    task: { id: number; tenant_id: number },
    kind: MassSendEventKindValue,
    at: number,
    extra: {
      accountId?: number | null
      count?: number
      reason?: string | null
      toAccountIds?: number[]
    } = {},
  ): Promise<void> {
    return this.tasks.addEvent(q, {
      tenant_id: task.tenant_id,
      task_id: task.id,
      kind,
      account_id: extra.accountId ?? null,
      count: extra.count ?? 0,
      reason: extra.reason ?? null,
      to_account_ids: JSON.stringify(extra.toAccountIds ?? []),
      at,
    })
  }

  /** A log entry of its own, outside any status change (a lost account). */
  note(
    task: { id: number; tenant_id: number },
    kind: MassSendEventKindValue,
    at: number,
    extra: {
      accountId?: number | null
      count?: number
      reason?: string | null
      toAccountIds?: number[]
    } = {},
  ): Promise<void> {
    return this.event(this.db, task, kind, at, extra)
  }

  /** The audience is built: one lane per sending account, then run now or wait for the appointment; nobody to send to fails the task. */
  async finishPreparation(task: TaskRow, now: number): Promise<void> {
    const done = await this.db.transaction().execute(async (tx) => {
      const perAccount = await this.recipients.systemPerAccount(system, tx, task.id)
      const total = perAccount.reduce((n, r) => n + Number(r.n), 0)
      if (total === 0) {
        const failed = await this.tasks.transition(tx, task.tenant_id, task.id, [S.preparing], {
          status: S.failed,
          fail_reason: MassSendFailReason.emptyAudience,
          finished_at: now,
          lease_owner: null,
          lease_until: 0,
        })
        if (failed) await this.event(tx, task, 'failed', now, { reason: MassSendFailReason.emptyAudience })
        if (failed) this.ended(task.tenant_id, task.id, S.failed, now)
        return failed
      }
      const runNow = task.appointment_at === null || task.appointment_at <= now
      const moved = await this.tasks.transition(tx, task.tenant_id, task.id, [S.preparing], {
        status: runNow ? S.executing : S.pending,
        started_at: runNow ? now : null,
        lease_owner: null,
        lease_until: 0,
      })
      if (!moved) return false
      const start = runNow ? now : (task.appointment_at ?? now)
      await this.lanes.insertLanes(
        tx,
        perAccount.map((r) => ({
          tenant_id: task.tenant_id,
          task_id: task.id,
          account_id: r.account_id,
          active: runNow ? 1 : 0,
          due_at: start,
          next_start_at: start,
          round_left: draw(task.count_min, task.count_max, this.random),
          updated_at: now,
        })),
      )
      await this.event(tx, task, 'prepared', now, { count: total })
      if (runNow) await this.event(tx, task, 'started', now)
      return true
    })
    if (done) await this.progress.refresh(task.tenant_id, task.id, true)
  }

  /** Run a task now: `from` pending (start, or its appointment came) or paused (resume). */
  async run(tenantId: number, taskId: number, from: MassSendStatusValue, now: number): Promise<boolean> {
    const ran = await this.db.transaction().execute(async (tx) => {
      const task = await this.tasks.systemGet(system, taskId, tx)
      if (!task || task.tenant_id !== tenantId) return false
      const ok = await this.tasks.transition(tx, tenantId, taskId, [from], {
        status: S.executing,
        pause_reason: null,
        started_at: task.started_at ?? now,
      })
      if (!ok) return false
      await this.lanes.setLanesActive(tx, tenantId, taskId, true, now)
      await this.event(tx, task, from === S.paused ? 'resumed' : 'started', now)
      return true
    })
    if (ran) await this.progress.refresh(tenantId, taskId, true)
    return ran
  }

  /** Pause an executing task, by the user (no reason) or by the server (risk control, VIP expired). */
  async pause(tenantId: number, taskId: number, reason: string | null, now: number): Promise<boolean> {
    const paused = await this.db.transaction().execute(async (tx) => {
      const ok = await this.tasks.transition(tx, tenantId, taskId, [S.executing], {
        status: S.paused,
        pause_reason: reason,
      })
      if (!ok) return false
      await this.lanes.setLanesActive(tx, tenantId, taskId, false, now)
      await this.event(tx, { id: taskId, tenant_id: tenantId }, 'paused', now, { reason })
      return true
    })
    if (paused) await this.progress.refresh(tenantId, taskId, true)
    return paused
  }

  /** Stop for good: the recipients not reached end cancelled. */
  async terminate(tenantId: number, taskId: number, now: number): Promise<boolean> {
    const stopped = await this.db.transaction().execute(async (tx) => {
      const ok = await this.tasks.transition(
        tx,
        tenantId,
        taskId,
        [S.preparing, S.pending, S.executing, S.paused],
        {
          status: S.terminated,
          pause_reason: null,
          finished_at: now,
          lease_owner: null,
          lease_until: 0,
        },
      )
      if (!ok) return false
      await this.lanes.setLanesActive(tx, tenantId, taskId, false, now)
      const count = await this.recipients.cancelOpen(tx, tenantId, taskId, now)
      await this.event(tx, { id: taskId, tenant_id: tenantId }, 'terminated', now, { count })
      return true
    })
    if (stopped) {
      await this.progress.refresh(tenantId, taskId, true)
      this.ended(tenantId, taskId, S.terminated, now)
    }
    return stopped
  }

  /** Every lane of the task has finished: the task is completed. */
  async completeIfDone(task: { id: number; tenant_id: number }, now: number): Promise<void> {
    const completed = await this.db.transaction().execute(async (tx) => {
      if ((await this.lanes.systemOpenLaneCount(system, tx, task.id)) > 0) return false
      const ok = await this.tasks.transition(tx, task.tenant_id, task.id, [S.executing], {
        status: S.completed,
        finished_at: now,
      })
      if (ok) await this.event(tx, task, 'completed', now)
      return ok
    })
    if (completed) {
      await this.progress.refresh(task.tenant_id, task.id, true)
      this.ended(task.tenant_id, task.id, S.completed, now)
    }
  }
}
