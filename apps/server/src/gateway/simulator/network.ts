import { type Clock, systemClock } from '../clock.js'
import { GatewayError } from '../errors.js'
import { digitsOnly, phoneToJid } from '../jid.js'
import type { GroupInfo, NumberCheck } from '../messaging-gateway.js'
import { revealPhone, type SimAddressing } from './addressing.js'
import { SimChatter } from './chatter.js'
import { customerBody } from './content.js'
import { ban, closeDevices, liftRestriction, publishUpdate, requireUpdate, restrict } from './faults.js'
import { createGroup, getGroup, groupInfo, joinByCode, leaveGroup } from './groups.js'
import { chatsOf, listPhones, type MessageView, messagesBetween, viewOf } from './inspector.js'
import { Linker } from './linking.js'
import type { StoredMedia } from './media.js'
import { deliver, isEditableNow, markRead } from './routing.js'
import type { CustomerContent, SimLink, SimNetworkOptions } from './types.js'
import { type SimPhone, SimWorld } from './world.js'

export type SimNetworkConfig = SimNetworkOptions & { clock?: Clock }

/**
 * An in-process WhatsApp network: phones by number (registered or not), linked devices, chats,
 * groups, receipts on timers, bans and time-locks by rule and on command. Deterministic under a
 * seed and a controllable clock. The simulator gateway is the product's side of it; the methods
 * here are the phones' side (and the /sim inspector page's).
 */
export class SimNetwork {
  readonly world: SimWorld
  readonly linker: Linker
  readonly chatter: SimChatter

  constructor(config: SimNetworkConfig = {}) {
    this.world = new SimWorld(config.clock ?? systemClock, config)
    this.linker = new Linker(this.world)
    this.chatter = new SimChatter(this.world, (from, to, content) =>
      deliver(this.world, { from, to, body: customerBody(this.world, content) }),
    )
  }

  get clock(): Clock {
    return this.world.clock
  }

  // --- phones -------------------------------------------------------------------------------

  /** Add (or update) a phone; `registered: false` makes a number that is not on WhatsApp. */
  addPhone(number: string, init: { name?: string; registered?: boolean; business?: boolean } = {}): void {
    this.world.ensurePhone(digitsOnly(number), init)
  }

  // --- linking, done on the simulated phone --------------------------------------------------

  /** The phone scans the QR the product shows; the waiting gateway session is linked. */
  scanQr(phone: string, qr: string): SimLink {
    return this.linker.scanQr(phone, qr)
  }

  /** The phone's user types the 8-character pairing code the product shows. */
  enterPairingCode(phone: string, code: string): SimLink {
    return this.linker.enterPairingCode(phone, code)
  }

  // --- customers ------------------------------------------------------------------------------

  /** A customer writes to a number (an account's phone, usually). Returns the message as the inspector shows it. */
  customerSend(
    from: string,
    to: string,
    content: CustomerContent,
    opts: { quotedId?: string } = {},
  ): MessageView {
    const sender = this.sender(from)
    const target = digitsOnly(to)
    if (!this.world.isRegistered(target))
      throw new GatewayError('not_on_whatsapp', `+${target} is not on WhatsApp`)
    return viewOf(
      this.world,
      deliver(this.world, {
        from: sender.number,
        to: target,
        body: customerBody(this.world, content),
        quotedId: opts.quotedId,
      }),
    )
  }

  /** A customer writes in a group they belong to. */
  customerSendGroup(
    from: string,
    groupId: string,
    content: CustomerContent,
    opts: { quotedId?: string; mentions?: string[] } = {},
  ): MessageView {
    const sender = this.sender(from)
    const g = getGroup(this.world, groupId)
    if (!g.participants.has(sender.number)) throw new GatewayError('forbidden', 'not a member of this group')
    const m = deliver(this.world, {
      from: sender.number,
      to: g.id,
      body: customerBody(this.world, content),
      ...opts,
    })
    return viewOf(this.world, m)
  }

