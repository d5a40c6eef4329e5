import { type BackoffOptions, backoffDelay } from '../backoff.js'
import type { Cancel, Clock } from '../clock.js'
import { GatewayError } from '../errors.js'
import { digitsOnly, phoneToJid } from '../jid.js'
import type {
  AccountId,
  AccountStatus,
  DisconnectKind,
  GatewayEvents,
  LoginRequest,
  Restriction,
} from '../messaging-gateway.js'
import { qrDataUrl } from '../qr.js'
import { WA_VERSION_REFRESH_MS } from '../wa-version.js'
import { refFor, toInbound } from './content.js'
import type { SimLinkStore } from './link-store.js'
import type { SimNetwork } from './network.js'
import type { SimDevice, SimDeviceEvent, SimLink } from './types.js'

export interface SessionContext {
  network: SimNetwork
  links: SimLinkStore
  clock: Clock
  random: () => number
  backoff: BackoffOptions
  qrRefs: number
  emit<E extends keyof GatewayEvents>(event: E, payload: GatewayEvents[E]): Promise<void>
  onError(error: unknown): void
}

const FIRST_QR_MS = 60_000
const NEXT_QR_MS = 20_000
const BAD_SESSION_RETRIES = 3
const CLOSE_KIND: Record<number, DisconnectKind> = {
  401: 'logged_out',
  403: 'banned',
  405: 'client_outdated',
  408: 'connection_lost',
  440: 'replaced',
  500: 'bad_session',
}

/**
 * One account's simulated socket. Everything the network tells it, and every status change,
 * runs through one promise chain, so the product sees events in order and its async handlers
 * apply back-pressure as they do with Baileys.
 */
export class SimSession implements SimDevice {
  status: AccountStatus | undefined
  link: SimLink | undefined
  private ticket: string | undefined
  private timers: Cancel[] = []
  private chain: Promise<void> = Promise.resolve()
  private attempt = 0
  private badSessions = 0
  /** a 405 was already retried at once since the last open (as the Baileys link does, with a fresh version) */
  private outdatedRetried = false
  private stopped = false
  private restriction: Restriction | undefined
  private readonly knownLids = new Set<string>()
  /** events handed to the product whose handling has not finished (WhatsApp has no ack for them yet) */
  private readonly unacked: SimDeviceEvent[] = []
  private abandoned = false

  constructor(
    readonly accountId: AccountId,
    private readonly ctx: SessionContext,
  ) {}

  get isOpen(): boolean {
    return this.status?.state === 'open' && this.link !== undefined
  }

  get isActive(): boolean {
    return this.status !== undefined && this.status.state !== 'closed'
  }

  /** Run `fn` after everything already queued; resolves when it ran. */
  run(fn: () => Promise<void> | void): Promise<void> {
    const step = this.chain.then(fn)
    this.chain = step.catch(() => undefined)
    return step
  }

  /** Resolves once the queue is empty (including steps queued while waiting). */
  async idle(): Promise<void> {
    let seen: Promise<void>
    do {
      seen = this.chain
      await seen
    } while (seen !== this.chain)
  }

  onEvent(ev: SimDeviceEvent): void {
    const kept = ev.type === 'message' || ev.type === 'receipt' || ev.type.startsWith('group.')
    if (kept) this.unacked.push(ev)
    this.run(() => (this.abandoned && kept ? undefined : this.handle(ev)))
      .catch((e) => this.ctx.onError(e))
      .finally(() => {
        const i = this.unacked.indexOf(ev)
        if (i >= 0) this.unacked.splice(i, 1)
      })
  }

  /**
   * The connection died under the product (its process was killed): like WhatsApp with messages
   * a device never acknowledged, the events not yet handled go back to the device's offline
   * backlog, in order, for the next connection of the account, wherever it is made.
   */
  abandon(): void {
    if (this.abandoned) return
    this.abandoned = true
    const link = this.link
    if (!link) return
    const slot = this.ctx.network.world.phone(link.phone)?.devices.get(link.deviceId)
    if (!slot) return
    if (slot.device === this) slot.device = undefined
    slot.backlog.unshift(...this.unacked.splice(0))
  }

