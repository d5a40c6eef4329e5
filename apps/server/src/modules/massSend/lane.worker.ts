import {
  DELIVERY_RANK,
  type DeliveryValue,
  FailureReason,
  MassSendAudience,
  MassSendMethod,
  MessageStatus,
  RecipientState,
  vipActive,
} from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { UsersService } from '../users/index.js'
import { AccountLoss, type LaneContext, readiness } from './lane.account.js'
import { LaneGone, type LaneSender, type SendOutcome } from './lane.sender.js'
import type { LaneRow, LanesRepository } from './lanes.repository.js'
import type { TaskLifecycle } from './massSend.lifecycle.js'
import type { TaskCache, TaskPlan } from './massSend.tasks.js'
import { dayKey, dayStart, draw } from './massSend.timing.js'
import type { RecipientsRepository } from './recipients.repository.js'

/** Mass-send engine. */
const system = openSystemScope('modules/massSend/lane.worker')

export interface LaneConfig {
  /** the lease a claimed lane is held under */
  leaseMs: number
  /** an account not ready (logging in, network fault) this long is treated as lost */
  accountMaxWaitMs: number
}

/** The lane's message is still in the outbox: look again shortly (a settled message wakes it sooner). */
const PENDING_RECHECK_MS = 250
const ACCOUNT_RECHECK_MS = 5_000
/** An account under WhatsApp's reach-out time-lock with no known end: try new chats again after this. */
const RESTRICTED_RECHECK_MS = 10 * 60_000
/** Numbers per WhatsApp check (the gateway paces and caches the checks per account). */
const CHECK_BATCH = 20
/** Refusals, checks and waits a step handles before it gives the lane back. */
const MAX_ACTIONS = 20
const WAIT_RECHECK_MIN_MS = 5_000
const WAIT_RECHECK_MAX_MS = 300_000

/** The lane's schedule as a step changes it; written with every change of the lane. */
export interface LaneState {
  busy_recipient_id: number | null
  round_left: number
  next_start_at: number
  day_key: number
  day_count: number
  waiting_since: number | null
  last_message_id: number | null
  last_recipient_id: number | null
}

type Step = 'enqueued' | 'acted' | 'idle'

/**
 * One step of one lane (a task's sends from one WS account), taken under the lane's lease:
 * settle the message in flight, check the tenant and the account, then send at most one message
 * (the next sentence of a due recipient, else the next recipient's first) or record why not.
 * A lane has at most one message in the outbox at a time, so a pause stops it within one
 * message and the account's pacing holds the whole task back, not only the outbox.
 */
export class LaneWorker {
  private vip = new Map<number, boolean>()
  private readonly sender: LaneSender
  private readonly loss: AccountLoss

  constructor(
    private readonly db: Db,
    private readonly recipients: RecipientsRepository,
    private readonly lanes: LanesRepository,
    private readonly tasks: TaskCache,
    private readonly lifecycle: TaskLifecycle,
    private readonly users: UsersService,
    private readonly gateway: MessagingGateway,
    sender: LaneSender,
    private readonly cfg: LaneConfig,
    private readonly owner: string,
    private readonly random: () => number,
    private readonly log: Logger,
  ) {
    this.sender = sender
    this.loss = new AccountLoss(recipients, lanes, lifecycle, owner)
  }

  /** A new round of claims: subscriptions are read again. */
  beginTick(): void {
    this.vip = new Map()
  }

