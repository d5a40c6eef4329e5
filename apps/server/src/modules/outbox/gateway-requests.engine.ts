import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { roomOf } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { GatewayRequestRow } from '../../db/schema.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/port.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { messageRooms } from '../../realtime/rooms.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import { presentMessageUpdate } from '../messages/messages.presenter.js'
import { MessagesRepository } from '../messages/messages.repository.js'
import {
  type GatewayRequestPayload,
  GatewayRequestsRepository,
  type NewGatewayRequest,
} from './gateway-requests.repository.js'

export interface GatewayRequestsConfig {
  pollMs: number
  leaseMs: number
  /** this process's id when several processes share the accounts: only requests of accounts it may act for are claimed */
  clusterSelf?: string
  /** a request its account cannot carry out for this long fails */
  maxWaitMs: number
  /** attempts before a transient error becomes a failure */
  maxAttempts: number
}

const TRANSIENT = new Set(['not_connected', 'rate_limited', 'timeout', 'already_connecting'])
const ACCOUNT_WAIT_MS = 5_000
const BATCH = 50

/**
 * Withdrawals and read receipts, on the same terms as sends: stored before the desk's call
 * answers, claimed under a lease (a process that dies mid-request leaves it to the next one),
 * held while the account is logging in or abnormal, retried on transient errors with a growing
 * delay, and failed when the account is gone, banned or offline, or after the last attempt.
 */
export class GatewayRequests implements Engine {
  readonly name = 'gateway-requests'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly repo: GatewayRequestsRepository
  private readonly messages: MessagesRepository
  private readonly accounts: AccountsRepository
  private readonly loop: EngineLoop

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly hub: RealtimeHub,
    private readonly cfg: GatewayRequestsConfig,
    private readonly log: Logger,
  ) {
    this.repo = new GatewayRequestsRepository(db)
    this.messages = new MessagesRepository()
    this.accounts = new AccountsRepository(db)
    this.loop = new EngineLoop('gateway-requests', cfg.pollMs, () => this.tick(), log)
  }

  /** Store a request; it goes out on the next round, in this process or another. */
  async add(request: NewGatewayRequest): Promise<void> {
    await this.repo.add(request)
    this.loop.wake()
  }

  start(): void {
    this.loop.start()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** Run rounds until no request is due now (tests; a deferred request waits for its time). */
  async drain(): Promise<void> {
    while (await this.repo.systemAnyDue(Date.now())) await this.tick()
  }

  async tick(): Promise<boolean> {
    const rows = await this.repo.systemClaim(
      this.owner,
      Date.now(),
      this.cfg.leaseMs,
      BATCH,
      this.cfg.clusterSelf,
    )
    for (const row of rows) {
      try {
        await this.process(row)
      } catch (err) {
        this.log.error({ err, requestId: row.id }, 'gateway request failed unexpectedly')
        await this.repo.systemDefer(
          row,
          this.owner,
          Date.now() + ACCOUNT_WAIT_MS,
          String(err).slice(0, 200),
          true,
        )
      }
    }
    return rows.length === BATCH
  }

  private async process(row: GatewayRequestRow): Promise<void> {
    const payload = JSON.parse(row.payload) as GatewayRequestPayload
    const account = await this.accounts.state(row.tenant_id, row.account_id)
    const status = account?.status
    if (!account || account.deleted_at !== null || status === 'banned' || status === 'offline')
      return this.fail(
        row,
        payload,
        `account ${account ? (account.deleted_at !== null ? 'deleted' : status) : 'missing'}`,
      )
    if (status !== 'online') {
      if (Date.now() - row.created_at + ACCOUNT_WAIT_MS > this.cfg.maxWaitMs)
        return this.fail(row, payload, `account ${status}`)
      return this.repo.systemDefer(row, this.owner, Date.now() + ACCOUNT_WAIT_MS, `account ${status}`, false)
    }
    try {
      if (payload.kind === 'revoke') await this.gateway.revoke(String(row.account_id), payload.target)
      else await this.gateway.markRead(String(row.account_id), payload.refs)
    } catch (err) {
      const code = isGatewayError(err) ? err.code : 'failed'
      const detail = `${code}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`
      if (TRANSIENT.has(code) && row.attempts + 1 < this.cfg.maxAttempts)
        return this.repo.systemDefer(
          row,
          this.owner,
          Date.now() + ACCOUNT_WAIT_MS * (row.attempts + 1),
          detail,
          true,
        )
      return this.fail(row, payload, detail)
    }
    await this.repo.systemClose(row, this.owner, 'done', null)
    if (payload.kind === 'revoke') {
      const m = await this.messages.systemWithdraw(this.db, row.account_id, payload.target.id)
      if (m) this.hub.emit(messageRooms(m), 'message.updated', presentMessageUpdate(m))
    }
  }

  /** A failed withdrawal is told to whoever asked for it; a read receipt is best effort. */
  private async fail(row: GatewayRequestRow, payload: GatewayRequestPayload, error: string): Promise<void> {
    await this.repo.systemClose(row, this.owner, 'failed', error)
    if (payload.kind === 'revoke') {
      const rooms = [...new Set(payload.notifyUserIds)].map((u) => roomOf.user(u))
      this.hub.emit(rooms, 'message.revokeFailed', { id: payload.messageId, sessionId: row.session_id })
    } else this.log.warn({ requestId: row.id, error }, 'read receipts not sent')
  }
}
