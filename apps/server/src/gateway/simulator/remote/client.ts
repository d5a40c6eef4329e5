import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { io, type Socket } from 'socket.io-client'
import { GatewayEmitter, type HandlerErrorSink } from '../../emitter.js'
import { GatewayError } from '../../errors.js'
import type {
  AccountId,
  AccountStatus,
  GatewayEvents,
  GroupInfo,
  GroupSetting,
  Jid,
  LoginRequest,
  MediaInput,
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
} from '../../messaging-gateway.js'
import type { SimLinkStore } from '../link-store.js'
import { type PendingQrLogin, PHONE_METHODS, type SimPhoneNetwork } from './phone-api.js'
import {
  answer,
  CHANNEL,
  GATEWAY_EVENTS,
  type GatewayMethod,
  isMethod,
  LINK_METHODS,
  type Reply,
  restoreArgs,
  unwrap,
} from './protocol.js'

export interface RemoteSimGatewayOptions {
  /** the simulated network's service, e.g. http://127.0.0.1:8090 */
  url: string
  /** where this process keeps links (the product database): the service loads and saves through it */
  links: SimLinkStore
  /** a call waits this long for the service to be reachable, then fails with not_connected */
  connectTimeoutMs?: number
  /** a call the service does not answer within this fails with timeout */
  callTimeoutMs?: number
  onHandlerError?: HandlerErrorSink
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c))
  return Buffer.concat(chunks)
}

/** Streams cannot cross the wire: they are read here and sent as bytes; urls go as they are. */
async function wireMedia(media: MediaInput): Promise<MediaInput> {
  return 'stream' in media ? { buffer: await readAll(media.stream) } : media
}

async function wireContent<C extends OutboundContent>(content: C): Promise<C> {
  return 'media' in content ? { ...content, media: await wireMedia(content.media) } : content
}

/**
 * The product's side of the shared simulated network: the same contract as the in-process simulator
 * gateway, every call made on the service. Status events are kept per account, so `getStatus`
 * answers at once; while the service is unreachable, every account reads as closed.
 */
export class RemoteSimGateway extends GatewayEmitter implements MessagingGateway {
  /** the phones' side of the same network (the /sim page) */
  readonly phones: SimPhoneNetwork
  private readonly socket: Socket
  private readonly statuses = new Map<AccountId, AccountStatus>()
  private closing = false

  constructor(private readonly opts: RemoteSimGatewayOptions) {
    super(opts.onHandlerError)
    this.socket = io(opts.url, { transports: ['websocket'], reconnectionDelayMax: 2_000 })
    this.socket.on(CHANNEL.event, (name: unknown, payload: unknown, ack: unknown) => {
      void this.receive(name, payload).finally(() => {
        if (typeof ack === 'function') ack()
      })
    })
    this.socket.on(CHANNEL.links, (method: unknown, args: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return
      void answer(() => {
        if (!isMethod(LINK_METHODS, method)) throw new GatewayError('invalid_argument', 'unknown link call')
        const fn = opts.links[method] as (...a: unknown[]) => unknown
        return fn.apply(opts.links, restoreArgs(args))
      }).then(ack as (r: Reply) => void)
    })
    this.socket.on('disconnect', (reason) => {
      // a service that shut down (or restarts) ends the connection itself: keep trying, as for a dropped one
      if (reason === 'io server disconnect' && !this.closing) this.socket.connect()
      void this.lost()
    })
    const phones: Partial<Record<(typeof PHONE_METHODS)[number], unknown>> = {}
    for (const m of PHONE_METHODS) phones[m] = (...args: unknown[]) => this.call(CHANNEL.phone, m, args)
    this.phones = phones as SimPhoneNetwork
  }

  get connected(): boolean {
    return this.socket.connected
  }