  async step(claimed: LaneRow, now: number): Promise<void> {
    const ctx = await this.lanes.systemLaneContext(system, claimed.id)
    if (!ctx) return
    const task = await this.tasks.get(ctx.task_id)
    if (task?.row.status !== 'executing') {
      await this.lanes.systemReleaseLane(system, claimed, this.owner, { active: 0 })
      return
    }
    const lane: LaneState = {
      busy_recipient_id: ctx.busy_recipient_id,
      round_left: ctx.round_left,
      next_start_at: ctx.next_start_at,
      day_key: ctx.day_key,
      day_count: ctx.day_count,
      waiting_since: ctx.waiting_since,
      last_message_id: ctx.last_message_id,
      last_recipient_id: ctx.last_recipient_id,
    }
    try {
      await this.run(claimed, ctx, task, lane, now)
    } catch (err) {
      if (!(err instanceof LaneGone))
        this.log.error({ err, laneId: claimed.id }, 'mass-send lane step failed')
      await this.lanes.systemReleaseLane(system, claimed, this.owner, {
        due_at: now + ACCOUNT_RECHECK_MS,
      })
    }
  }

  private async run(claimed: LaneRow, ctx: LaneContext, task: TaskPlan, lane: LaneState, now: number) {
    const release = (dueAt: number) =>
      this.lanes.systemReleaseLane(system, claimed, this.owner, { ...lane, due_at: dueAt })
    // 1. the message in flight: wait until the outbox settled it, then record its recipient's outcome
    if (lane.last_message_id !== null) {
      if (ctx.message_status === MessageStatus.requested || ctx.message_status === MessageStatus.sending)
        return release(now + PENDING_RECHECK_MS)
      await this.settle(task, lane, ctx, now)
    }
    // one by one: a recipient that ended while a step was cut short no longer holds the lane
    if (lane.busy_recipient_id !== null && ctx.busy_state !== RecipientState.active)
      this.finishBusy(task, lane, lane.busy_recipient_id, now)
    // 2. the tenant: risk control and an expired subscription stop the whole task, never one recipient at a time
    if (ctx.risk_status === 1) {
      await release(now)
      await this.lifecycle.pause(ctx.tenant_id, task.row.id, FailureReason.riskControlLimit, now)
      return
    }
    if (!(await this.vipActive(ctx.tenant_id))) {
      await release(now)
      await this.lifecycle.pause(ctx.tenant_id, task.row.id, FailureReason.platformLimit, now)
      return
    }
    // 3. the account
    const ready = readiness(ctx, lane.waiting_since, now, this.cfg.accountMaxWaitMs)
    if (ready.state === 'lost') {
      await this.loss.handle(claimed, task, lane, ready.reason, now)
      return
    }
    if (ready.state === 'waiting') {
      lane.waiting_since ??= now
      return release(now + ACCOUNT_RECHECK_MS)
    }
    lane.waiting_since = null
    // 4. the work: at most one message, after any number of refusals up to MAX_ACTIONS
    for (let i = 0; i < MAX_ACTIONS; i++) {
      let did: Step
      try {
        did = await this.next(claimed, ctx, task, lane, now)
      } catch (err) {
        if (isGatewayError(err) && err.code === 'not_connected') {
          lane.waiting_since ??= now
          return release(now + ACCOUNT_RECHECK_MS)
        }
        throw err
      }
      // the lane went back with the message, in its transaction
      if (did === 'enqueued') return
      if (did === 'idle') break
    }
    // 5. when to look again, or the lane is finished
    const open = await this.recipients.systemOpenCounts(system, task.row.id, claimed.account_id)
    if (open.pending === 0 && open.active === 0 && lane.last_message_id === null) {
      await this.lanes.systemReleaseLane(system, claimed, this.owner, { ...lane, done: 1, active: 0 })
      await this.lifecycle.completeIfDone(task.row, now)
      return
    }
    const nextDue = await this.recipients.systemNextDue(system, task.row.id, claimed.account_id)
    const canStart = open.pending > 0 && !(task.oneByOne && lane.busy_recipient_id !== null)
    const times = [nextDue, canStart ? lane.next_start_at : null].filter((t): t is number => t !== null)
    return release(times.length ? Math.max(Math.min(...times), now) : now + ACCOUNT_RECHECK_MS)
  }

