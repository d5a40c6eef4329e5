import {
  type BaileysEventMap,
  type ConnectionState,
  makeCacheableSignalKeyStore,
  type UserFacingSocketConfig,
  type WABrowserDescription,
  type WASocket,
  type WAVersion,
} from 'baileys'
import type { Logger } from 'pino'
import { type BackoffOptions, backoffDelay } from '../backoff.js'
import type { Cancel, Clock } from '../clock.js'
import { GatewayError } from '../errors.js'
import { digitsOnly, normalizeJid } from '../jid.js'
import type {
  AccountId,
  AccountStatus,
  DisconnectKind,
  LoginRequest,
  Me,
  ProxyConfig,
  Restriction,
} from '../port.js'
import { qrDataUrl } from '../qr.js'
import { type DatabaseAuthState, useDatabaseAuthState } from './auth-state.js'
import type { AuthStateStore } from './auth-store.js'
import { ConnectionCaches } from './caches.js'
import { BAD_SESSION_RETRIES, classifyDisconnect } from './disconnect.js'
import { createProxyAgents, type ProxyAgents } from './proxy-agents.js'

export type SocketFactory = (config: UserFacingSocketConfig) => WASocket

export interface ConnectionDeps {
  store: AuthStateStore
  logger: Logger
  clock: Clock
  random: () => number
  makeSocket: SocketFactory
  browser: WABrowserDescription
  /** the WhatsApp Web version to announce; undefined: Baileys' bundled one */
  version(): Promise<WAVersion | undefined>
  backoff: BackoffOptions
  onStatus(accountId: AccountId, status: AccountStatus): Promise<void>
  /** every other event batch of the live socket */
  onEvents(conn: BaileysConnection, events: Partial<BaileysEventMap>): Promise<void>
}

const FIRST_QR_MS = 60_000
const NEXT_QR_MS = 20_000

/**
 * One account's link: creates sockets (Baileys never reconnects itself), runs the QR and
 * pairing-code logins, and decides after every close whether to reconnect now (515), later
 * (backoff), a few times (500) or never (401, 403, 440, 411, QR expired).
 */
export class BaileysConnection {
  status: AccountStatus | undefined
  sock: WASocket | undefined
  me: Me | undefined
  restriction: Restriction | undefined
  agents: ProxyAgents | undefined
  readonly caches: ConnectionCaches
  private auth: DatabaseAuthState | undefined
  private login: LoginRequest | undefined
  private proxy: ProxyConfig | undefined
  private attempt = 0
  private badSessions = 0
  private qrCount = 0
  private pairingRequested = false
  private stopped = false
  private generation = 0
  private cancelRetry: Cancel | undefined
  private batches: Promise<void> = Promise.resolve()

  constructor(
    readonly accountId: AccountId,
    private readonly deps: ConnectionDeps,
  ) {
    this.caches = new ConnectionCaches(() => deps.clock.now())
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
    this.cancelRetry?.()
    this.cancelRetry = undefined
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
    if (logout) await this.deps.store.clear(this.accountId)
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
    this.cancelRetry?.()
    await this.openSocket()
  }

  private async openSocket(): Promise<void> {
    const gen = ++this.generation
    await this.setStatus({ state: 'connecting', ...(this.attempt ? { attempt: this.attempt } : {}) })
    try {
      this.agents = this.proxy ? await createProxyAgents(this.proxy) : undefined
    } catch (e) {
      return this.close('proxy_error', true, undefined, e instanceof Error ? e.message : String(e))
    }
    const auth = await useDatabaseAuthState(this.deps.store, this.accountId)
    const version = await this.deps.version()
    if (gen !== this.generation || this.stopped) return
    this.auth = auth
    const logger = this.deps.logger.child({ accountId: this.accountId })
    const config: UserFacingSocketConfig = {
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
      logger,
      browser: this.deps.browser,
      markOnlineOnConnect: false,
      syncFullHistory: false,
      emitOwnEvents: true,
      msgRetryCounterCache: this.caches.retryCounters,
      getMessage: async (key) => (key.id ? this.caches.sentMessage(key.id) : undefined),
      cachedGroupMetadata: async (jid) => this.caches.group(jid),
    }
    if (version) config.version = version
    if (this.agents) {
      config.agent = this.agents.agent
      config.fetchAgent = this.agents.agent
      if (this.agents.dispatcher) config.options = { dispatcher: this.agents.dispatcher } as RequestInit
    }
    const sock = this.deps.makeSocket(config)
    this.sock = sock
    // Baileys does not await process handlers: chain the batches so they are handled one at a
    // time, in order, with the product's handlers applying back-pressure
    sock.ev.process((events) => {
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
    if (events['creds.update']) await this.auth?.saveCreds()
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
      this.login = undefined
      const user = sock.user
      this.me = user
        ? {
            pn: normalizeJid(user.id),
            lid: user.lid ? normalizeJid(user.lid) : undefined,
            pushName: user.name ?? user.notify,
            // the Business app links as platform smba (Android) or smbi (iOS)
            business: /^smb/.test(sock.authState?.creds?.platform ?? ''),
          }
        : undefined
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
      await this.deps.store.clear(this.accountId)
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
        await this.deps.store.clear(this.accountId)
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
    if (cls.wipeAuth) await this.deps.store.clear(this.accountId)
    if (cls.kind === 'restart_required') return this.openSocket()
    if (cls.terminal) return this.close(cls.kind, cls.kind === 'replaced', code, message)
    if (this.login) {
      // the link never finished: a new socket would show a new QR nobody asked for
      await this.deps.store.clear(this.accountId)
      return this.close(cls.kind, false, code, message)
    }
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
    this.cancelRetry = this.deps.clock.schedule(delay, () => {
      this.cancelRetry = undefined
      if (this.stopped) return
      this.openSocket().catch((e) => {
        this.deps.logger.error({ err: e, accountId: this.accountId }, 'reconnect failed')
        this.scheduleRetry('unknown', undefined)
      })
    })
  }

  private async close(
    reason: DisconnectKind,
    canResume: boolean,
    code: number | undefined,
    detail: string,
  ): Promise<void> {
    this.generation++
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