  /** Resolves once the service is reachable (or rejects after `timeoutMs`). */
  ready(timeoutMs = this.opts.connectTimeoutMs ?? 5_000): Promise<void> {
    if (this.socket.connected) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const onConnect = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.socket.off('connect', onConnect)
        reject(new GatewayError('not_connected', `the simulated network at ${this.opts.url} is unreachable`))
      }, timeoutMs)
      this.socket.once('connect', onConnect)
    })
  }

  /** Close the connection: the service closes every session of this process. */
  async close(): Promise<void> {
    this.closing = true
    this.socket.disconnect()
  }

  // --- the gateway contract ---------------------------------------------------------------------------------

  login(accountId: AccountId, req: LoginRequest): Promise<void> {
    return this.gw('login', accountId, req)
  }
  resume(accountId: AccountId, proxy?: ProxyConfig): Promise<void> {
    return this.gw('resume', accountId, proxy)
  }
  disconnect(accountId: AccountId): Promise<void> {
    return this.gw('disconnect', accountId)
  }
  logout(accountId: AccountId): Promise<void> {
    return this.gw('logout', accountId)
  }
  getStatus(accountId: AccountId): AccountStatus | undefined {
    return this.statuses.get(accountId)
  }
  newMessageId(_accountId: AccountId): string {
    return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`
  }
  async send(
    accountId: AccountId,
    to: Jid,
    content: OutboundContent,
    opts?: SendOptions,
  ): Promise<SentMessage> {
    return this.gw('send', accountId, to, await wireContent(content), opts)
  }
  revoke(accountId: AccountId, target: MessageRef): Promise<void> {
    return this.gw('revoke', accountId, target)
  }
  edit(accountId: AccountId, target: MessageRef, text: string): Promise<void> {
    return this.gw('edit', accountId, target, text)
  }
  markRead(accountId: AccountId, refs: MessageRef[]): Promise<void> {
    return this.gw('markRead', accountId, refs)
  }
  async downloadMedia(accountId: AccountId, handle: string): Promise<Readable> {
    const bytes = await this.gw<Buffer>('downloadMedia', accountId, handle)
    return Readable.from([Buffer.from(bytes)])
  }
  async postStatus(
    accountId: AccountId,
    content: StatusContent,
    audience: Jid[],
    style?: { backgroundColor?: string; font?: number },
    opts?: { messageId?: string },
  ): Promise<SentMessage> {
    return this.gw('postStatus', accountId, await wireContent(content), audience, style, opts)
  }
  checkNumbers(accountId: AccountId, phones: string[]): Promise<NumberCheck[]> {
    return this.gw('checkNumbers', accountId, phones)
  }
  profilePictureUrl(accountId: AccountId, jid: Jid, hiRes?: boolean): Promise<string | undefined> {
    return this.gw('profilePictureUrl', accountId, jid, hiRes)
  }
  setProfileName(accountId: AccountId, name: string): Promise<void> {
    return this.gw('setProfileName', accountId, name)
  }
  setProfilePicture(accountId: AccountId, image: Buffer): Promise<void> {
    return this.gw('setProfilePicture', accountId, image)
  }
  subscribePresence(accountId: AccountId, jid: Jid): Promise<void> {
    return this.gw('subscribePresence', accountId, jid)
  }
  setPresence(accountId: AccountId, presence: PresenceKind, jid?: Jid): Promise<void> {
    return this.gw('setPresence', accountId, presence, jid)
  }
  groupInfo(accountId: AccountId, groupId: Jid): Promise<GroupInfo> {
    return this.gw('groupInfo', accountId, groupId)
  }
  groupCreate(accountId: AccountId, subject: string, participants: Jid[]): Promise<GroupInfo> {
    return this.gw('groupCreate', accountId, subject, participants)
  }
  groupParticipants(
    accountId: AccountId,
    groupId: Jid,
    action: ParticipantAction,
    jids: Jid[],
  ): Promise<{ jid: Jid; status: string }[]> {
    return this.gw('groupParticipants', accountId, groupId, action, jids)
  }
  groupInviteCode(accountId: AccountId, groupId: Jid): Promise<string> {
    return this.gw('groupInviteCode', accountId, groupId)
  }
  groupRevokeInvite(accountId: AccountId, groupId: Jid): Promise<string> {
    return this.gw('groupRevokeInvite', accountId, groupId)
  }
  groupJoin(accountId: AccountId, inviteCodeOrLink: string): Promise<Jid> {
    return this.gw('groupJoin', accountId, inviteCodeOrLink)
  }
  groupLeave(accountId: AccountId, groupId: Jid): Promise<void> {
    return this.gw('groupLeave', accountId, groupId)
  }
  groupUpdate(
    accountId: AccountId,
    groupId: Jid,
    patch: { subject?: string; description?: string; setting?: GroupSetting },
  ): Promise<void> {
    return this.gw('groupUpdate', accountId, groupId, patch)
  }

  // --- what the in-process simulator gateway offers besides the contract -----------------------------

  /** Resolves when every event the service queued for this process's accounts has been handled. */
  idle(accountId?: AccountId): Promise<void> {
    return this.gw('idle', accountId)
  }

  /** The QRs this process's pending logins show. */
  pendingQrLogins(): Promise<PendingQrLogin[]> {
    return this.gw('pendingQrLogins')
  }

  // --- wire ----------------------------------------------------------------------------------

  private gw<T>(method: GatewayMethod, ...args: unknown[]): Promise<T> {
    return this.call<T>(CHANNEL.gateway, method, args)
  }

  private async call<T>(channel: string, method: string, args: unknown[]): Promise<T> {
    if (this.closing) throw new GatewayError('not_connected', 'the simulated network connection is closed')
    await this.ready()
    let reply: Reply<T>
    try {
      reply = await this.socket.timeout(this.opts.callTimeoutMs ?? 30_000).emitWithAck(channel, method, args)
    } catch {
      throw new GatewayError('timeout', `the simulated network did not answer ${method}`)
    }
    return unwrap(reply)
  }

  private async receive(name: unknown, payload: unknown): Promise<void> {
    if (!isMethod(GATEWAY_EVENTS, name)) return
    if (name === 'status') {
      const { accountId, status } = payload as GatewayEvents['status']
      this.statuses.set(accountId, status)
    }
    await this.emit(name, payload as GatewayEvents[typeof name])
  }

  /** The service is gone: every live account is closed, as a dropped connection closes Baileys. */
  private async lost(): Promise<void> {
    if (this.closing) return
    const at = Date.now()
    for (const [accountId, prev] of [...this.statuses]) {
      if (prev.state === 'closed') continue
      const status: AccountStatus = {
        state: 'closed',
        reason: 'connection_lost',
        canResume: prev.state !== 'awaiting_qr' && prev.state !== 'awaiting_pairing_code',
        at,
        code: 408,
        detail: 'the simulated network is unreachable',
      }
      this.statuses.set(accountId, status)
      await this.emit('status', { accountId, status })
    }
  }
}
