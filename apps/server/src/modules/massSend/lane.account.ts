import { AbnormalReason, AccountState, FailureReason, MassSendAudience, RecipientState } from '@app/core'
import { openSystemScope } from '../../db/system-scope.js'
import type { LaneState } from './lane.worker.js'
import type { LaneRow, LanesRepository } from './lanes.repository.js'
import type { TaskLifecycle } from './massSend.lifecycle.js'
import type { TaskPlan } from './massSend.tasks.js'
import type { RecipientsRepository } from './recipients.repository.js'

/** Mass-send engine. */
const system = openSystemScope('modules/massSend/lane.account')

export type LaneContext = NonNullable<Awaited<ReturnType<LanesRepository['systemLaneContext']>>>

type Readiness = { state: 'ready' } | { state: 'waiting' } | { state: 'lost'; reason: string }

/** Pending strangers moved per statement when a number is lost. */
const MOVE_BATCH = 500

/**
 * Whether a lane's account can send: online; lost for good (banned: WS ban; deleted, logged out
 * or the device removed: account status); or not ready for now (logging in, a network fault,
 * pushed out), which counts as lost once it has lasted `maxWaitMs`.
 */
export function readiness(
  ctx: LaneContext,
  waitingSince: number | null,
  now: number,
  maxWaitMs: number,
): Readiness {
  if (ctx.account_status === AccountState.banned) return { state: 'lost', reason: FailureReason.wsBan }
  if (ctx.account_deleted_at !== null) return { state: 'lost', reason: FailureReason.accountStatus }
  if (ctx.account_status === AccountState.online) return { state: 'ready' }
  const loggedOut =
    (ctx.account_status === AccountState.offline && ctx.account_linked === 0) ||
    ctx.account_abnormal === AbnormalReason.deviceRemoved
  if (loggedOut) return { state: 'lost', reason: FailureReason.accountStatus }
  if (waitingSince !== null && now - waitingSince > maxWaitMs)
    return { state: 'lost', reason: FailureReason.accountStatus }
  return { state: 'waiting' }
}

/**
 * A sending number was lost mid-task. Its recipients in the middle of their sentences fail with
 * the reason (their chat is with that number). Its strangers not reached yet move to the task's
 * other numbers that can still send, spread evenly in order; customers and groups belong to the
 * lost number, so they fail, as do strangers with nowhere to go. The log states it.
 */
export class AccountLoss {
  constructor(
    private readonly recipients: RecipientsRepository,
    private readonly lanes: LanesRepository,
    private readonly lifecycle: TaskLifecycle,
    private readonly owner: string,
  ) {}

  async handle(
    claimed: LaneRow,
    task: TaskPlan,
    lane: LaneState,
    reason: string,
    now: number,
  ): Promise<void> {
    const row = task.row
    const account = claimed.account_id
    let failed = await this.recipients.systemFailOpen(
      system,
      row.id,
      account,
      [RecipientState.active],
      reason,
      now,
    )
    let moved = 0
    const targets =
      row.audience === MassSendAudience.strangers
        ? await this.lanes.systemLiveLanes(system, row.id, account)
        : []
    if (targets.length) {
      let turn = 0
      for (;;) {
        const ids = await this.recipients.systemPendingIds(system, row.id, account, MOVE_BATCH)
        if (!ids.length) break
        const shares = targets.map(() => [] as number[])
        for (const id of ids) shares[turn++ % targets.length]?.push(id)
        for (const [i, share] of shares.entries())
          await this.recipients.systemMove(system, share, account, targets[i]?.account_id ?? account, now)
        moved += ids.length
      }
      await this.lanes.systemReopenLanes(
        system,
        targets.map((t) => t.id),
        row.status === 'executing',
        now,
      )
    } else {
      failed += await this.recipients.systemFailOpen(
        system,
        row.id,
        account,
        [RecipientState.pending],
        reason,
        now,
      )
    }
    await this.lanes.systemReleaseLane(system, claimed, this.owner, {
      ...lane,
      busy_recipient_id: null,
      done: 1,
      active: 0,
    })
    await this.lifecycle.note(row, 'account_lost', now, {
      accountId: account,
      count: moved + failed,
      reason,
      toAccountIds: moved ? targets.map((t) => t.account_id) : [],
    })
    await this.lifecycle.completeIfDone(row, now)
  }
}
