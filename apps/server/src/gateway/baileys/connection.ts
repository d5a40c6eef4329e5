import type { BaileysEventMap, ConnectionState, WASocket, WAVersion } from 'baileys'
import { backoffDelay } from '../backoff.js'
import type { Cancel } from '../clock.js'
import { GatewayError } from '../errors.js'
import { digitsOnly } from '../jid.js'
import type {
  AccountId,
  AccountStatus,
  DisconnectKind,
  LoginRequest,
  Me,
  ProxyConfig,
  Restriction,
} from '../messaging-gateway.js'
import { qrDataUrl } from '../qr.js'
import { type DatabaseAuthState, useDatabaseAuthState } from './auth-state.js'
import { ConnectionCaches } from './caches.js'
import { type ConnectionDeps, isPaired, meOf, socketConfig } from './connection-deps.js'
import { BAD_SESSION_RETRIES, classifyDisconnect } from './disconnect.js'
import { createProxyAgents, type ProxyAgents } from './proxy-agents.js'
import type { AccountMessages } from './stored-messages.js'

export type { ConnectionDeps, ConnectionVersions, SocketFactory } from './connection-deps.js'

const FIRST_QR_MS = 60_000
const NEXT_QR_MS = 20_000

/**
 * One account's link: creates sockets (Baileys never reconnects itself), runs the QR and
 * pairing-code logins, and decides after every close whether to reconnect now (515, a first
 * 405 with a freshly learned version), later (backoff), a few times (500), when a newer version
 * is known (405 again), or never (401, 403, 440, 411, QR expired).
 */
export class BaileysConnection {
  status: AccountStatus | undefined
  sock: WASocket | undefined
  me: Me | undefined
  restriction: Restriction | undefined
  agents: ProxyAgents | undefined
  readonly caches: ConnectionCaches
  readonly messages: AccountMessages
  private auth: DatabaseAuthState | undefined
  /** set while a link is being made; cleared once WhatsApp accepted the pairing */
  private login: LoginRequest | undefined
  private proxy: ProxyConfig | undefined
  private version: WAVersion | undefined
  private attempt = 0
  private badSessions = 0
  /** a 405 was already answered with a freshly learned version since the last open */
  private outdatedRetried = false
  private qrCount = 0
  private pairingRequested = false
  private stopped = false
  private generation = 0
  private cancelRetry: Cancel | undefined
  private stopWaiting: (() => void) | undefined
  private batches: Promise<void> = Promise.resolve()
  private credsSaved: Promise<void> = Promise.resolve()

  constructor(
    readonly accountId: AccountId,
    private readonly deps: ConnectionDeps<BaileysConnection>,
  ) {
    this.caches = new ConnectionCaches(() => deps.clock.now())
    this.messages = deps.messages
  }

  get isOpen(): boolean {
    return this.status?.state === 'open' && this.sock !== undefined
  }

  /** Whether a socket or a scheduled reconnect is live. */
  get isActive(): boolean {
    const s = this.status?.state
    return s !== undefined && s !== 'closed'
  }

  /** A fresh link: stored auth is discarded first. */
  async startLogin(req: LoginRequest): Promise<void> {
    if (req.method === 'pairing_code' && !/^\d{6,20}$/.test(digitsOnly(req.phone ?? ''))) {
      throw new GatewayError(
        'invalid_argument',
        'pairing-code login needs the phone number with country code',
      )
    }
    await this.deps.store.clear(this.accountId)
    this.login = req
    this.proxy = req.proxy
    this.pairingRequested = false
    this.qrCount = 0
    await this.begin()
  }

  /** Reconnect with stored auth; rejects with not_linked when the account never finished a link. */
  async startResume(proxy?: ProxyConfig): Promise<void> {
    const auth = await useDatabaseAuthState(this.deps.store, this.accountId)
    if (!auth.registered)
      throw new GatewayError('not_linked', `account ${this.accountId} has no linked device`)
    this.login = undefined
    this.proxy = proxy
    await this.begin()
  }

  /** Close without reconnecting; `logout` also unlinks the device and wipes auth. */
  async stop(logout: boolean): Promise<void> {
    const wasActive = this.isActive
    this.stopped = true
    this.cancelWaits()
    const sock = this.sock
    this.sock = undefined
    this.generation++
    if (sock) {
      try {
        if (logout && this.status?.state === 'open') await sock.logout()
        else await sock.end(undefined)
      } catch (e) {
        this.deps.logger.warn({ err: e, accountId: this.accountId }, 'closing the socket failed')
      }
    }
    // a creds save under way lands before what comes next (the wipe, or a new login's creds)
    await (logout ? this.wipeAuth() : this.credsSaved)
    // an account already closed (banned, pushed out…) keeps that status unless it is logged out
    if (wasActive || logout) {
      await this.setStatus({
        state: 'closed',
        reason: 'intentional',
        canResume: !logout,
        at: this.deps.clock.now(),
      })
    }
  }

  private async begin(): Promise<void> {
    this.stopped = false
    this.attempt = 0
    this.badSessions = 0
    this.outdatedRetried = false
    this.cancelWaits()
    await this.openSocket()
  }

