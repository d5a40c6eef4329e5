import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { type BackoffOptions, RECONNECT_BACKOFF } from '../backoff.js'
import { GatewayEmitter, type HandlerErrorSink } from '../emitter.js'
import { GatewayError } from '../errors.js'
import { digitsOnly, jidToPhone, normalizeJid, STATUS_JID } from '../jid.js'
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
import { outboundBody, refFor } from './content.js'
import { admitDeviceSend } from './faults.js'
import * as groups from './groups.js'
import { MemoryLinkStore, type SimLinkStore } from './link-store.js'
import type { SimNetwork } from './network.js'
import { deliver, isEditableNow, markRead, postStatus } from './routing.js'
import { SimSession } from './session.js'
import type { SimLink } from './types.js'

export interface SimulatorGatewayOptions {
  network: SimNetwork
  /** where links live across restarts (default: memory) */
  links?: SimLinkStore
  random?: () => number
  backoff?: BackoffOptions
  /** QR refs per login (default 6: 60 s + 5 × 20 s) */
  qrRefs?: number
  /** ids of our sends drawn from the network's seed (replay tests); by default random, so a
   *  restarted network never hands out an id already stored */
  seededMessageIds?: boolean
  numberCheck?: { minIntervalMs?: number; cacheTtlMs?: number; batchSize?: number }
  onHandlerError?: HandlerErrorSink
}

/** The product's side of the simulated network: the same contract as the Baileys adapter. */
export class SimulatorGateway extends GatewayEmitter implements MessagingGateway {
  readonly network: SimNetwork
  readonly links: SimLinkStore
  private readonly sessions = new Map<AccountId, SimSession>()
  private readonly numbers: NumberChecker

  constructor(private readonly opts: SimulatorGatewayOptions) {
    super(opts.onHandlerError)
    this.network = opts.network
    this.links = opts.links ?? new MemoryLinkStore()
    this.numbers = new NumberChecker(async (_id, phones) => this.network.lookup(phones), {
      clock: this.network.clock,
      ...opts.numberCheck,
    })
  }

  /** Every link this gateway knows (for a server that keeps them elsewhere). */
  exportLinks(): Promise<SimLink[]> {
    return this.links.list()
  }

  async importLinks(links: SimLink[]): Promise<void> {
    for (const l of links) await this.links.save(l)
  }

  /** Resolves when every queued event of the account has been handled (tests, benchmarks). */
  async idle(accountId?: AccountId): Promise<void> {
    const list = accountId ? [this.sessions.get(accountId)] : [...this.sessions.values()]
    for (const s of list) await s?.idle()
  }

  login(accountId: AccountId, req: LoginRequest): Promise<void> {
    return this.session(accountId).startLogin(req)
  }

  async resume(accountId: AccountId, _proxy?: ProxyConfig): Promise<void> {
    const s = this.session(accountId)
    if (s.isActive) return
    await s.startResume()
  }

  async disconnect(accountId: AccountId): Promise<void> {
    await this.sessions.get(accountId)?.stop(false)
  }

  async logout(accountId: AccountId): Promise<void> {
    await this.session(accountId).stop(true)
  }

  /**
   * The product's process died holding the account: what it had not yet handled goes back to the
   * network for the next connection; then close as `disconnect` does.
   */
  async abandon(accountId: AccountId): Promise<void> {
    this.sessions.get(accountId)?.abandon()
    await this.disconnect(accountId)
  }

  getStatus(accountId: AccountId): AccountStatus | undefined {
    return this.sessions.get(accountId)?.status
  }

  /** The QR codes pending logins show right now: what a phone's camera can scan (the /sim page). */
  pendingQrLogins(): { accountId: AccountId; qr: string; qrDataUrl: string; expiresAt: number }[] {
    const now = this.network.clock.now()
    const out: { accountId: AccountId; qr: string; qrDataUrl: string; expiresAt: number }[] = []
    for (const [accountId, s] of this.sessions) {
      const st = s.status
      if (st?.state === 'awaiting_qr' && st.expiresAt > now)
        out.push({ accountId, qr: st.qr, qrDataUrl: st.qrDataUrl, expiresAt: st.expiresAt })
    }
    return out
  }

  newMessageId(_accountId: AccountId): string {
    if (this.opts.seededMessageIds) return this.network.world.ids.messageId()
    return `3EB0${randomBytes(9).toString('hex').toUpperCase()}`
  }