  startLogin(req: LoginRequest): Promise<void> {
    const phone = digitsOnly(req.phone ?? '')
    if (req.method === 'pairing_code' && !/^\d{6,20}$/.test(phone)) {
      return Promise.reject(
        new GatewayError('invalid_argument', 'pairing-code login needs the phone number with country code'),
      )
    }
    return this.run(async () => {
      this.reset()
      const old = this.link ?? (await this.ctx.links.load(this.accountId))
      if (old) {
        this.ctx.network.linker.unlink(old)
        await this.ctx.links.remove(this.accountId)
        this.link = undefined
      }
      await this.setStatus({ state: 'connecting' })
      this.ticket = this.ctx.network.linker.open(this)
      const lifetime = FIRST_QR_MS + NEXT_QR_MS * (this.ctx.qrRefs - 1)
      if (req.method === 'pairing_code') {
        const code = this.ctx.network.linker.pairingCode(this.ticket, phone)
        this.later(lifetime, () => this.expireLogin())
        await this.setStatus({ state: 'awaiting_pairing_code', code, phone })
      } else {
        await this.showQr(1)
      }
    })
  }

  startResume(): Promise<void> {
    return this.run(async () => {
      const link = await this.ctx.links.load(this.accountId)
      if (!link) throw new GatewayError('not_linked', `account ${this.accountId} has no linked device`)
      this.reset()
      this.link = link
      await this.connectNow()
    })
  }

  stop(logout: boolean): Promise<void> {
    return this.run(async () => {
      const wasActive = this.isActive
      this.reset()
      this.stopped = true
      const link = this.link ?? (logout ? await this.ctx.links.load(this.accountId) : undefined)
      if (link) this.ctx.network.linker.detach(link, this)
      if (logout && link) {
        this.ctx.network.linker.unlink(link)
        await this.ctx.links.remove(this.accountId)
        this.link = undefined
      }
      if (wasActive || logout)
        await this.setStatus({
          state: 'closed',
          reason: 'intentional',
          canResume: !logout,
          at: this.ctx.clock.now(),
        })
    })
  }

  /** The link, if the session is open: sending before open fails like Baileys would. */
  requireOpen(): SimLink {
    if (!this.isOpen || !this.link)
      throw new GatewayError('not_connected', `account ${this.accountId} is not online`)
    return this.link
  }

  private reset(): void {
    for (const c of this.timers.splice(0)) c()
    if (this.ticket) this.ctx.network.linker.close(this.ticket)
    this.ticket = undefined
    this.stopped = false
    this.attempt = 0
    this.badSessions = 0
    this.outdatedRetried = false
  }

  private later(ms: number, fn: () => Promise<void> | void): void {
    this.timers.push(this.ctx.clock.schedule(ms, () => void this.run(fn).catch((e) => this.ctx.onError(e))))
  }

  private async showQr(n: number): Promise<void> {
    if (!this.ticket) return
    if (n > this.ctx.qrRefs) return this.expireLogin()
    const qr = this.ctx.network.linker.issueQr(this.ticket)
    const ttl = n === 1 ? FIRST_QR_MS : NEXT_QR_MS
    const expiresAt = this.ctx.clock.now() + ttl
    this.later(ttl, () => this.showQr(n + 1))
    await this.setStatus({ state: 'awaiting_qr', qr, qrDataUrl: await qrDataUrl(qr), expiresAt })
  }

  private async expireLogin(): Promise<void> {
    if (!this.ticket) return
    this.reset()
    await this.setStatus({
      state: 'closed',
      reason: 'qr_expired',
      canResume: false,
      at: this.ctx.clock.now(),
      code: 408,
      detail: 'QR refs attempts ended',
    })
  }

  private async connectNow(reason?: DisconnectKind): Promise<void> {
    const link = this.link
    if (!link || this.stopped) return
    await this.setStatus({
      state: 'connecting',
      ...(this.attempt ? { attempt: this.attempt } : {}),
      ...(reason ? { reason } : {}),
    })
    const res = this.ctx.network.linker.connect(link, this)
    if (!res.ok) return this.closed(CLOSE_KIND[res.code], res.code, res.detail)
    this.attempt = 0
    this.badSessions = 0
    this.outdatedRetried = false
    const phone = this.ctx.network.world.phone(link.phone)
    const until = phone?.restrictedUntil
    this.restriction = until !== undefined && until > this.ctx.clock.now() ? { until } : undefined
    await this.setOpen()
  }

  private async setOpen(): Promise<void> {
    const link = this.link
    if (!link) return
    const w = this.ctx.network.world
    const phone = w.phone(link.phone)
    const me = {
      pn: phoneToJid(link.phone),
      lid: w.lidOf(link.phone),
      pushName: phone?.name,
      business: phone?.business ?? false,
    }
    await this.setStatus({
      state: 'open',
      me,
      ...(this.restriction ? { restriction: this.restriction } : {}),
    })
  }