  /**
   * The lane's last message left the outbox: its recipient is sent (the last sentence) or failed.
   * The lane's own change is written with the step's next write of the lane.
   */
  private async settle(task: TaskPlan, lane: LaneState, ctx: LaneContext, now: number) {
    const rid = lane.last_recipient_id
    lane.last_message_id = null
    lane.last_recipient_id = null
    // WhatsApp refused a new chat (the reach-out time-lock): no new chat from this number for a
    // while, whether or not the account's restriction has reached the database yet
    if (
      ctx.message_status === MessageStatus.failed &&
      ctx.message_failure === FailureReason.wsSendLimitReached
    )
      lane.next_start_at = Math.max(lane.next_start_at, now + RESTRICTED_RECHECK_MS)
    if (rid !== null && ctx.last_state === RecipientState.active) {
      let end: Partial<{ state: string; failure_reason: string | null }> | null = null
      if (ctx.message_id === null)
        end = { state: RecipientState.failed, failure_reason: FailureReason.invalidCustomer }
      else if (ctx.message_status === MessageStatus.failed)
        end = {
          state: RecipientState.failed,
          failure_reason: ctx.message_failure ?? FailureReason.platformLimit,
        }
      else if (ctx.message_status === MessageStatus.withdrawn) end = { state: RecipientState.stopped }
      else if ((ctx.last_next_sentence ?? 0) >= task.sentences.length) end = { state: RecipientState.sent }
      if (end) {
        await this.recipients.systemUpdate(system, this.db, rid, [RecipientState.active], {
          ...end,
          due_at: null,
          finished_at: now,
          updated_at: now,
        })
        this.finishBusy(task, lane, rid, now)
      }
    }
  }

  /** One-by-one: the recipient in hand is finished; a full round rests the customer interval. */
  finishBusy(task: TaskPlan, lane: LaneState, recipientId: number, now: number): void {
    if (!task.oneByOne || lane.busy_recipient_id !== recipientId) return
    lane.busy_recipient_id = null
    this.countRound(task, lane, now)
  }

  private countRound(task: TaskPlan, lane: LaneState, now: number): void {
    lane.round_left -= 1
    if (lane.round_left > 0) {
      lane.next_start_at = now
      return
    }
    const row = task.row
    lane.next_start_at = now + draw(row.customer_min, row.customer_max, this.random) * 1000
    lane.round_left = draw(row.count_min, row.count_max, this.random)
  }