  /**
   * A customer sends several photos and videos at once: WhatsApp sends an album header, then each
   * item as its own message naming the header. Returns the header as the inspector shows it.
   */
  customerSendAlbum(
    from: string,
    to: string,
    items: Extract<CustomerContent, { kind: 'image' | 'video' }>[],
  ): MessageView {
    const sender = this.sender(from)
    const target = to.endsWith('@g.us') ? to : digitsOnly(to)
    if (!target.endsWith('@g.us') && !this.world.isRegistered(target))
      throw new GatewayError('not_on_whatsapp', `+${target} is not on WhatsApp`)
    const images = items.filter((i) => i.kind === 'image').length
    const header = deliver(this.world, {
      from: sender.number,
      to: target,
      body: { kind: 'album', images, videos: items.length - images },
    })
    for (const item of items) {
      const body = customerBody(this.world, item)
      if (body.kind === 'media') body.albumId = header.id
      deliver(this.world, { from: sender.number, to: target, body })
    }
    return viewOf(this.world, header)
  }

  /** The customer deletes a message they sent, for everyone. */
  customerRevoke(from: string, messageId: string): void {
    const target = this.ownMessage(from, messageId)
    deliver(this.world, { from: target.from, to: target.to, body: { kind: 'revoke', targetId: messageId } })
  }

  /**
   * The customer changes the text or caption of a message they sent, as WhatsApp allows: their
   * own, not deleted, within the edit window.
   */
  customerEdit(from: string, messageId: string, text: string): void {
    const target = this.ownMessage(from, messageId)
    if (!isEditableNow(this.world, target))
      throw new GatewayError('invalid_argument', 'only a text or caption can be edited, within 15 minutes')
    deliver(this.world, {
      from: target.from,
      to: target.to,
      body: { kind: 'edit', targetId: messageId, text },
    })
  }

  /** React to any message in a chat the phone is in; '' removes the reaction. */
  customerReact(from: string, messageId: string, emoji: string): void {
    const number = digitsOnly(from)
    const target = this.world.messages.get(messageId)
    if (!target) throw new GatewayError('not_found', 'no such message')
    const to = target.to.endsWith('@g.us') ? target.to : target.from === number ? target.to : target.from
    deliver(this.world, {
      from: number,
      to,
      body: { kind: 'reaction', targetId: messageId, emoji: emoji || null },
    })
  }

  /** The phone's user opens a chat: everything the peer sent is read (blue ticks for the sender). */
  customerRead(phone: string, peer: string): void {
    const me = digitsOnly(phone)
    const key = peer.endsWith('@g.us') ? peer : this.world.directKey(me, digitsOnly(peer))
    markRead(
      this.world,
      me,
      (this.world.chats.get(key) ?? []).map((m) => m.id),
    )
  }

  createGroup(owner: string, subject: string, members: string[]): GroupInfo {
    const o = this.sender(owner)
    return groupInfo(this.world, createGroup(this.world, o.number, subject, members.map(digitsOnly)))
  }

  /** Join by invite code or link (or by group id, as if added by an admin). */
  joinGroup(phone: string, codeOrGroupId: string): GroupInfo {
    const number = this.sender(phone).number
    const byId = this.world.groups.get(codeOrGroupId)
    const g = byId
      ? joinByCode(this.world, number, byId.inviteCode)
      : joinByCode(this.world, number, codeOrGroupId)
    return groupInfo(this.world, g)
  }

  leaveGroup(phone: string, groupId: string): void {
    leaveGroup(this.world, getGroup(this.world, groupId), digitsOnly(phone))
  }

  // --- faults on command ----------------------------------------------------------------------

  /** Drop the connection of an account phone's devices; connects fail for `outageMs` (the gateway backs off). */
  disconnect(phone: string, opts: { accountId?: string; outageMs?: number } = {}): void {
    const p = this.known(phone)
    if (opts.outageMs) p.outageUntil = this.world.clock.now() + opts.outageMs
    closeDevices(p, 'connection_lost', 408, opts.accountId, 'connection lost')
    this.world.changed()
  }

