import { randomBytes } from 'node:crypto'
import os from 'node:os'
import {
  type ErrorCodeValue,
  FailureReason,
  type FailureReasonValue,
  MessageStatus,
  type RiskRefusal,
  RiskRule,
  SendOrigin,
  SessionType,
  vipActive,
} from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { backoffMs, retryableCode } from '../../db/retryable.js'
import type { OutboxRow } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { LeaseKeeper } from '../../engines/lease-keeper.js'
import type { EventBus } from '../../events/bus.js'
import {
  GatewayError,
  isGatewayError,
  type MessagingGateway,
  toFailureReason,
} from '../../gateway/messaging-gateway.js'
import { withTimeout } from '../../net/with-timeout.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { type MediaStore, MessageUpdates } from '../messages/index.js'
import type { RiskGate, RiskOutcome } from '../risk/index.js'
import type { UsersService } from '../users/index.js'
import { type StoredOutbound, toGatewayContent } from './outbox.content.js'
import { OutboxRepository } from './outbox.repository.js'
import { sendErrorOf } from './outbox.send-errors.js'
import type { SendPacer } from './send-pacer.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/outbox/outbox.engine')

export interface DispatcherConfig {
  pollMs: number
  /** how long a claimed row is held past its last renewal (renewed every third of it while the row is worked on) */
  leaseMs: number
  /** this process's id when several processes share the accounts: only rows of accounts it may send for are claimed */
  clusterSelf?: string
  batch: number
  /** a message not sendable for this long (account down, bucket empty) fails */
  maxWaitMs: number
  /** gateway send attempts before a transient error becomes a failure */
  maxAttempts: number
  sendTimeoutMs: number
}

type Context = NonNullable<Awaited<ReturnType<OutboxRepository['context']>>>
type Verdict =
  | { send: true }
  | { fail: FailureReasonValue; error?: string; risk?: RiskRefusal }
  | { deferMs: number; error: string }
  /** held by a risk limit until its window reopens, however long (a mass send waits, never fails) */
  | { waitUntil: number; error: string }

const TRANSIENT = new Set(['not_connected', 'rate_limited', 'timeout', 'already_connecting'])
const ACCOUNT_WAIT_MS = 5_000
/** how soon a send for a number no process holds (its holder died; another takes it over) is looked at again */
const HOLDER_WAIT_MS = 1_000
/** how long a round waits for a send's record to hold before leaving its retries to go on beside the next rounds */
const RECORD_INLINE_MS = 2_000

/**
 * The outbox dispatcher: claims due rows under a lease, checks account, session, subscription and
 * pacing, and sends with the message id stored at enqueue. The lease is renewed while the process
 * works on a row, so it can be short: a row whose process died mid-send is claimed again one lease
 * after its last renewal and sent with the same id: if WhatsApp already has it (our echo was
 * stored) it is closed without sending, otherwise the network dedupes the id. A send WhatsApp
 * took is never recorded as failed: its record is tried again until it holds.
 */