  async send(
    accountId: AccountId,
    to: Jid,
    content: OutboundContent,
    opts?: SendOptions,
  ): Promise<SentMessage> {
    const { session, link } = this.open(accountId)
    const w = this.network.world
    const body = await outboundBody(w, content)
    this.open(accountId)
    const target = this.address(to)
    const id = opts?.messageId ?? this.newMessageId(accountId)
    const phone = w.ensurePhone(link.phone)
    if (!w.messages.has(id)) admitDeviceSend(w, phone, target, body)
    const m = deliver(w, {
      from: link.phone,
      to: target,
      body,
      id,
      via: session,
      quotedId: opts?.quoted?.id,
      mentions: opts?.mentions?.map((j) => jidToPhone(j) ?? j),
    })
    return { ref: refFor(m, link.phone), timestamp: m.timestamp }
  }

  async revoke(accountId: AccountId, target: MessageRef): Promise<void> {
    const { session, link } = this.open(accountId)
    const w = this.network.world
    const m = w.messages.get(target.id)
    if (!m) throw new GatewayError('not_found', 'no such message')
    const group = w.groups.get(m.to)
    const isAdmin =
      group && group.participants.get(link.phone) !== 'member' && group.participants.has(link.phone)
    if (m.from !== link.phone && !isAdmin)
      throw new GatewayError('forbidden', 'only your own messages can be deleted')
    deliver(w, {
      from: link.phone,
      to: group ? m.to : m.to === link.phone ? m.from : m.to,
      body: { kind: 'revoke', targetId: m.id },
      via: session,
    })
  }

  async edit(accountId: AccountId, target: MessageRef, text: string): Promise<void> {
    const { session, link } = this.open(accountId)
    const w = this.network.world
    const m = w.messages.get(target.id)
    if (!m) throw new GatewayError('not_found', 'no such message')
    if (m.from !== link.phone) throw new GatewayError('forbidden', 'only your own messages can be edited')
    if (!isEditableNow(w, m))
      throw new GatewayError('invalid_argument', 'only a text or caption can be edited, within 15 minutes')
    deliver(w, { from: link.phone, to: m.to, body: { kind: 'edit', targetId: m.id, text }, via: session })
  }

  async markRead(accountId: AccountId, refs: MessageRef[]): Promise<void> {
    const { link } = this.open(accountId)
    markRead(
      this.network.world,
      link.phone,
      refs.map((r) => r.id),
    )
  }

  async downloadMedia(_accountId: AccountId, handle: string): Promise<Readable> {
    const item = this.network.media(handle)
    if (!item) throw new GatewayError('not_found', 'no such media')
    return Readable.from([item.data])
  }

  async postStatus(
    accountId: AccountId,
    content: StatusContent,
    audience: Jid[],
    _style?: { backgroundColor?: string; font?: number },
    opts?: { messageId?: string },
  ): Promise<SentMessage> {
    if (audience.length === 0) throw new GatewayError('invalid_argument', 'a status post needs an audience')
    const { link } = this.open(accountId)
    const w = this.network.world
    const body = await outboundBody(w, content)
    const m = postStatus(
      w,
      link.phone,
      audience.map((j) => jidToPhone(j) ?? digitsOnly(j)),
      body,
      opts?.messageId ?? this.newMessageId(accountId),
    )
    return { ref: { chatId: STATUS_JID, id: m.id, fromMe: true }, timestamp: m.timestamp }
  }

  async checkNumbers(accountId: AccountId, phones: string[]): Promise<NumberCheck[]> {
    this.open(accountId)
    return this.numbers.check(accountId, phones)
  }

  async profilePictureUrl(accountId: AccountId, _jid: Jid): Promise<string | undefined> {
    this.open(accountId)
    return undefined
  }

  async setProfileName(accountId: AccountId, name: string): Promise<void> {
    const { link } = this.open(accountId)
    const phone = this.network.world.phone(link.phone)
    if (!phone) throw new GatewayError('not_found', 'no such phone')
    phone.name = name
  }

  async setProfilePicture(accountId: AccountId, image: Buffer): Promise<void> {
    const { link } = this.open(accountId)
    const phone = this.network.world.phone(link.phone)
    if (!phone) throw new GatewayError('not_found', 'no such phone')
    phone.picture = Buffer.from(image)
  }