  /** `reason`: why this socket follows the last at once (a 405 is retried with a newly learned version). */
  private async openSocket(reason?: DisconnectKind): Promise<void> {
    const gen = ++this.generation
    this.cancelWaits()
    await this.setStatus({
      state: 'connecting',
      ...(this.attempt ? { attempt: this.attempt } : {}),
      ...(reason ? { reason } : {}),
    })
    try {
      this.agents = this.proxy ? await createProxyAgents(this.proxy, this.deps.outbound) : undefined
    } catch (e) {
      return this.close('proxy_error', true, undefined, e instanceof Error ? e.message : String(e))
    }
    if (reason === 'client_outdated') await this.deps.versions.rejected(this.version)
    // the last socket's creds (a pairing has just saved them) are read back from the store
    await this.credsSaved
    const auth = await useDatabaseAuthState(this.deps.store, this.accountId)
    const version = await this.deps.versions.current()
    if (gen !== this.generation || this.stopped) return
    this.auth = auth
    this.version = version
    if (this.login && isPaired(auth.state.creds)) this.login = undefined
    // a login retried on a new socket starts its QR (or pairing code) over
    if (this.login) [this.qrCount, this.pairingRequested] = [0, false]
    const sock = this.deps.makeSocket(
      socketConfig({
        auth,
        logger: this.deps.logger.child({ accountId: this.accountId }),
        browser: this.deps.browser,
        version,
        agents: this.agents,
        retryCounters: this.caches.retryCounters,
        // a retry request is answered from this socket's recent sends, then from the store
        getMessage: async (key) =>
          (key.id ? this.caches.sentMessage(key.id) : undefined) ?? this.messages.forBaileys(key),
        cachedGroupMetadata: (jid) => this.caches.groupOrFetch(jid, this.sock),
      }),
    )
    this.sock = sock
    // Baileys does not await process handlers: chain the batches so they are handled one at a
    // time, in order, with the product's handlers applying back-pressure
    sock.ev.process((events) => {
      // creds are saved as they come: behind the handling of earlier batches (media downloads can
      // take minutes) a crash would lose keys WhatsApp already counts as ours
      if (events['creds.update'] && gen === this.generation) this.saveCreds(auth)
      this.batches = this.batches.then(async () => {
        if (gen !== this.generation) return
        try {
          await this.onBatch(sock, events)
        } catch (e) {
          this.deps.logger.error(
            { err: e, accountId: this.accountId },
            'handling a Baileys event batch failed',
          )
        }
      })
      return this.batches
    })
  }

  private async onBatch(sock: WASocket, events: Partial<BaileysEventMap>): Promise<void> {
    const update = events['connection.update']
    if (update) await this.onConnectionUpdate(sock, update)
    if (this.sock === sock) await this.deps.onEvents(this, events)
  }

  private async onConnectionUpdate(sock: WASocket, u: Partial<ConnectionState>): Promise<void> {
    if (u.qr) await this.onQr(sock, u.qr)
    if (u.reachoutTimeLock) {
      const t = u.reachoutTimeLock
      await this.setRestriction(
        t.isActive ? { until: t.timeEnforcementEnds?.getTime(), enforcement: t.enforcementType } : undefined,
      )
    }
    if (u.connection === 'open') {
      this.attempt = 0
      this.badSessions = 0
      this.outdatedRetried = false
      this.login = undefined
      this.me = meOf(sock)
      await this.setStatus({
        state: 'open',
        me: this.me ?? {},
        ...(this.restriction ? { restriction: this.restriction } : {}),
      })
    }
    if (u.connection === 'close') {
      const err = u.lastDisconnect?.error as (Error & { output?: { statusCode?: number } }) | undefined
      await this.onClose(sock, err?.output?.statusCode, err?.message ?? '')
    }
  }

  private async onQr(sock: WASocket, qr: string): Promise<void> {
    const login = this.login
    if (!login) {
      // a resumed socket asked for a QR: the stored link is no longer valid
      await this.wipeAuth()
      await this.endSocket(sock)
      return this.close('logged_out', false, 401, 'the stored link was rejected')
    }
    if (login.method === 'pairing_code') {
      if (this.pairingRequested || this.auth?.state.creds.registered) return
      this.pairingRequested = true
      const phone = digitsOnly(login.phone ?? '')
      try {
        const code = await sock.requestPairingCode(phone)
        await this.setStatus({ state: 'awaiting_pairing_code', code, phone })
      } catch (e) {
        // requestPairingCode writes the phone into creds before it can fail: reset them
        await this.wipeAuth()
        await this.endSocket(sock)
        await this.close('login_failed', false, undefined, e instanceof Error ? e.message : String(e))
      }
      return
    }
    this.qrCount++
    const expiresAt = this.deps.clock.now() + (this.qrCount === 1 ? FIRST_QR_MS : NEXT_QR_MS)
    await this.setStatus({ state: 'awaiting_qr', qr, qrDataUrl: await qrDataUrl(qr), expiresAt })
  }

