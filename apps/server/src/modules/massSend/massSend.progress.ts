import {
  type FailureReasonValue,
  type MassSendCounters,
  type MassSendProgressEvent,
  type MassSendStatusValue,
  RecipientState,
} from '@app/core'
import type { RealtimeHub } from '../../realtime/hub.js'
import { userRooms } from '../../realtime/rooms.js'
import type { UsersService } from '../users/index.js'
import type { MassSendRepository, TaskRow } from './massSend.repository.js'
import type { RecipientLogQuery } from './recipient-log.query.js'

export const ZERO_COUNTERS: MassSendCounters = {
  total: 0,
  remaining: 0,
  pending: 0,
  active: 0,
  sent: 0,
  failed: 0,
  failedByReason: {},
  stopped: 0,
  cancelled: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  messagesSent: 0,
}

/** How long the tenant's supervisors are remembered for the progress rooms. */
const SUPERVISORS_TTL_MS = 60_000

/**
 * A task's counters, computed from its recipients and their messages (the rows the log shows, so
 * the two always agree), stored on the task for the list and pushed to the rooms of the people
 * who may read the task: its owner, its creator and the tenant's supervisors.
 */
export class MassSendProgress {
  private readonly supervisors = new Map<number, { ids: number[]; at: number }>()

  constructor(
    private readonly tasks: MassSendRepository,
    private readonly log: RecipientLogQuery,
    private readonly users: UsersService,
    private readonly hub: RealtimeHub,
  ) {}

  async compute(tenantId: number, taskId: number): Promise<MassSendCounters> {
    const c: MassSendCounters = { ...ZERO_COUNTERS, failedByReason: {} }
    for (const row of await this.log.stateCounts(tenantId, taskId)) {
      const n = Number(row.n)
      c.total += n
      switch (row.state) {
        case RecipientState.pending:
          c.pending += n
          break
        case RecipientState.active:
          c.active += n
          break
        case RecipientState.sent:
          c.sent += n
          break
        case RecipientState.stopped:
          c.stopped += n
          break
        case RecipientState.cancelled:
          c.cancelled += n
          break
        case RecipientState.failed: {
          c.failed += n
          const reason = (row.failure_reason ?? 'platform_limit') as FailureReasonValue
          c.failedByReason[reason] = (c.failedByReason[reason] ?? 0) + n
          break
        }
      }
    }
    c.remaining = c.pending + c.active
    for (const d of await this.log.deliveryCounts(tenantId, taskId)) {
      c.messagesSent += d.sent
      if (d.rank >= 1) c.delivered += d.recipients
      if (d.rank >= 2) c.read += d.recipients
      if (d.rank >= 3) c.replied += d.recipients
    }
    return c
  }

  /** Compute, store and (when anything changed) push a task's progress. */
  async refresh(tenantId: number, taskId: number, force = false): Promise<MassSendCounters | undefined> {
    const task = await this.tasks.get(tenantId, taskId)
    if (!task) return undefined
    const counters = await this.compute(tenantId, taskId)
    const json = JSON.stringify(counters)
    await this.tasks.setCounters(tenantId, taskId, json, Date.now())
    if (force || json !== task.counters) await this.publish(task, counters)
    return counters
  }

  /** Push a task's status and counters to whoever may read it. */
  async publish(task: TaskRow, counters: MassSendCounters = JSON.parse(task.counters)): Promise<void> {
    const event: MassSendProgressEvent = {
      taskId: task.id,
      status: task.status as MassSendStatusValue,
      pauseReason: task.pause_reason as FailureReasonValue | null,
      counters,
      updatedAt: Date.now(),
    }
    const rooms = userRooms(
      task.owner_user_id,
      task.created_by,
      ...(await this.supervisorsOf(task.tenant_id)),
    )
    this.hub.emit(rooms, 'massSend.progress', event)
  }

  private async supervisorsOf(tenantId: number): Promise<number[]> {
    const hit = this.supervisors.get(tenantId)
    if (hit && Date.now() - hit.at < SUPERVISORS_TTL_MS) return hit.ids
    const ids = await this.users.supervisorIds(tenantId)
    this.supervisors.set(tenantId, { ids, at: Date.now() })
    return ids
  }
}