  async subscribePresence(accountId: AccountId, jid: Jid): Promise<void> {
    const { session } = this.open(accountId)
    const phone = jidToPhone(jid)
    if (!phone || !this.network.world.phone(phone)?.registered) return
    void session.run(() =>
      this.emit('presence', { accountId, chatId: jid, participant: jid, presence: 'available' }),
    )
  }

  async setPresence(accountId: AccountId, _presence: PresenceKind, _jid?: Jid): Promise<void> {
    this.open(accountId)
  }

  async groupInfo(accountId: AccountId, groupId: Jid): Promise<GroupInfo> {
    const { link } = this.open(accountId)
    const g = groups.getGroup(this.network.world, groupId)
    if (!g.participants.has(link.phone)) throw new GatewayError('forbidden', 'not a member of this group')
    return groups.groupInfo(this.network.world, g)
  }

  async groupCreate(accountId: AccountId, subject: string, participants: Jid[]): Promise<GroupInfo> {
    const { link } = this.open(accountId)
    const g = groups.createGroup(
      this.network.world,
      link.phone,
      subject,
      participants.map((j) => this.address(j)),
    )
    return groups.groupInfo(this.network.world, g)
  }

  async groupParticipants(accountId: AccountId, groupId: Jid, action: ParticipantAction, jids: Jid[]) {
    const { link } = this.open(accountId)
    const g = groups.getGroup(this.network.world, groupId)
    const res = groups.updateParticipants(
      this.network.world,
      g,
      link.phone,
      action,
      jids.map((j) => this.address(j)),
    )
    return res.map((r, i) => ({ jid: jids[i], status: r.status }))
  }

  async groupInviteCode(accountId: AccountId, groupId: Jid): Promise<string> {
    const { link } = this.open(accountId)
    return groups.inviteCode(
      this.network.world,
      groups.getGroup(this.network.world, groupId),
      link.phone,
      false,
    )
  }

  async groupRevokeInvite(accountId: AccountId, groupId: Jid): Promise<string> {
    const { link } = this.open(accountId)
    return groups.inviteCode(
      this.network.world,
      groups.getGroup(this.network.world, groupId),
      link.phone,
      true,
    )
  }

  async groupJoin(accountId: AccountId, inviteCodeOrLink: string): Promise<Jid> {
    const { link } = this.open(accountId)
    return groups.joinByCode(this.network.world, link.phone, inviteCodeOrLink).id
  }

  async groupLeave(accountId: AccountId, groupId: Jid): Promise<void> {
    const { link } = this.open(accountId)
    groups.leaveGroup(this.network.world, groups.getGroup(this.network.world, groupId), link.phone)
  }

  async groupUpdate(
    accountId: AccountId,
    groupId: Jid,
    patch: { subject?: string; description?: string; setting?: GroupSetting },
  ): Promise<void> {
    const { link } = this.open(accountId)
    groups.updateGroup(this.network.world, groups.getGroup(this.network.world, groupId), link.phone, patch)
  }

  private session(accountId: AccountId): SimSession {
    let s = this.sessions.get(accountId)
    if (!s) {
      s = new SimSession(accountId, {
        network: this.network,
        links: this.links,
        clock: this.network.clock,
        random: this.opts.random ?? (() => this.network.world.timing.float()),
        backoff: this.opts.backoff ?? RECONNECT_BACKOFF,
        qrRefs: this.opts.qrRefs ?? 6,
        emit: (event, payload) => this.emit(event, payload),
        onError: (e) =>
          process.emitWarning(
            `simulator session ${accountId}: ${e instanceof Error ? e.message : String(e)}`,
          ),
      })
      this.sessions.set(accountId, s)
    }
    return s
  }

  private open(accountId: AccountId): { session: SimSession; link: SimLink } {
    const session = this.sessions.get(accountId)
    if (!session) throw new GatewayError('not_connected', `account ${accountId} is not online`)
    return { session, link: session.requireOpen() }
  }

  /** A jid (or bare digits) as a network address: digits for people, the jid for groups. */
  private address(jid: Jid): string {
    if (jid.endsWith('@g.us')) return jid
    if (jid.endsWith('@lid')) {
      const byLid = this.network.world.phoneOfLid(normalizeJid(jid))
      if (byLid) return byLid
    }
    const phone = jidToPhone(jid) ?? (/^\+?[\d\s-]+$/.test(jid) ? digitsOnly(jid) : undefined)
    if (!phone) throw new GatewayError('invalid_argument', `cannot send to ${jid}`)
    return phone
  }
}
