import { AccountState, checkAccountPhone, ErrorCode, type LoginStatusView, normalizePhone } from '@app/core'
import type { WsAccount } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import {
  type AccountStatus,
  isGatewayError,
  type LoginRequest,
  type MessagingGateway,
  type ProxyConfig,
  tryParseProxy,
} from '../../gateway/messaging-gateway.js'
import type { AccountRuntime } from '../../gateway/runtime.js'
import { AppError, notFound } from '../../http/errors.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { PortsLedger } from '../ports/index.js'
import { scopeChanged } from './account-scope.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { AccountStatusSync } from './accounts.status.js'
import { isUniqueViolation } from './db-errors.js'

/** Gateway events: a linked number by phone. */
const system = openSystemScope('modules/accounts/accounts.login')

/** how long loginCode waits for the code: under the web client's 10 s timeout; later codes come over the socket */
const CODE_WAIT_MS = 8_000

/** A proxy as typed, read with the gateway's parser; empty means none. */
export function readProxy(input: string | undefined | null): { stored: string | null; proxy?: ProxyConfig } {
  const text = input?.trim()
  if (!text) return { stored: null }
  const parsed = tryParseProxy(text)
  if (!parsed.ok) throw new AppError(ErrorCode.invalidProxy)
  return { stored: text, proxy: parsed.proxy }
}

/**
 * A proxy as typed, readable (`readProxy`) and, being a host the tenant chooses for the server to
 * connect to, held to the rule of such addresses: not on this machine or a private network unless
 * the operator allows it.
 */
export async function checkProxy(
  input: string | undefined | null,
  outbound: Pick<OutboundGuard, 'checkHostForSave'>,
): Promise<{ stored: string | null; proxy?: ProxyConfig }> {
  const read = readProxy(input)
  if (read.proxy) await outbound.checkHostForSave(read.proxy.host)
  return read
}

/** A proxy stored earlier (checked when written); unreadable ones are ignored rather than blocking a connect. */
export function storedProxy(text: string | null | undefined): ProxyConfig | undefined {
  const parsed = text ? tryParseProxy(text) : undefined
  return parsed?.ok ? parsed.proxy : undefined
}

export function checkPhone(input: string): string {
  if (checkAccountPhone(input)) throw new AppError(ErrorCode.invalidPhone)
  return normalizePhone(input)
}

/** Linking WS accounts: QR, pairing code, resume, logout. The outcome arrives through AccountStatusSync. */
export class AccountLoginService {
  constructor(
    private readonly gateway: MessagingGateway,
    private readonly accounts: AccountsRepository,
    private readonly ports: PortsLedger,
    /** the gateway runtime: one live socket per account */
    private readonly runtime: AccountRuntime,
    private readonly sync: AccountStatusSync,
    /** the guard of addresses tenants set: a proxy's host is one */
    private readonly outbound: Pick<OutboundGuard, 'checkHostForSave'>,
  ) {}

  /** Start a QR login: for a new account, or a fresh link of one of the tenant's accounts. */
  async loginQr(tenantId: number, userId: number, accountId?: number): Promise<{ accountId: number }> {
    let acc: WsAccount | undefined
    if (accountId !== undefined) {
      acc = await this.accounts.findLive(tenantId, accountId)
      if (!acc) throw notFound()
      this.assertCanLink(acc)
    }
    await this.assertPort(tenantId, acc?.id)
    const id = acc?.id ?? (await this.accounts.insert(tenantId, {}, Date.now()))
    await this.start(id, userId, { method: 'qr', proxy: storedProxy(acc?.proxy) })
    return { accountId: id }
  }

