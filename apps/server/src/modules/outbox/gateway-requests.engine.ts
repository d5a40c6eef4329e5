import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { roomOf } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { GatewayRequestRow } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { LeaseKeeper } from '../../engines/lease-keeper.js'
import type { EventBus } from '../../events/bus.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { AccountDirectory } from '../accounts/index.js'
import { MessageUpdates, OwnMessages } from '../messages/index.js'
import {
  type GatewayRequestPayload,
  GatewayRequestsRepository,
  type NewGatewayRequest,
} from './gateway-requests.repository.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/outbox/gateway-requests.engine')

export interface GatewayRequestsConfig {
  pollMs: number
  /** how long a claimed request is held past its last renewal (renewed every third of it while it is worked on) */
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
 * Withdrawals, edits and read receipts, on the same terms as sends: stored before the desk's call
 * answers, claimed under a lease renewed while it is worked on (a process that dies mid-request
 * leaves it to the next one a lease later),
 * held while the account is logging in or abnormal, retried on transient errors with a growing
 * delay, and failed when the account is gone, banned or offline, or after the last attempt.
 */
export class GatewayRequests implements Engine {
  readonly name = 'gateway-requests'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly repo: GatewayRequestsRepository
  private readonly messages: OwnMessages
  private readonly accounts: AccountDirectory
  private readonly loop: EngineLoop
  private readonly leases: LeaseKeeper
  private readonly updates: MessageUpdates

  constructor(
    private readonly db: Db,
    private readonly gateway: MessagingGateway,
    private readonly hub: RealtimeHub,
    events: Pick<EventBus, 'publish'>,
    private readonly cfg: GatewayRequestsConfig,
    private readonly log: Logger,
  ) {
    this.repo = new GatewayRequestsRepository(db)
    this.messages = new OwnMessages()
    this.updates = new MessageUpdates(hub, events)
    this.accounts = new AccountDirectory(db)
    this.loop = new EngineLoop('gateway-requests', cfg.pollMs, () => this.tick(), log)
    this.leases = new LeaseKeeper(
      'gateway-requests',
      cfg.leaseMs,
      (ids, until) => this.repo.systemRenewLeases(system, this.owner, ids, until),
      log,
    )
  }

  /** Store a request; it goes out on the next round, in this process or another. */
  async add(request: NewGatewayRequest): Promise<void> {
    await this.repo.add(request)
    this.loop.wake()
  }

  start(): void {
    this.loop.start()
  }
  async stop(): Promise<void> {
    await this.loop.stop()
    await this.leases.stop()
  }

  /** Run rounds until no request is due now (tests; a deferred request waits for its time). */
  async drain(): Promise<void> {
    while (await this.repo.systemAnyDue(system, Date.now())) await this.tick()
  }

  async tick(): Promise<boolean> {
    const rows = await this.repo.systemClaim(
      system,
      this.owner,
      Date.now(),
      this.cfg.leaseMs,
      BATCH,
      this.cfg.clusterSelf,
    )
    this.leases.hold(rows.map((r) => r.id))
    for (const row of rows) {
      try {
        await this.process(row)
      } catch (err) {
        this.log.error({ err, requestId: row.id }, 'gateway request failed unexpectedly')
        await this.repo.systemDefer(
          system,
          row,
          this.owner,
          Date.now() + ACCOUNT_WAIT_MS,
          String(err).slice(0, 200),
          true,
        )
      } finally {
        this.leases.release(row.id)
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
      return this.repo.systemDefer(
        system,
        row,
        this.owner,
        Date.now() + ACCOUNT_WAIT_MS,
        `account ${status}`,
        false,
      )
    }
    try {
      if (payload.kind === 'revoke') await this.gateway.revoke(String(row.account_id), payload.target)
      else if (payload.kind === 'edit')
        await this.gateway.edit(String(row.account_id), payload.target, payload.text)
      else await this.gateway.markRead(String(row.account_id), payload.refs)
    } catch (err) {
      const code = isGatewayError(err) ? err.code : 'failed'
      const detail = `${code}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`
      if (TRANSIENT.has(code) && row.attempts + 1 < this.cfg.maxAttempts)
        return this.repo.systemDefer(
          system,
          row,
          this.owner,
          Date.now() + ACCOUNT_WAIT_MS * (row.attempts + 1),
          detail,
          true,
        )
      return this.fail(row, payload, detail)
    }
    await this.repo.systemClose(system, row, this.owner, 'done', null)
    if (payload.kind === 'revoke') {
      const m = await this.messages.systemWithdraw(system, this.db, row.account_id, payload.target.id)
      if (m) this.updates.announce(m)
    } else if (payload.kind === 'edit') {
      // the earlier text joins the message's history; an echo of the same edit changes nothing
      const m = await this.messages.systemEdit(system, this.db, row.account_id, payload.target.id, {
        text: payload.text,
        at: Date.now(),
      })
      if (m) this.updates.announce(m, { withBody: true })
    }
  }

  /** A failed withdrawal or edit is told to whoever asked for it; a read receipt is best effort. */
  private async fail(row: GatewayRequestRow, payload: GatewayRequestPayload, error: string): Promise<void> {
    await this.repo.systemClose(system, row, this.owner, 'failed', error)
    if (payload.kind === 'read') {
      this.log.warn({ requestId: row.id, error }, 'read receipts not sent')
      return
    }
    const rooms = [...new Set(payload.notifyUserIds)].map((u) => roomOf.user(u))
    const event = payload.kind === 'revoke' ? 'message.revokeFailed' : 'message.editFailed'
    this.hub.emit(rooms, event, { id: payload.messageId, sessionId: row.session_id })
  }
}