  private async next(
    claimed: LaneRow,
    ctx: LaneContext,
    task: TaskPlan,
    lane: LaneState,
    now: number,
  ): Promise<Step> {
    const row = task.row
    // one by one, only the recipient holding the lane can be active
    const due =
      task.oneByOne && lane.busy_recipient_id === null
        ? undefined
        : await this.recipients.systemDueActive(system, row.id, claimed.account_id, now)
    if (due) {
      const later = (at: number, extra: { recheck_ms?: number } = {}) =>
        this.recipients.systemUpdate(system, this.db, due.id, [RecipientState.active], {
          due_at: at,
          ...extra,
          updated_at: now,
        })
      if (due.next_at !== null && now < due.next_at) {
        await later(due.next_at)
        return 'acted'
      }
      if (due.message_status === MessageStatus.requested || due.message_status === MessageStatus.sending) {
        await later(now + PENDING_RECHECK_MS)
        return 'acted'
      }
      const needed: DeliveryValue | null =
        row.method === MassSendMethod.afterRead
          ? 'read'
          : row.method === MassSendMethod.afterReply
            ? 'replied'
            : null
      const got = (due.message_delivery ?? 'none') as DeliveryValue
      if (needed && DELIVERY_RANK.indexOf(got) < DELIVERY_RANK.indexOf(needed)) {
        if (due.wait_until !== null && now >= due.wait_until) {
          await this.recipients.systemUpdate(system, this.db, due.id, [RecipientState.active], {
            state: RecipientState.stopped,
            due_at: null,
            finished_at: now,
            updated_at: now,
          })
          return 'acted'
        }
        const recheck = Math.min(WAIT_RECHECK_MAX_MS, Math.max(WAIT_RECHECK_MIN_MS, due.recheck_ms * 2))
        await later(Math.min(due.wait_until ?? now + recheck, now + recheck), { recheck_ms: recheck })
        return 'acted'
      }
      const outcome = await this.sender.send(
        claimed,
        ctx,
        task,
        lane,
        due,
        due.next_sentence,
        now,
        () => undefined,
      )
      return this.sent(outcome, task, lane, due.id, now)
    }
    // a new recipient: one at a time one by one, within the round, the daily cap and the time-lock
    if (task.oneByOne && lane.busy_recipient_id !== null) return 'idle'
    if (now < lane.next_start_at) return 'idle'
    const today = dayKey(now, row.utc_offset)
    if (lane.day_key !== today) {
      lane.day_key = today
      lane.day_count = 0
    }
    if (row.daily_cap > 0 && lane.day_count >= row.daily_cap) {
      lane.next_start_at = dayStart(today + 1, row.utc_offset)
      return 'idle'
    }
    const strangers = row.audience === MassSendAudience.strangers
    const until = ctx.account_restricted_until
    if (strangers && until !== null && (until === 0 || until > now)) {
      lane.next_start_at = until === 0 ? now + RESTRICTED_RECHECK_MS : until
      return 'idle'
    }
    const r = await this.recipients.systemNextPending(system, row.id, claimed.account_id)
    if (!r) return 'idle'
    if (strangers && r.on_whatsapp === null) {
      await this.check(row.id, claimed.account_id, now)
      return 'acted'
    }
    const outcome = await this.sender.send(claimed, ctx, task, lane, r, 0, now, (next) =>
      this.started(task, next, r.id, now),
    )
    return this.sent(outcome, task, lane, r.id, now)
  }

  /** After a send or a refusal: a refused one-by-one recipient frees the lane. */
  private sent(
    outcome: SendOutcome,
    task: TaskPlan,
    lane: LaneState,
    recipientId: number,
    now: number,
  ): Step {
    if (outcome === 'enqueued') return 'enqueued'
    this.finishBusy(task, lane, recipientId, now)
    return 'acted'
  }

  /** Ask WhatsApp about the lane's next strangers (paced and cached by the gateway); those not on it are invalid customers. */
  private async check(taskId: number, accountId: number, now: number): Promise<void> {
    const batch = await this.recipients.systemUnchecked(system, taskId, accountId, CHECK_BATCH)
    const phones = batch.flatMap((r) => (r.phone ? [r.phone] : []))
    const found = new Set(
      (await this.gateway.checkNumbers(String(accountId), phones))
        .filter((c) => c.exists)
        .map((c) => c.phone),
    )
    const on = batch.filter((r) => r.phone && found.has(r.phone)).map((r) => r.id)
    const off = batch.filter((r) => !r.phone || !found.has(r.phone)).map((r) => r.id)
    await this.recipients.systemSetChecked(system, on, true, FailureReason.invalidCustomer, now)
    await this.recipients.systemSetChecked(system, off, false, FailureReason.invalidCustomer, now)
  }

  /** A recipient's first sentence is queued: it counts for the day; one by one it holds the lane, else it counts for the round. */
  private started(task: TaskPlan, lane: LaneState, recipientId: number, now: number): void {
    lane.day_count += 1
    if (task.oneByOne) lane.busy_recipient_id = recipientId
    else this.countRound(task, lane, now)
  }

  private async vipActive(tenantId: number): Promise<boolean> {
    let active = this.vip.get(tenantId)
    if (active === undefined) {
      active = vipActive((await this.users.tenantValidity(tenantId))[1])
      this.vip.set(tenantId, active)
    }
    return active
  }
}