  /**
   * Start a pairing-code login for a phone, and wait (briefly) for the code; a code that takes
   * longer arrives as an `account.login` event and through loginStatus. A number imported (or
   * logged out) in this tenant reuses its account; a number live anywhere else is refused.
   */
  async loginCode(
    tenantId: number,
    userId: number,
    phoneInput: string,
    proxyInput?: string,
  ): Promise<{ accountId: number; code: string | null }> {
    const phone = checkPhone(phoneInput)
    const { stored, proxy } = await checkProxy(proxyInput, this.outbound)
    const holder = await this.accounts.systemFindByPhone(system, phone)
    if (holder && (holder.tenant_id !== tenantId || holder.linked === 1))
      throw new AppError(ErrorCode.phoneAlreadyLinked)
    if (holder) this.assertCanLink(holder)
    await this.assertPort(tenantId, holder?.id)
    let id = holder?.id
    try {
      if (id === undefined) id = await this.accounts.insert(tenantId, { phone, proxy: stored }, Date.now())
      else if (stored) await this.accounts.update(tenantId, [id], { proxy: stored })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.phoneAlreadyLinked)
      throw err
    }
    const accountId = id
    const waiting = this.waitFor(
      accountId,
      (s) => s.state === 'awaiting_pairing_code' || s.state === 'closed',
    )
    await this.start(accountId, userId, {
      method: 'pairing_code',
      phone,
      proxy: proxy ?? storedProxy(holder?.proxy),
    })
    const status = await waiting
    if (status === undefined) return { accountId, code: null }
    if (status.state !== 'awaiting_pairing_code') throw new AppError(ErrorCode.loginFailed)
    return { accountId, code: status.code }
  }

  async loginStatus(tenantId: number, accountId: number): Promise<LoginStatusView> {
    const acc = await this.accounts.findLive(tenantId, accountId)
    if (!acc) throw notFound()
    const s = this.gateway.getStatus(String(accountId))
    return {
      accountId,
      state: s?.state ?? 'none',
      accountStatus: acc.status as LoginStatusView['accountStatus'],
      ...(s?.state === 'awaiting_qr' ? { qrDataUrl: s.qrDataUrl, expiresAt: s.expiresAt } : {}),
      ...(s?.state === 'awaiting_pairing_code' ? { code: s.code } : {}),
      ...(acc.last_error ? { error: acc.last_error } : {}),
    }
  }

  /** Reconnect linked accounts from their stored auth; per account, the outcome. */
  async relogin(tenantId: number, ids: number[]): Promise<{ id: number; code: number }[]> {
    const rows = await this.requireAll(tenantId, ids)
    const out: { id: number; code: number }[] = []
    for (const acc of rows) {
      if (acc.status === AccountState.banned) out.push({ id: acc.id, code: ErrorCode.accountBanned })
      else if (acc.linked !== 1) out.push({ id: acc.id, code: ErrorCode.accountNotLinked })
      else {
        try {
          const r = await this.runtime.start(String(acc.id), storedProxy(acc.proxy))
          out.push({ id: acc.id, code: r === 'held_elsewhere' ? ErrorCode.accountBusy : 0 })
        } catch (err) {
          out.push({
            id: acc.id,
            code:
              isGatewayError(err) && err.code === 'not_linked'
                ? ErrorCode.accountNotLinked
                : ErrorCode.loginFailed,
          })
        }
      }
    }
    return out
  }

  /** Unlink the devices: the accounts go offline and give their ports back. */
  async logout(tenantId: number, ids: number[]): Promise<void> {
    const rows = await this.requireAll(tenantId, ids)
    for (const acc of rows) await this.unlink(acc)
  }

  /** Soft delete: logged out, port released, the number free to link again. */
  async remove(tenantId: number, ids: number[]): Promise<void> {
    const rows = await this.requireAll(tenantId, ids)
    for (const acc of rows) await this.unlink(acc)
    await this.accounts.update(
      tenantId,
      rows.map((a) => a.id),
      { deleted_at: Date.now(), agent_user_id: null },
    )
    scopeChanged(tenantId)
  }

  /** All ids must be live accounts of the tenant, or nothing happens. */
  async requireAll(tenantId: number, ids: number[]): Promise<WsAccount[]> {
    const rows = await this.accounts.findManyLive(tenantId, ids)
    if (rows.length !== new Set(ids).size) throw notFound()
    return rows
  }

  private async unlink(acc: WsAccount): Promise<void> {
    await this.runtime.logout(String(acc.id)).catch(() => undefined)
    await this.ports.release(acc.tenant_id, acc.id, Date.now())
    await this.sync.systemStore(system, acc.id, {
      linked: 0,
      status: AccountState.offline,
      abnormal_reason: null,
      restricted_until: null,
    })
  }

  private assertCanLink(acc: WsAccount): void {
    if (acc.status === AccountState.banned) throw new AppError(ErrorCode.accountBanned)
    if (acc.status === AccountState.online) throw new AppError(ErrorCode.accountOnline)
  }

  private async assertPort(tenantId: number, accountId?: number): Promise<void> {
    if (!(await this.ports.canLink(tenantId, accountId, Date.now()))) throw new AppError(ErrorCode.noFreePort)
  }

  private async start(accountId: number, userId: number, req: LoginRequest): Promise<void> {
    this.sync.loginStartedBy(accountId, userId)
    await this.sync.systemStore(system, accountId, {
      status: AccountState.loggingIn,
      abnormal_reason: null,
      last_error: null,
    })
    let started: Awaited<ReturnType<AccountRuntime['login']>>
    try {
      started = await this.runtime.login(String(accountId), req)
    } catch (err) {
      await this.sync.systemStore(system, accountId, { status: AccountState.offline })
      if (isGatewayError(err) && err.code === 'already_connecting') throw new AppError(ErrorCode.accountBusy)
      if (isGatewayError(err) && err.code === 'invalid_argument') throw new AppError(ErrorCode.invalidPhone)
      throw new AppError(ErrorCode.loginFailed)
    }
    if (started === 'held_elsewhere') throw new AppError(ErrorCode.accountBusy)
  }

  /** The account's next status that matches, or undefined after a while. */
  private waitFor(
    accountId: number,
    match: (s: AccountStatus) => boolean,
  ): Promise<AccountStatus | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off()
        resolve(undefined)
      }, CODE_WAIT_MS)
      const off = this.gateway.on('status', (e) => {
        if (e.accountId !== String(accountId) || !match(e.status)) return
        clearTimeout(timer)
        off()
        resolve(e.status)
      })
    })
  }
}
