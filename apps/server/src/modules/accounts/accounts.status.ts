import { AccountState, roomOf } from '@app/core'
import type { Updateable } from 'kysely'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { WsAccount, WsAccountTable } from '../../db/schema.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import type { EventBus } from '../../events/bus.js'
import { jidToPhone } from '../../gateway/jid.js'
import type { AccountStatus, DisconnectKind } from '../../gateway/messaging-gateway.js'
import { toAccountState } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { PortsLedger } from '../ports/index.js'
import { presentStatus } from './accounts.presenter.js'
import type { AccountsRepository } from './accounts.repository.js'
import { isUniqueViolation } from './db-errors.js'

/** Gateway events: connection state by account. */
const system = openSystemScope('modules/accounts/accounts.status')

/** Why a login ended without a link (AccountLoginEvent.error, ws_accounts.last_error). */
export type LoginError =
  | 'phone_taken'
  | 'phone_mismatch'
  | 'no_free_port'
  | 'qr_expired'
  | 'login_failed'
  | 'port_expired'
  /** WhatsApp refused the client version, also after the newest was fetched */
  | 'update_required'

/** Closes that end a login without a link, as the error the one who started it is shown. */
const LOGIN_FAILURES: Partial<Record<DisconnectKind, LoginError>> = {
  qr_expired: 'qr_expired',
  login_failed: 'login_failed',
  client_outdated: 'update_required',
}

/**
 * Keeps ws_accounts in step with the gateway (it is the gateway runtime's `onStatus`): every
 * status change is stored, then announced to the modules (`account.status` on the event bus) and
 * pushed to the tenant's room; a completed link is checked (number free, port available) and
 * bound to a port; login progress (QR, pairing code) goes to whoever started the login.
 */
export class AccountStatusSync {
  /** who started the login in progress, per account: login progress is shown to them only */
  private readonly requesters = new Map<number, number>()
  /** logs a refused link out (the gateway runtime's logout, set once both exist) */
  unlink: (accountId: number) => Promise<void> = async () => undefined

  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsRepository,
    private readonly ports: PortsLedger,
    private readonly hub: RealtimeHub,
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly log: Logger,
  ) {}

  loginStartedBy(accountId: number, userId: number): void {
    this.requesters.set(accountId, userId)
  }

  async onStatus(accountId: number, status: AccountStatus): Promise<void> {
    const acc = await this.accounts.systemFind(system, accountId)
    if (!acc || acc.deleted_at !== null) return
    const product = toAccountState(status)
    const patch: Updateable<WsAccountTable> = {
      status: product.state,
      abnormal_reason: product.state === 'abnormal' ? product.reason : null,
    }
    if (product.state === 'banned') patch.banned_at = product.bannedAt
    if (product.state === 'online') patch.restricted_until = product.restrictedUntil ?? null

    if (
      status.state === 'awaiting_qr' ||
      status.state === 'awaiting_pairing_code' ||
      status.state === 'connecting'
    ) {
      this.progress(acc, status)
    } else if (status.state === 'open') {
      const refused = await this.admitLink(acc, status.me.pn)
      if (refused) return this.refuse(acc, refused)
      Object.assign(patch, {
        linked: 1,
        last_error: null,
        jid: status.me.pn ?? acc.jid,
        lid: status.me.lid ?? acc.lid,
        push_name: status.me.pushName ?? acc.push_name,
        ...(status.me.business === undefined ? {} : { type: status.me.business ? 'business' : 'personal' }),
      })
      if (!acc.phone) patch.phone = jidToPhone(status.me.pn) ?? null
      this.progress(acc, status)
      this.requesters.delete(acc.id)
    } else if (status.state === 'closed') {
      if (!status.canResume) {
        patch.linked = 0
        await this.ports.release(acc.tenant_id, acc.id, Date.now())
      }
      const failed = LOGIN_FAILURES[status.reason]
      if (failed && !status.canResume) {
        patch.last_error = failed
        this.progress(acc, status, failed)
        this.requesters.delete(acc.id)
        // a QR login that never linked leaves no account behind
        if (!acc.phone && acc.jid === null) patch.deleted_at = Date.now()
      }
    }
    try {
      await this.systemStore(system, acc.id, patch)
    } catch (err) {
      if (isUniqueViolation(err)) return this.refuse(acc, 'phone_taken')
      throw err
    }
  }

  /** A link may complete only for a number no other live account holds, with a port for it. */
  private async admitLink(acc: WsAccount, pn: string | undefined): Promise<LoginError | null> {
    const phone = jidToPhone(pn)
    if (phone && acc.phone && phone !== acc.phone) return 'phone_mismatch'
    if (phone) {
      const holder = await this.accounts.systemFindByPhone(system, phone)
      if (holder && holder.id !== acc.id) return 'phone_taken'
    }
    const port = await this.ports.bind(acc.tenant_id, acc.id, Date.now())
    return port === null ? 'no_free_port' : null
  }

  /** Undo a link the product cannot accept: log the device out and say why. */
  private async refuse(acc: WsAccount, why: LoginError): Promise<void> {
    this.log.info({ accountId: acc.id, why }, 'link refused')
    await this.ports.release(acc.tenant_id, acc.id, Date.now())
    await this.systemStore(system, acc.id, {
      status: AccountState.offline,
      abnormal_reason: null,
      linked: 0,
      last_error: why,
      // an attempt at a new account leaves nothing behind; an existing account keeps its row
      ...(acc.phone === null && acc.jid === null ? { deleted_at: Date.now() } : {}),
    })
    this.progress(acc, { state: 'closed', reason: 'intentional', canResume: false, at: Date.now() }, why)
    this.requesters.delete(acc.id)
    // not awaited: this runs inside the gateway's event chain for the account, which the logout joins
    void this.unlink(acc.id).catch(() => undefined)
  }

  private progress(acc: WsAccount, s: AccountStatus, error?: string): void {
    const userId = this.requesters.get(acc.id)
    if (userId === undefined) return
    this.hub.emit([roomOf.user(userId)], 'account.login', {
      accountId: acc.id,
      state: s.state,
      ...(s.state === 'awaiting_qr' ? { qrDataUrl: s.qrDataUrl, expiresAt: s.expiresAt } : {}),
      ...(s.state === 'awaiting_pairing_code' ? { code: s.code } : {}),
      ...(error ? { error } : {}),
    })
  }

  /** Write the account's new state and announce it once written. */
  async systemStore(
    system: SystemScope,
    accountId: number,
    patch: Updateable<WsAccountTable>,
  ): Promise<void> {
    const row = await this.db
      .updateTable('ws_accounts')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', accountId)
      .returningAll()
      .executeTakeFirst()
    if (row) this.announce(row)
  }

  /**
   * An account's link status, as stored, announced where it is established: once to the modules
   * (the event bus) and once to the tenant's room and the agent the account is assigned to.
   */
  private announce(row: WsAccount): void {
    const status = presentStatus(row)
    this.hub.emit(
      [roomOf.tenant(row.tenant_id), ...(row.agent_user_id ? [roomOf.user(row.agent_user_id)] : [])],
      'account.status',
      status,
    )
    // subscribers queue their own work: the path that stored the status never waits for them
    void this.events.publish('account.status', { tenantId: row.tenant_id, status })
  }
}