export class OutboxDispatcher implements Engine {
  readonly name = 'outbox'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly repo: OutboxRepository
  private readonly loop: EngineLoop
  private readonly leases: LeaseKeeper
  private readonly updates: MessageUpdates
  /** records of sends still being tried after their round moved on, by outbox row */
  private readonly recording = new Map<number, Promise<void>>()
  private stopping = false

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly users: UsersService,
    private readonly pacer: SendPacer,
    private readonly media: MediaStore,
    hub: RealtimeHub,
    events: Pick<EventBus, 'publish'>,
    private readonly cfg: DispatcherConfig,
    private readonly log: Logger,
    /** the risk gate asked before each send; null sends without it (the benchmark's baseline) */
    private readonly risk: RiskGate | null = null,
  ) {
    this.repo = new OutboxRepository(db)
    this.updates = new MessageUpdates(hub, events)
    this.loop = new EngineLoop('outbox', cfg.pollMs, () => this.tick(), log)
    this.leases = new LeaseKeeper(
      'outbox',
      cfg.leaseMs,
      (ids, until) => this.repo.systemRenewLeases(system, this.owner, ids, until),
      log,
    )
  }

  start(): void {
    this.stopping = false
    this.loop.start()
  }
  wake(): void {
    this.loop.wake()
  }
  async stop(): Promise<void> {
    this.stopping = true
    await this.loop.stop()
    await Promise.all(this.recording.values())
    await this.leases.stop()
  }

  /** One round: claim, then send account by account (in order within an account). */
  async tick(): Promise<boolean> {
    const rows = await this.repo.systemClaim(
      system,
      this.owner,
      Date.now(),
      this.cfg.leaseMs,
      this.cfg.batch,
      this.cfg.clusterSelf,
    )
    if (rows.length === 0) return false
    this.leases.hold(rows.map((r) => r.id))
    const byAccount = new Map<number, OutboxRow[]>()
    for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r])
    const vip = new Map<number, boolean>()
    await Promise.all(
      [...byAccount.values()].map(async (list) => {
        for (const row of list) {
          try {
            await this.process(row, vip)
          } catch (err) {
            const code = retryableCode(err)
            if (code)
              this.log.warn({ err, code, outboxId: row.id }, 'outbox row met a deadlock or a busy database')
            else this.log.error({ err, outboxId: row.id }, 'outbox row failed unexpectedly')
            await this.repo.systemDefer(
              system,
              row,
              this.owner,
              Date.now() + ACCOUNT_WAIT_MS,
              String(err).slice(0, 200),
            )
          } finally {
            if (!this.recording.has(row.id)) this.leases.release(row.id)
          }
        }
      }),
    )
    return rows.length === this.cfg.batch
  }

  private async process(row: OutboxRow, vip: Map<number, boolean>): Promise<void> {
    const ctx = await this.repo.context(row, this.cfg.clusterSelf ? Date.now() : undefined)
    if (!ctx || ctx.status === MessageStatus.sent) return this.repo.systemClose(system, row, 'sent')
    if (ctx.status === MessageStatus.withdrawn || ctx.status === MessageStatus.failed)
      return this.repo.systemClose(system, row, 'failed')
    const newChat = ctx.session_type === SessionType.personal && !ctx.has_sent
    const verdict = await this.check(row, ctx, vip, newChat)
    if ('waitUntil' in verdict)
      return this.repo.systemDefer(system, row, this.owner, verdict.waitUntil, verdict.error)
    if ('deferMs' in verdict) {
      if (Date.now() - row.created_at + verdict.deferMs > this.cfg.maxWaitMs) {
        const reason =
          verdict.error === 'pacing' ? FailureReason.riskControlLimit : FailureReason.accountStatus
        return this.fail(row, reason, verdict.error)
      }
      return this.repo.systemDefer(system, row, this.owner, Date.now() + verdict.deferMs, verdict.error)
    }
    if ('fail' in verdict)
      return this.fail(
        row,
        verdict.fail,
        verdict.error ?? null,
        newChat,
        verdict.risk && { ctx, risk: verdict.risk },
      )
    await this.send(row, ctx, newChat)
  }

  /** The rules a message must pass right before it goes out. */
  private async check(
    row: OutboxRow,
    ctx: Context,
    vip: Map<number, boolean>,
    newChat: boolean,
  ): Promise<Verdict> {
    if (ctx.account_deleted_at !== null) return { fail: FailureReason.accountStatus }
    if (ctx.account_status === 'banned') return { fail: FailureReason.wsBan }
    if (ctx.account_status === 'logging_in' || ctx.account_status === 'abnormal')
      return { deferMs: ACCOUNT_WAIT_MS, error: `account ${ctx.account_status}` }
    if (ctx.account_status !== 'online') return { fail: FailureReason.accountStatus }
    // online as its last holder reported, held by no process now: waits for the process taking it
    // over, without spending an attempt on a connection nobody has
    if (!ctx.account_held) return { deferMs: HOLDER_WAIT_MS, error: 'account reconnecting' }
    if (ctx.blocked === 1 || ctx.session_invalid === 1 || ctx.fan_invalid === 1)
      return { fail: FailureReason.invalidCustomer }
    // an automatic reply never reaches a customer who asked not to be disturbed while it waited
    if (row.origin === SendOrigin.autoReply && ctx.dnd === 1) return { fail: FailureReason.invalidCustomer }
    if (row.origin === SendOrigin.massSend) {
      if (ctx.mass_send_enabled === 0) return { fail: FailureReason.massSendProhibited }
      if (ctx.risk_status === 1)
        return { fail: FailureReason.riskControlLimit, error: 'tenant under risk control' }
    }
    let active = vip.get(row.tenant_id)
    if (active === undefined) {
      active = vipActive((await this.users.tenantValidity(row.tenant_id))[1])
      vip.set(row.tenant_id, active)
    }
    if (!active) return { fail: FailureReason.platformLimit, error: 'subscription expired' }
    const wait = await this.pacer.take(row.account_id, ctx, Date.now())
    if (wait > 0) return { deferMs: wait, error: 'pacing' }
    if (this.risk) {
      const v = await this.risk.admit({
        tenantId: row.tenant_id,
        accountId: row.account_id,
        origin: row.origin,
        text: ctx.body,
        newChat,
        riskStatus: ctx.risk_status,
        specialChannel: ctx.special_channel === 1,
        accountAddedAt: ctx.account_created_at,
      })
      if (!v.pass) {
        const error = `risk: ${v.refusal.rule}`
        if (v.wait && v.refusal.reopensAt !== null) return { waitUntil: v.refusal.reopensAt, error }
        // a blocked keyword is a content violation, not a limit
        const fail =
          v.refusal.rule === RiskRule.keyword
            ? FailureReason.contentViolation
            : FailureReason.riskControlLimit
        return { fail, error, risk: v.refusal }
      }
    }
    return { send: true }
  }

  private async send(row: OutboxRow, ctx: Context, newChat: boolean): Promise<void> {
    const stored = JSON.parse(row.content) as StoredOutbound
    const sending = await this.repo.systemMarkSending(system, row)
    if (sending) this.updates.announce(sending)
    await this.repo.systemCountAttempt(system, row)
    let sentAt: number
    try {
      const content = await toGatewayContent(this.db, this.media, row.tenant_id, stored.content)
      const sent = await withTimeout(
        this.gateway.send(String(row.account_id), row.to_jid, content, {
          messageId: row.wa_message_id,
          quoted: stored.quoted,
        }),
        this.cfg.sendTimeoutMs,
        () => new GatewayError('timeout', `send timed out after ${this.cfg.sendTimeoutMs} ms`),
      )
      sentAt = sent.timestamp
    } catch (err) {
      const code = isGatewayError(err) ? err.code : 'failed'
      const detail = err instanceof Error ? err.message.slice(0, 200) : String(err)
      if (TRANSIENT.has(code) && row.attempts + 1 < this.cfg.maxAttempts) {
        await this.repo.systemDefer(
          system,
          row,
          this.owner,
          Date.now() + ACCOUNT_WAIT_MS * (row.attempts + 1),
          `${code}: ${detail}`,
        )
        return
      }
      await this.fail(
        row,
        toFailureReason(isGatewayError(err) ? err.code : 'failed'),
        `${code}: ${detail}`,
        newChat,
        { ctx, sendError: sendErrorOf(err, row.to_jid) },
      )
      return
    }
    // WhatsApp has the message: from here on nothing turns it into a failure
    const recorded = this.recordSent(row, newChat, sentAt)
    let waited: NodeJS.Timeout | undefined
    const held = await Promise.race([
      recorded.then(() => true),
      new Promise<false>((resolve) => {
        waited = setTimeout(() => resolve(false), RECORD_INLINE_MS)
      }),
    ])
    clearTimeout(waited)
    if (held) return
    // still failing: the row stays leased to this process (renewed) while its record is tried again
    this.recording.set(row.id, recorded)
    void recorded.finally(() => {
      this.recording.delete(row.id)
      this.leases.release(row.id)
    })
  }

  /**
   * Record a send WhatsApp took, trying again with a growing wait until the write holds (a
   * deadlock, a busy database, a lost connection): the message is on the customer's phone, so it
   * never becomes failed here (a desk resend would send it twice) and the row is never handed to
   * another process meanwhile. Only a stopping dispatcher gives up: the row then comes free with
   * its lease and is settled as after a crash.
   */
  private async recordSent(row: OutboxRow, newChat: boolean, timestamp: number): Promise<void> {
    const outcome = this.outcome(row, newChat, null)
    for (let attempt = 1; ; attempt++) {
      let day: { sends: number; replies: number } | undefined
      try {
        const done = await this.repo.systemRecordSent(
          system,
          row,
          timestamp,
          this.risk && outcome ? async (tx) => (day = await this.risk?.record(tx, outcome)) : undefined,
        )
        if (outcome && day) this.risk?.settled(outcome, day)
        if (done) this.updates.announce(done)
        return
      } catch (err) {
        const code = retryableCode(err)
        const at = { err, code, outboxId: row.id, messageId: row.message_id, attempt }
        if (this.stopping) {
          this.log.warn(at, 'a send not recorded before stopping; its row is settled once its lease runs out')
          return
        }
        this.log.warn(
          at,
          code
            ? 'recording a send met a deadlock or a busy database; trying again'
            : 'recording a send failed; trying again',
        )
        await new Promise((r) => setTimeout(r, backoffMs(attempt - 1)))
      }
    }
  }

  private async fail(
    row: OutboxRow,
    reason: FailureReasonValue,
    error: string | null,
    newChat = false,
    note?: { ctx: Context; risk?: RiskRefusal; sendError?: ErrorCodeValue | null },
  ): Promise<void> {
    // kept on the message for the desk: a risk refusal (meta.risk: the rule, the count left, when
    // it reopens) or the chat send failure WhatsApp's refusal stands for (meta.sendError)
    const risk = note?.risk
    const sendError = note?.sendError ?? undefined
    const meta =
      note && (risk || sendError)
        ? JSON.stringify({
            ...(JSON.parse(note.ctx.meta || '{}') as object),
            ...(risk ? { risk } : {}),
            ...(sendError ? { sendError } : {}),
          })
        : undefined
    const outcome = this.outcome(row, newChat, reason)
    let day: { sends: number; replies: number } | undefined
    const m = await this.repo.systemRecordFailed(
      system,
      row,
      reason,
      error,
      meta,
      this.risk && outcome ? async (tx) => (day = await this.risk?.record(tx, outcome)) : undefined,
    )
    if (outcome && day) this.risk?.settled(outcome, day)
    if (m) this.updates.announce(m, { risk, withMeta: sendError !== undefined })
  }

  /** What risk's statistics count of a message's end (none without the gate). */
  private outcome(row: OutboxRow, newChat: boolean, failure: FailureReasonValue | null): RiskOutcome | null {
    if (!this.risk) return null
    return { tenantId: row.tenant_id, accountId: row.account_id, newChat, failure }
  }
}