  /** Another session took over (440): terminal for the device, the link stays valid. */
  pushOut(phone: string, accountId?: string): void {
    closeDevices(this.known(phone), 'replaced', 440, accountId, 'replaced by another session')
  }

  ban(phone: string): void {
    ban(this.world, this.known(phone))
    this.world.changed()
  }

  unban(phone: string): void {
    this.known(phone).bannedAt = undefined
    this.world.changed()
  }

  /** The user removes the linked device on the phone (401): the link is dead. */
  deviceRemoved(phone: string, accountId?: string): void {
    const p = this.known(phone)
    for (const slot of [...p.devices.values()]) {
      if (accountId !== undefined && slot.accountId !== accountId) continue
      const link = {
        accountId: slot.accountId,
        phone: p.number,
        deviceId: slot.deviceId,
        linkedAt: slot.linkedAt,
      }
      slot.device?.onEvent({ type: 'closed', reason: 'logged_out', code: 401, detail: 'device removed' })
      this.linker.unlink(link)
    }
  }

  /** Start the reach-out time-lock now (it also starts by rule: too many new chats). */
  restrict(phone: string, durationMs: number): void {
    restrict(this.world, this.known(phone), durationMs)
  }

  liftRestriction(phone: string): void {
    liftRestriction(this.world, this.known(phone))
  }

  /** How WhatsApp addresses this number to the accounts from now on: by phone, or by hidden id with or without the phone. */
  setAddressing(phone: string, addressing: SimAddressing): void {
    this.known(phone).addressing = addressing === 'phone' ? undefined : addressing
    this.world.changed()
  }

  /** WhatsApp tells the accounts chatting with this number its phone behind the hidden id (a mapping arriving later). */
  revealPhone(phone: string): void {
    revealPhone(this.world, this.known(phone).number)
  }

  /** WhatsApp refuses this phone's devices for their client version (405) until `publishUpdate`. */
  requireUpdate(phone: string, accountId?: string): void {
    requireUpdate(this.world, this.known(phone), accountId)
  }

  /** An accepted client version is out: the phone's devices waiting for it reconnect. */
  publishUpdate(phone: string): void {
    publishUpdate(this.world, this.linker, this.known(phone))
  }

  /** The next `count` connects of this phone's devices fail with 500 (bad session). */
  failSessions(phone: string, count = 4): void {
    this.known(phone).failConnects = count
    this.world.changed()
  }

  // --- lookups and inspector ------------------------------------------------------------------

  lookup(phones: string[]): NumberCheck[] {
    return phones.map((raw) => {
      const phone = digitsOnly(raw)
      const p = this.world.phone(phone)
      const exists = p ? p.registered : (this.world.options.unknownNumbers ?? 'register') === 'register'
      return exists ? { phone, exists, jid: phoneToJid(phone) } : { phone, exists }
    })
  }

  media(handle: string): StoredMedia | undefined {
    return this.world.media.get(handle)
  }

  listPhones() {
    return listPhones(this.world)
  }

  chatsOf(phone: string) {
    return chatsOf(this.world, phone)
  }

  messagesBetween(a: string, b: string, limit?: number) {
    return messagesBetween(this.world, a, b, limit)
  }

  groupsOf(phone: string): GroupInfo[] {
    const n = digitsOnly(phone)
    return [...this.world.groups.values()]
      .filter((g) => g.participants.has(n))
      .map((g) => groupInfo(this.world, g))
  }

  private sender(phone: string): SimPhone {
    const number = digitsOnly(phone)
    const p = this.world.ensurePhone(number)
    if (!p.registered) throw new GatewayError('not_on_whatsapp', `+${number} is not on WhatsApp`)
    return p
  }

  private known(phone: string): SimPhone {
    const p = this.world.phone(digitsOnly(phone))
    if (!p) throw new GatewayError('not_found', `no phone +${digitsOnly(phone)} on the network`)
    return p
  }

  private ownMessage(from: string, messageId: string) {
    const m = this.world.messages.get(messageId)
    if (!m || m.from !== digitsOnly(from))
      throw new GatewayError('not_found', 'no such message from this phone')
    return m
  }
}
