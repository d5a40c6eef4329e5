import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { AccountState, DynamicFailure, type DynamicFailureValue } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { isGatewayError, type MessagingGateway, type StatusContent } from '../../gateway/messaging-gateway.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { MediaStore } from '../messages/index.js'
import type { DynamicsRepository, StatusPost, StatusTarget } from './dynamics.repository.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/dynamics/dynamics.engine')

export interface DynamicsEngineConfig {
  pollMs: number
  leaseMs: number
  /** a part its account cannot make for this long (logging in, abnormal) fails */
  maxWaitMs: number
  maxAttempts: number
}

const TRANSIENT = new Set(['not_connected', 'rate_limited', 'timeout', 'already_connecting'])
const ACCOUNT_WAIT_MS = 5_000
/** Abnormal states that need a new login: waiting for them is pointless. */
const LOGGED_OUT = new Set(['device_removed', 'pushed_out'])
const BATCH = 20
/** Contacts one status goes to at most. */
const AUDIENCE_MAX = 5_000

/**
 * Makes each account's part of a status post when it falls due: claimed under a lease (a process
 * that dies mid-post leaves it to the next), held while the account is logging in or abnormal,
 * retried on transient errors with a growing delay, and failed with a reason when the account is
 * offline, banned or gone, has no contacts, or after the last attempt.
 */
export class DynamicsEngine implements Engine {
  readonly name = 'dynamics'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly loop: EngineLoop

  constructor(
    private readonly db: Db,
    private readonly repo: DynamicsRepository,
    private readonly accounts: AccountDirectory,
    private readonly gateway: MessagingGateway,
    private readonly media: MediaStore,
    private readonly cfg: DynamicsEngineConfig,
    private readonly log: Logger,
    private now: () => number = Date.now,
  ) {
    this.loop = new EngineLoop('dynamics', cfg.pollMs, () => this.tick(), log)
  }

  /** The clock due times are read on (tests run a simulated day). */
  useClock(now: () => number): void {
    this.now = now
  }

  start(): void {
    this.loop.start()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }
  wake(): void {
    this.loop.wake()
  }

  /** Run rounds until no part is due now (tests). */
  async drain(): Promise<void> {
    while (await this.repo.systemAnyDue(system, this.now())) await this.tick()
  }

  async tick(): Promise<boolean> {
    const rows = await this.repo.systemClaim(system, this.owner, this.now(), this.cfg.leaseMs, BATCH)
    for (const row of rows) {
      try {
        await this.process(row)
      } catch (err) {
        this.log.error({ err, targetId: row.id }, 'status post failed unexpectedly')
        await this.repo.systemDefer(
          system,
          row,
          this.owner,
          this.now() + ACCOUNT_WAIT_MS,
          String(err).slice(0, 200),
          true,
        )
      }
    }
    return rows.length === BATCH
  }

  private fail(t: StatusTarget, reason: DynamicFailureValue, detail: string | null = null) {
    return this.repo.systemClose(system, t, this.owner, { state: 'failed', reason, detail })
  }

  private async process(t: StatusTarget): Promise<void> {
    const post = await this.repo.systemPost(system, t.post_id)
    if (!post) return this.fail(t, DynamicFailure.gateway, 'post missing')
    const account = await this.accounts.byId(t.tenant_id, t.account_id)
    if (!account || account.deleted_at !== null) return this.fail(t, DynamicFailure.accountGone)
    if (account.status === AccountState.banned) return this.fail(t, DynamicFailure.accountBanned)
    if (account.status === AccountState.offline) return this.fail(t, DynamicFailure.accountOffline)
    if (account.status === AccountState.abnormal && LOGGED_OUT.has(account.abnormal_reason ?? ''))
      return this.fail(t, DynamicFailure.accountOffline, `account ${account.abnormal_reason}`)
    if (account.status !== AccountState.online) {
      if (this.now() - post.scheduled_at + ACCOUNT_WAIT_MS > this.cfg.maxWaitMs)
        return this.fail(t, DynamicFailure.accountOffline, `account ${account.status}`)
      return this.repo.systemDefer(
        system,
        t,
        this.owner,
        this.now() + ACCOUNT_WAIT_MS,
        `account ${account.status}`,
        false,
      )
    }
    const audience = await this.repo.audience(t.tenant_id, t.id, AUDIENCE_MAX)
    if (audience.length === 0) return this.fail(t, DynamicFailure.noContacts)
    const content = await this.content(post)
    if (!content) return this.fail(t, DynamicFailure.mediaMissing)
    const accountId = String(t.account_id)
    // the parts before it may have outlasted this part's lease: post only while still holding it
    if (!(await this.repo.systemRenew(system, t, this.owner, this.now(), this.cfg.leaseMs))) return
    let messageId = t.wa_message_id
    if (!messageId) {
      messageId = this.gateway.newMessageId(accountId)
      await this.repo.systemSetMessageId(system, t, this.owner, messageId)
    }
    try {
      const style =
        post.kind === 'text'
          ? { backgroundColor: post.background_color ?? undefined, font: post.font ?? undefined }
          : undefined
      const sent = await this.gateway.postStatus(accountId, content, audience, style, { messageId })
      await this.repo.systemClose(system, t, this.owner, {
        state: 'posted',
        audience: audience.length,
        postedAt: sent.timestamp,
      })
    } catch (err) {
      const code = isGatewayError(err) ? err.code : 'failed'
      const detail = `${code}: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`
      if (TRANSIENT.has(code) && t.attempts + 1 < this.cfg.maxAttempts)
        return this.repo.systemDefer(
          system,
          t,
          this.owner,
          this.now() + ACCOUNT_WAIT_MS * (t.attempts + 1),
          detail,
          true,
        )
      return this.fail(
        t,
        code === 'not_connected' ? DynamicFailure.accountOffline : DynamicFailure.gateway,
        detail,
      )
    }
  }

  private async content(post: StatusPost): Promise<StatusContent | null> {
    if (post.kind === 'text') return { kind: 'text', text: post.text }
    if (post.media_id === null) return null
    const file = await this.media.find(this.db, post.tenant_id, post.media_id)
    if (!file) return null
    const abs = this.media.absolute(file.path)
    if (!fs.existsSync(abs)) return null
    const buffer = await fs.promises.readFile(abs)
    const caption = post.text || undefined
    return post.kind === 'image'
      ? { kind: 'image', media: { buffer }, caption, mimetype: file.mime }
      : { kind: 'video', media: { buffer }, caption, mimetype: file.mime }
  }
}
