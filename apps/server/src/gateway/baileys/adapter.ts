import type { Readable } from 'node:stream'
import {
  Browsers,
  generateMessageIDV2,
  jidNormalizedUser,
  makeWASocket,
  type WABrowserDescription,
  type WASocket,
  type WAVersion,
} from 'baileys'
import { type Logger, pino } from 'pino'
import { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { type BackoffOptions, RECONNECT_BACKOFF } from '../backoff.js'
import { type Clock, systemClock } from '../clock.js'
import { GatewayEmitter, type HandlerErrorSink } from '../emitter.js'
import { GatewayError } from '../errors.js'
import { digitsOnly, jidToPhone, phoneToJid, STATUS_JID } from '../jid.js'
import type {
  AccountId,
  AccountStatus,
  GroupInfo,
  GroupSetting,
  Jid,
  LoginRequest,
  MessageRef,
  MessagingGateway,
  NumberCheck,
  OutboundContent,
  ParticipantAction,
  PresenceKind,
  ProxyConfig,
  SendOptions,
  SentMessage,
  StatusContent,
} from '../messaging-gateway.js'
import { NumberChecker } from '../number-check.js'
import { WA_VERSION_REFRESH_MS, type WaVersion } from '../wa-version.js'
import type { AuthStateStore } from './auth-store.js'
import { BaileysConnection, type ConnectionVersions, type SocketFactory } from './connection.js'
import { dispatchBaileysEvents } from './events.js'
import { groupOps } from './group-ops.js'
import { downloadMedia, mediaMessageId } from './media.js'
import { MemoryMessageStore, type MessageStore } from './message-store.js'
import { timestampMs } from './normalize.js'
import { keyToRef } from './receipts.js'
import { refToKey, sendOptions, toBaileysContent, toGatewayError } from './send.js'
import { AccountMessages } from './stored-messages.js'

export interface BaileysGatewayOptions {
  store: AuthStateStore
  /** what retry requests and edits need after a restart (default: this process's memory only) */
  messages?: MessageStore
  logger?: Logger
  /** Baileys is chatty; its own log level (default 'warn') */
  baileysLogLevel?: string
  /** shown under Linked Devices on the phone */
  browser?: WABrowserDescription
  /** the WhatsApp Web version, learned and refreshed (gateway/wa-version.ts); without it `version` or the bundled one */
  versions?: WaVersion
  /** a fixed WhatsApp Web version to announce (tests); default Baileys' bundled one */
  version?: WAVersion
  clock?: Clock
  random?: () => number
  backoff?: BackoffOptions
  numberCheck?: { minIntervalMs?: number; cacheTtlMs?: number; batchSize?: number }
  /** also emit history-sync messages as live: false */
  emitHistory?: boolean
  onHandlerError?: HandlerErrorSink
  /** tests replace the socket */
  makeSocket?: SocketFactory
  /** the guard of addresses tenants set, for the accounts' proxies; default: private addresses refused */
  outbound?: Pick<OutboundGuard, 'connectAddress'>
}

/** The real WhatsApp link: one Baileys socket per account behind the MessagingGateway contract. */
export class BaileysGateway extends GatewayEmitter implements MessagingGateway {
  private readonly conns = new Map<AccountId, BaileysConnection>()
  private readonly knownLids = new Map<AccountId, Map<string, string>>()
  private readonly numbers: NumberChecker
  private readonly clock: Clock
  private readonly logger: Logger
  private readonly messages: MessageStore
  private readonly versions: ConnectionVersions
  private readonly outbound: Pick<OutboundGuard, 'connectAddress'>

  constructor(private readonly opts: BaileysGatewayOptions) {
    super(opts.onHandlerError)
    this.clock = opts.clock ?? systemClock
    this.logger = opts.logger ?? pino({ level: 'silent' })
    this.messages = opts.messages ?? new MemoryMessageStore()
    this.versions = connectionVersions(opts)
    this.outbound = opts.outbound ?? new OutboundGuard({ privateAddresses: false })
    this.numbers = new NumberChecker((id, phones) => this.lookupNumbers(id, phones), {
      clock: this.clock,
      ...opts.numberCheck,
    })
  }

  async login(accountId: AccountId, req: LoginRequest): Promise<void> {
    await this.conns.get(accountId)?.stop(false)
    await this.connection(accountId).startLogin(req)
  }

  async resume(accountId: AccountId, proxy?: ProxyConfig): Promise<void> {
    const existing = this.conns.get(accountId)
    if (existing?.isActive) return
    await this.connection(accountId).startResume(proxy)
  }

  async disconnect(accountId: AccountId): Promise<void> {
    await this.conns.get(accountId)?.stop(false)
  }

  async logout(accountId: AccountId): Promise<void> {
    const conn = this.conns.get(accountId)
    if (conn) await conn.stop(true)
    else await this.opts.store.clear(accountId)
  }

  getStatus(accountId: AccountId): AccountStatus | undefined {
    return this.conns.get(accountId)?.status
  }

  newMessageId(accountId: AccountId): string {
    return generateMessageIDV2(this.conns.get(accountId)?.sock?.user?.id)
  }

  async send(
    accountId: AccountId,
    to: Jid,
    content: OutboundContent,
    opts?: SendOptions,
  ): Promise<SentMessage> {
    const conn = this.open(accountId)
    const sock = conn.sock as WASocket
    const messageId = opts?.messageId ?? this.newMessageId(accountId)
    // known before sending, so the 'append' echo that may arrive first is recognised as ours
    conn.caches.rememberSent(messageId, null)
    try {
      const sent = await sock.sendMessage(
        to,
        toBaileysContent(content, opts?.mentions),
        sendOptions(opts, messageId),
      )
      conn.caches.rememberSent(messageId, sent?.message)
      await conn.messages.putSent(messageId, sent?.message)
      return this.sentOf(
        sent?.key ? keyToRef(sent.key) : { chatId: to, id: messageId, fromMe: true },
        sent?.messageTimestamp,
      )
    } catch (e) {
      throw toGatewayError(e)
    }
  }

  async revoke(accountId: AccountId, target: MessageRef): Promise<void> {
    const sock = this.sock(accountId)
    await this.call(() => sock.sendMessage(target.chatId, { delete: refToKey(target) }))
  }

  async edit(accountId: AccountId, target: MessageRef, text: string): Promise<void> {
    const sock = this.sock(accountId)
    await this.call(() => sock.sendMessage(target.chatId, { text, edit: refToKey(target) }))
  }

  async markRead(accountId: AccountId, refs: MessageRef[]): Promise<void> {
    if (refs.length === 0) return
    const sock = this.sock(accountId)
    await this.call(() => sock.readMessages(refs.map(refToKey)))
  }

  async downloadMedia(accountId: AccountId, handle: string): Promise<Readable> {
    const conn = this.conns.get(accountId)
    const sock = conn?.isOpen ? conn.sock : undefined
    const dispatcher = conn?.agents?.dispatcher
    const messages = conn?.messages ?? this.accountMessages(accountId)
    return downloadMedia(handle, {
      fetchOptions: dispatcher ? ({ dispatcher } as RequestInit) : undefined,
      reuploadRequest: sock ? (m) => sock.updateMediaMessage(m) : undefined,
      movedTo: await messages.mediaPath(mediaMessageId(handle)),
      onMoved: (id, path) => messages.setMediaPath(id, path),
      logger: this.logger,
    })
  }

  async postStatus(
    accountId: AccountId,
    content: StatusContent,
    audience: Jid[],
    style?: { backgroundColor?: string; font?: number },
    opts?: { messageId?: string },
  ): Promise<SentMessage> {
    if (audience.length === 0) throw new GatewayError('invalid_argument', 'a status post needs an audience')
    const conn = this.open(accountId)
    const sock = conn.sock as WASocket
    const messageId = opts?.messageId ?? this.newMessageId(accountId)
    conn.caches.rememberSent(messageId, null)
    const sent = await this.call(() =>
      sock.sendMessage(STATUS_JID, toBaileysContent(content), {
        messageId,
        statusJidList: audience,
        broadcast: true,
        ...style,
      }),
    )
    conn.caches.rememberSent(messageId, sent?.message)
    await conn.messages.putSent(messageId, sent?.message)
    return this.sentOf({ chatId: STATUS_JID, id: messageId, fromMe: true }, sent?.messageTimestamp)
  }

  async checkNumbers(accountId: AccountId, phones: string[]): Promise<NumberCheck[]> {
    this.open(accountId)
    return this.numbers.check(accountId, phones)
  }

  async profilePictureUrl(accountId: AccountId, jid: Jid, hiRes?: boolean): Promise<string | undefined> {
    const sock = this.sock(accountId)
    try {
      return await sock.profilePictureUrl(jid, hiRes ? 'image' : 'preview')
    } catch {
      return undefined // no picture, or hidden by privacy settings
    }
  }

  async setProfileName(accountId: AccountId, name: string): Promise<void> {
    await this.run(accountId, (sock) => sock.updateProfileName(name))
  }

  async setProfilePicture(accountId: AccountId, image: Buffer): Promise<void> {
    await this.run(accountId, async (sock) => {
      const me = sock.user?.id
      if (!me) throw new GatewayError('not_connected', `account ${accountId} is not online`)
      await sock.updateProfilePicture(jidNormalizedUser(me), image)
    })
  }

  async subscribePresence(accountId: AccountId, jid: Jid): Promise<void> {
    const sock = this.sock(accountId)
    await this.call(() => sock.presenceSubscribe(jid))
  }

  async setPresence(accountId: AccountId, presence: PresenceKind, jid?: Jid): Promise<void> {
    const sock = this.sock(accountId)
    await this.call(() => sock.sendPresenceUpdate(presence, jid))
  }

  groupInfo(accountId: AccountId, groupId: Jid): Promise<GroupInfo> {
    return this.run(accountId, (sock, conn) => groupOps.info(sock, conn.caches, groupId))
  }

  groupCreate(accountId: AccountId, subject: string, participants: Jid[]): Promise<GroupInfo> {
    return this.run(accountId, (sock, conn) => groupOps.create(sock, conn.caches, subject, participants))
  }

  groupParticipants(accountId: AccountId, groupId: Jid, action: ParticipantAction, jids: Jid[]) {
    return this.run(accountId, (sock, conn) =>
      groupOps.participants(sock, conn.caches, groupId, action, jids),
    )
  }

  groupInviteCode(accountId: AccountId, groupId: Jid): Promise<string> {
    return this.run(accountId, (sock) => groupOps.inviteCode(sock, groupId, false))
  }

  groupRevokeInvite(accountId: AccountId, groupId: Jid): Promise<string> {
    return this.run(accountId, (sock) => groupOps.inviteCode(sock, groupId, true))
  }

  groupJoin(accountId: AccountId, inviteCodeOrLink: string): Promise<Jid> {
    return this.run(accountId, (sock) => groupOps.join(sock, inviteCodeOrLink))
  }

  groupLeave(accountId: AccountId, groupId: Jid): Promise<void> {
    return this.run(accountId, (sock) => sock.groupLeave(groupId))
  }

  groupUpdate(
    accountId: AccountId,
    groupId: Jid,
    patch: { subject?: string; description?: string; setting?: GroupSetting },
  ): Promise<void> {
    return this.run(accountId, (sock, conn) => groupOps.update(sock, conn.caches, groupId, patch))
  }

  private async lookupNumbers(accountId: AccountId, phones: string[]): Promise<NumberCheck[]> {
    const sock = this.sock(accountId)
    const found = (await this.call(() => sock.onWhatsApp(...phones))) ?? []
    return found.map((r) => ({
      phone: jidToPhone(r.jid) ?? digitsOnly(r.jid),
      exists: r.exists,
      ...(r.exists ? { jid: phoneToJid(jidToPhone(r.jid) ?? r.jid) } : {}),
    }))
  }

  /** A new connection object for the account (the previous one, if any, is stopped by the caller). */
  private connection(accountId: AccountId): BaileysConnection {
    const conn = new BaileysConnection(accountId, {
      store: this.opts.store,
      messages: this.accountMessages(accountId),
      logger: this.logger.child({ module: 'baileys' }, { level: this.opts.baileysLogLevel ?? 'warn' }),
      clock: this.clock,
      random: this.opts.random ?? Math.random,
      makeSocket: this.opts.makeSocket ?? makeWASocket,
      browser: this.opts.browser ?? Browsers.ubuntu('Chrome'),
      versions: this.versions,
      backoff: this.opts.backoff ?? RECONNECT_BACKOFF,
      outbound: this.outbound,
      onStatus: (id, status) => this.emit('status', { accountId: id, status }),
      onEvents: (c, events) =>
        dispatchBaileysEvents(c, events, {
          emit: (event, payload) => this.emit(event, payload),
          now: () => this.clock.now(),
          emitHistory: this.opts.emitHistory ?? false,
          knownLids: this.lids(c.accountId),
          messages: this.messages,
          onError: (err) =>
            this.logger.error({ err, accountId }, 'keeping the secrets of received messages failed'),
        }),
    })
    this.conns.set(accountId, conn)
    return conn
  }

  private accountMessages(accountId: AccountId): AccountMessages {
    return new AccountMessages(accountId, this.messages, () => this.clock.now(), this.logger)
  }

  private lids(accountId: AccountId): Map<string, string> {
    const m = this.knownLids.get(accountId) ?? new Map<string, string>()
    this.knownLids.set(accountId, m)
    return m
  }

  /** The connection, if open: sending before open throws a bare TypeError inside Baileys. */
  private open(accountId: AccountId): BaileysConnection {
    const conn = this.conns.get(accountId)
    if (!conn?.isOpen) throw new GatewayError('not_connected', `account ${accountId} is not online`)
    return conn
  }

  private sock(accountId: AccountId): WASocket {
    return this.open(accountId).sock as WASocket
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (e) {
      throw toGatewayError(e)
    }
  }

  /** Run against the open socket; Baileys' failures come out as GatewayErrors. */
  private async run<T>(
    accountId: AccountId,
    fn: (sock: WASocket, conn: BaileysConnection) => Promise<T>,
  ): Promise<T> {
    const conn = this.open(accountId)
    return this.call(() => fn(conn.sock as WASocket, conn))
  }

  private sentOf(ref: MessageRef, ts: Parameters<typeof timestampMs>[0]): SentMessage {
    return { ref, timestamp: timestampMs(ts, this.clock.now()) }
  }
}

/** The versions as a connection sees them: learned and refreshed when a `WaVersion` is given, else fixed. */
function connectionVersions(opts: BaileysGatewayOptions): ConnectionVersions {
  const v = opts.versions
  if (!v) {
    return {
      current: async () => opts.version,
      rejected: async () => undefined,
      onChange: () => () => undefined,
      recheckMs: WA_VERSION_REFRESH_MS,
    }
  }
  return {
    current: async () => (await v.current()).version,
    rejected: async (version) => {
      if (version) await v.rejected(version)
      else await v.refresh(true)
    },
    onChange: (fn) => v.onChange(fn),
    recheckMs: v.refreshMs,
  }
}
