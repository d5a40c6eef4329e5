import { randomBytes } from 'node:crypto'
import os from 'node:os'
import {
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
import type { Message, OutboxRow } from '../../db/schema.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { GatewayError, isGatewayError, type MessagingGateway, toFailureReason } from '../../gateway/port.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { messageRooms } from '../../realtime/rooms.js'
import type { MediaStore } from '../messages/media.store.js'
import { presentMessageUpdate } from '../messages/messages.presenter.js'
import type { RiskGate, RiskOutcome } from '../risk/risk.gate.js'
import type { UsersService } from '../users/users.service.js'
import { type StoredOutbound, toGatewayContent } from './outbox.content.js'
import { OutboxRepository } from './outbox.repository.js'
import type { SendPacer } from './send-pacer.js'

export interface DispatcherConfig {
  pollMs: number
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

/**
 * The outbox dispatcher: claims due rows under a lease, checks account, session, subscription and
 * pacing, and sends with the message id stored at enqueue. A row whose process died mid-send is
 * claimed again when its lease expires and sent with the same id: if WhatsApp already has it
 * (our echo was stored) it is closed without sending, otherwise the network dedupes the id.
 */
export class OutboxDispatcher implements Engine {
  readonly name = 'outbox'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly repo: OutboxRepository
  private readonly loop: EngineLoop

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly users: UsersService,
    private readonly pacer: SendPacer,
    private readonly media: MediaStore,
    private readonly hub: RealtimeHub,
    private readonly cfg: DispatcherConfig,
    private readonly log: Logger,
    /** the risk gate asked before each send; null sends without it (the benchmark's baseline) */
    private readonly risk: RiskGate | null = null,
  ) {
    this.repo = new OutboxRepository(db)
    this.loop = new EngineLoop('outbox', cfg.pollMs, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }
  wake(): void {
    this.loop.wake()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round: claim, then send account by account (in order within an account). */
  async tick(): Promise<boolean> {
    const rows = await this.repo.systemClaim(
      this.owner,
      Date.now(),
      this.cfg.leaseMs,
      this.cfg.batch,
      this.cfg.clusterSelf,
    )
    if (rows.length === 0) return false
    const byAccount = new Map<number, OutboxRow[]>()
    for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r])
    const vip = new Map<number, boolean>()
    await Promise.all(
      [...byAccount.values()].map(async (list) => {
        for (const row of list) {
          try {
            await this.process(row, vip)
          } catch (err) {
            this.log.error({ err, outboxId: row.id }, 'outbox row failed unexpectedly')
            await this.repo.systemDefer(
              row,
              this.owner,
              Date.now() + ACCOUNT_WAIT_MS,
              String(err).slice(0, 200),
            )
          }
        }
      }),
    )
    return rows.length === this.cfg.batch
  }

  private async process(row: OutboxRow, vip: Map<number, boolean>): Promise<void> {
    const ctx = await this.repo.context(row)
    if (!ctx || ctx.status === MessageStatus.sent) return this.repo.systemClose(row, 'sent')
    if (ctx.status === MessageStatus.withdrawn || ctx.status === MessageStatus.failed)
      return this.repo.systemClose(row, 'failed')
    const newChat = ctx.session_type === SessionType.personal && !ctx.has_sent
    const verdict = await this.check(row, ctx, vip, newChat)
    if ('waitUntil' in verdict)
      return this.repo.systemDefer(row, this.owner, verdict.waitUntil, verdict.error)
    if ('deferMs' in verdict) {
      if (Date.now() - row.created_at + verdict.deferMs > this.cfg.maxWaitMs) {
        const reason =
          verdict.error === 'pacing' ? FailureReason.riskControlLimit : FailureReason.accountStatus
        return this.fail(row, reason, verdict.error)
      }
      return this.repo.systemDefer(row, this.owner, Date.now() + verdict.deferMs, verdict.error)
    }
    if ('fail' in verdict)
      return this.fail(
        row,
        verdict.fail,
        verdict.error ?? null,
        newChat,
        verdict.risk && { ctx, risk: verdict.risk },
      )
    await this.send(row, newChat)
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

  private async send(row: OutboxRow, newChat: boolean): Promise<void> {
    const stored = JSON.parse(row.content) as StoredOutbound
    const sending = await this.repo.systemMarkSending(row)
    if (sending) this.emit(sending)
    await this.repo.systemCountAttempt(row)
    try {
      const content = await toGatewayContent(this.db, this.media, row.tenant_id, stored.content)
      const sent = await withTimeout(
        this.gateway.send(String(row.account_id), row.to_jid, content, {
          messageId: row.wa_message_id,
          quoted: stored.quoted,
        }),
        this.cfg.sendTimeoutMs,
      )
      const outcome = this.outcome(row, newChat, null)
      let day: { sends: number; replies: number } | undefined
      const done = await this.repo.systemRecordSent(
        row,
        sent.timestamp,
        this.risk && outcome ? async (tx) => (day = await this.risk?.record(tx, outcome)) : undefined,
      )
      if (outcome && day) this.risk?.settled(outcome, day)
      if (done) this.emit(done)
    } catch (err) {
      const code = isGatewayError(err) ? err.code : 'failed'
      const detail = err instanceof Error ? err.message.slice(0, 200) : String(err)
      if (TRANSIENT.has(code) && row.attempts + 1 < this.cfg.maxAttempts) {
        await this.repo.systemDefer(
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
      )
    }
  }

  private async fail(
    row: OutboxRow,
    reason: FailureReasonValue,
    error: string | null,
    newChat = false,
    refused?: { ctx: Context; risk: RiskRefusal },
  ): Promise<void> {
    // a risk refusal is kept on the message (meta.risk) for the desk: the rule, the count left, when it reopens
    const meta = refused
      ? JSON.stringify({ ...(JSON.parse(refused.ctx.meta || '{}') as object), risk: refused.risk })
      : undefined
    const outcome = this.outcome(row, newChat, reason)
    let day: { sends: number; replies: number } | undefined
    const m = await this.repo.systemRecordFailed(
      row,
      reason,
      error,
      meta,
      this.risk && outcome ? async (tx) => (day = await this.risk?.record(tx, outcome)) : undefined,
    )
    if (outcome && day) this.risk?.settled(outcome, day)
    if (m) this.emit(m, refused?.risk)
  }

  /** What risk's statistics count of a message's end (none without the gate). */
  private outcome(row: OutboxRow, newChat: boolean, failure: FailureReasonValue | null): RiskOutcome | null {
    if (!this.risk) return null
    return { tenantId: row.tenant_id, accountId: row.account_id, newChat, failure }
  }

  private emit(m: Message, risk?: RiskRefusal): void {
    this.hub.emit(messageRooms(m), 'message.updated', {
      ...presentMessageUpdate(m),
      ...(risk ? { risk } : {}),
    })
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new GatewayError('timeout', `send timed out after ${ms} ms`)), ms)
    p.then(
      (v) => {
        clearTimeout(t)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(t)
        reject(e)
      },
    )
  })
}