  private async closed(reason: DisconnectKind, code: number, detail?: string): Promise<void> {
    if (this.stopped || !this.link) return
    const at = this.ctx.clock.now()
    const close = (canResume: boolean) =>
      this.setStatus({ state: 'closed', reason, canResume, at, code, ...(detail ? { detail } : {}) })
    if (reason === 'logged_out') {
      await this.ctx.links.remove(this.accountId)
      this.link = undefined
      return close(false)
    }
    if (reason === 'banned') return close(false)
    if (reason === 'replaced') return close(true)
    if (reason === 'bad_session' && ++this.badSessions > BAD_SESSION_RETRIES) return close(true)
    if (reason === 'client_outdated') return this.outdated(this.link, code)
    this.attempt++
    const delay = backoffDelay(this.attempt, this.ctx.backoff, this.ctx.random)
    this.later(delay, () => this.connectNow())
    await this.setStatus({ state: 'reconnecting', attempt: this.attempt, reason, retryAt: at + delay, code })
  }

  /**
   * WhatsApp refused the client version. As the Baileys link does: the first refusal is retried at
   * once (there with a freshly fetched version); refused again, the session waits for an update
   * (the network tells it when one is published) or, failing that, for the next version check.
   */
  private async outdated(link: SimLink, code: number): Promise<void> {
    if (!this.outdatedRetried) {
      this.outdatedRetried = true
      return this.connectNow('client_outdated')
    }
    this.attempt++
    const retryAt = this.ctx.clock.now() + WA_VERSION_REFRESH_MS
    this.ctx.network.linker.waitForUpdate(link, this)
    this.later(WA_VERSION_REFRESH_MS, () => this.connectNow())
    await this.setStatus({
      state: 'reconnecting',
      attempt: this.attempt,
      reason: 'client_outdated',
      retryAt,
      code,
    })
  }

  private async handle(ev: SimDeviceEvent): Promise<void> {
    const w = this.ctx.network.world
    switch (ev.type) {
      case 'linked':
        this.reset()
        this.link = ev.link
        await this.ctx.links.save(ev.link)
        // WhatsApp restarts the stream after pairing (515): reconnect at once
        return this.connectNow()
      case 'closed':
        if (this.link) this.ctx.network.linker.detach(this.link, this)
        return this.closed(ev.reason, ev.code, ev.detail)
      case 'update_available':
        if (this.status?.state !== 'reconnecting' || this.status.reason !== 'client_outdated') return
        for (const c of this.timers.splice(0)) c()
        return this.connectNow()
      case 'restriction':
        this.restriction = ev.until === null ? undefined : { until: ev.until }
        if (this.isOpen) await this.setOpen()
        return
      case 'message': {
        if (!this.link) return
        const m = toInbound(w, ev.message, this.link.phone, this.accountId, ev.live)
        const { pn, lid } = m.sender
        if (pn && lid && !this.knownLids.has(lid)) {
          this.knownLids.add(lid)
          await this.ctx.emit('identity.mapping', { accountId: this.accountId, pn, lid, via: 'message' })
        }
        return this.ctx.emit('message', m)
      }
      case 'identity':
        if (!this.link) return
        this.knownLids.add(ev.lid)
        return this.ctx.emit('identity.mapping', {
          accountId: this.accountId,
          pn: ev.pn,
          lid: ev.lid,
          via: 'mapping',
        })
      case 'receipt': {
        if (!this.link || ev.status === 'sent') return
        const update: GatewayEvents['message.status'] = {
          accountId: this.accountId,
          ref: refFor(ev.message, this.link.phone),
          status: ev.status,
          at: ev.at,
        }
        if (ev.by) update.by = phoneToJid(ev.by)
        return this.ctx.emit('message.status', update)
      }
      case 'group.updated':
        return this.ctx.emit('group.updated', { accountId: this.accountId, group: ev.group })
      case 'group.participants':
        return this.ctx.emit('group.participants', {
          accountId: this.accountId,
          groupId: ev.groupId,
          action: ev.action,
          participants: ev.participants.map(phoneToJid),
          ...(ev.author ? { author: phoneToJid(ev.author) } : {}),
        })
    }
  }

  private async setStatus(status: AccountStatus): Promise<void> {
    this.status = status
    await this.ctx.emit('status', { accountId: this.accountId, status })
  }
}