  private async onClose(sock: WASocket, code: number | undefined, message: string): Promise<void> {
    if (this.sock !== sock) return
    this.sock = undefined
    if (this.stopped) return
    const cls = classifyDisconnect(code, message)
    // until WhatsApp accepted a pairing the creds are half made; after it they are a linked device
    // on the customer's phone, kept through transient closes like any other link
    const linking = this.login !== undefined && !isPaired(this.auth?.state.creds)
    if (cls.wipeAuth) await this.wipeAuth()
    if (cls.kind === 'restart_required') return this.openSocket()
    if (cls.terminal) return this.close(cls.kind, cls.kind === 'replaced', code, message)
    if (cls.kind === 'client_outdated' && !this.outdatedRetried) {
      this.outdatedRetried = true
      // a login tried again starts from fresh creds (a pairing code may have written the phone)
      if (linking) await this.wipeAuth()
      return this.openSocket('client_outdated')
    }
    if (linking) {
      // the link never finished: a new socket would show a new QR nobody asked for
      await this.wipeAuth()
      return this.close(cls.kind, false, code, message)
    }
    if (cls.kind === 'client_outdated') return this.waitForNewerVersion(code)
    if (cls.kind === 'bad_session' && ++this.badSessions > BAD_SESSION_RETRIES) {
      return this.close('bad_session', true, code, message)
    }
    this.scheduleRetry(cls.kind, code)
  }

  private scheduleRetry(reason: DisconnectKind, code: number | undefined): void {
    this.attempt++
    const delay = backoffDelay(this.attempt, this.deps.backoff, this.deps.random)
    const retryAt = this.deps.clock.now() + delay
    void this.setStatus({
      state: 'reconnecting',
      attempt: this.attempt,
      reason,
      retryAt,
      ...(code ? { code } : {}),
    })
    this.cancelRetry = this.deps.clock.schedule(delay, () => this.reopen())
  }

  /** A reconnect that was waiting is due. */
  private reopen(): void {
    this.cancelWaits()
    if (this.stopped) return
    this.openSocket().catch((e) => {
      this.deps.logger.error({ err: e, accountId: this.accountId }, 'reconnect failed')
      this.scheduleRetry('unknown', undefined)
    })
  }

  /**
   * Refused again with the newest version that could be learned: try again when a newer one is
   * known (the refresh here or another process found it) or, failing that, after `recheckMs`.
   */
  private async waitForNewerVersion(code: number | undefined): Promise<void> {
    this.attempt++
    const delay = this.deps.versions.recheckMs
    this.cancelRetry = this.deps.clock.schedule(delay, () => this.reopen())
    this.stopWaiting = this.deps.versions.onChange(() => this.reopen())
    await this.setStatus({
      state: 'reconnecting',
      attempt: this.attempt,
      reason: 'client_outdated',
      retryAt: this.deps.clock.now() + delay,
      ...(code ? { code } : {}),
    })
  }

  private cancelWaits(): void {
    this.cancelRetry?.()
    this.cancelRetry = undefined
    this.stopWaiting?.()
    this.stopWaiting = undefined
  }

  private saveCreds(auth: DatabaseAuthState): void {
    this.credsSaved = auth.saveCreds().catch((e) => {
      this.deps.logger.error({ err: e, accountId: this.accountId }, 'saving the creds failed')
    })
  }

  /** Delete the auth state once the creds saves under way have landed (they would bring it back). */
  private async wipeAuth(): Promise<void> {
    await this.credsSaved
    await this.deps.store.clear(this.accountId)
  }

  private async close(
    reason: DisconnectKind,
    canResume: boolean,
    code: number | undefined,
    detail: string,
  ): Promise<void> {
    this.generation++
    this.cancelWaits()
    this.login = undefined
    const status: AccountStatus = { state: 'closed', reason, canResume, at: this.deps.clock.now() }
    if (code !== undefined) status.code = code
    if (detail) status.detail = detail
    await this.setStatus(status)
  }

  private async endSocket(sock: WASocket): Promise<void> {
    if (this.sock === sock) this.sock = undefined
    this.generation++
    await sock.end(undefined).catch(() => undefined)
  }

  private async setRestriction(r: Restriction | undefined): Promise<void> {
    this.restriction = r
    if (this.status?.state === 'open') {
      await this.setStatus({ state: 'open', me: this.status.me, ...(r ? { restriction: r } : {}) })
    }
  }

  /**
   * An ack 463 arrived: restricted from new chats. The end is unknown until WhatsApp says, so
   * ask; the answer comes back as a connection.update (and may lift it: a 463 can also mean a
   * single contact's missing privacy token).
   */
  async markRestricted(): Promise<void> {
    if (this.restriction) return
    await this.setRestriction({})
    this.sock?.fetchAccountReachoutTimelock().catch((e) => {
      this.deps.logger.debug({ err: e, accountId: this.accountId }, 'fetching the reach-out time-lock failed')
    })
  }

  private async setStatus(status: AccountStatus): Promise<void> {
    this.status = status
    await this.deps.onStatus(this.accountId, status)
  }
}
