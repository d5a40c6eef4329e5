import {
  ErrorCode,
  isSimGroupId,
  SIM_DIVERSION_LINKS_MAX,
  type SimAddressingValue,
  type SimChatView,
  type SimContentInput,
  type SimDiversionLinkView,
  type SimFault,
  type SimGroupView,
  type SimLinkResult,
  type SimMessagesPage,
  type SimMessageView,
  type SimPendingQr,
  type SimPhoneView,
  type SimVisitResult,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { isGatewayError } from '../../gateway/errors.js'
import { inviteLink } from '../../gateway/jid.js'
import type { SimulatorGateway } from '../../gateway/simulator/gateway.js'
import type { StoredMedia } from '../../gateway/simulator/media.js'
import type { SimNetwork } from '../../gateway/simulator/network.js'
import { localPhoneNetwork, type SimPhoneNetwork } from '../../gateway/simulator/remote/phone-api.js'
import type { CustomerContent, SimLink } from '../../gateway/simulator/types.js'
import { AppError, badRequest } from '../../http/errors.js'
import { AccountDirectory } from '../accounts/index.js'
import type { VisitService } from '../diversion/index.js'
import { asPhoneUser } from './sim.errors.js'
import { presentChat, presentMessage, presentPhone } from './sim.presenter.js'

/** The simulated network (demo mode). */
const system = openSystemScope('modules/sim/sim.service')

/**
 * The simulated network behind the /sim page (present only in demo mode and tests): in this
 * process with its gateway, or the shared network service's phone side (SIM_URL).
 */
export type SimDeps = { network: SimNetwork; gateway: SimulatorGateway } | { phones: SimPhoneNetwork }

/** Messages kept per chat are bounded by the network, so a page is cut from the whole chat. */
const WHOLE_CHAT = 1_000_000

function customerContent(c: SimContentInput): CustomerContent {
  switch (c.kind) {
    case 'text':
      return { kind: 'text', text: c.text }
    case 'image':
      return { kind: 'image', caption: c.caption || undefined }
    case 'location':
      return { ...c, name: c.name || undefined, address: c.address || undefined }
    case 'contact':
      return { kind: 'contact', name: c.name, phone: c.phone }
    case 'viewOnce':
      return { kind: 'viewOnce', media: 'image' }
    case 'poll':
      return { kind: 'poll', question: c.question, options: c.options, selectable: c.selectable ?? 1 }
  }
}

/**
 * What a person holding a simulated phone can do on the /sim page: look at the phones, scan a
 * QR or type a pairing code to link a product account, chat as a customer, and, for the
 * product's own numbers, what WhatsApp or the owner may do to them (faults).
 */
export class SimService {
  private readonly network: SimPhoneNetwork

  constructor(
    private readonly db: Db,
    sim: SimDeps,
    /** the diversion links' public visit; absent where only the phone network is tried */
    private readonly visits?: VisitService,
  ) {
    this.network = 'phones' in sim ? sim.phones : localPhoneNetwork(sim.network, () => [sim.gateway])
  }

  /** Every phone on the network, the product's numbers first. */
  async phones(): Promise<SimPhoneView[]> {
    return (await this.network.listPhones()).map(presentPhone)
  }

  /** Put a phone on the network (or rename one). */
  async addPhone(phone: string, name?: string): Promise<SimPhoneView> {
    await this.network.addPhone(phone, name ? { name } : {})
    return this.phone(phone)
  }

  /** The QRs pending logins show, with the enterprise that is linking each. */
  async pendingQrs(): Promise<SimPendingQr[]> {
    const pending = await this.network.pendingQrLogins()
    const ids = pending.map((p) => Number(p.accountId)).filter((id) => Number.isInteger(id))
    const rows = ids.length ? await new AccountDirectory(this.db).systemEnterprisesOf(system, ids) : []
    const tenantOf = new Map(rows.map((r) => [r.id, r.account]))
    return pending
      .map((p) => ({
        accountId: Number(p.accountId),
        tenant: tenantOf.get(Number(p.accountId)) ?? null,
        qr: p.qr,
        qrDataUrl: p.qrDataUrl,
        expiresAt: p.expiresAt,
      }))
      .sort((a, b) => a.accountId - b.accountId)
  }

  /** Scan a QR as `phone` (created on the network if new); resolves once the product has seen the link. */
  async scan(phone: string, qr: string): Promise<SimLinkResult> {
    return this.linked(await asPhoneUser(() => this.network.scanQr(phone, qr)))
  }

  /** Type a pairing code on `phone`; the code only works on the number the product asked for. */
  async pair(phone: string, code: string): Promise<SimLinkResult> {
    return this.linked(await asPhoneUser(() => this.network.enterPairingCode(phone, code)))
  }

  async chats(phone: string): Promise<SimChatView[]> {
    return (await this.network.chats(phone)).map((c) =>
      presentChat(c.chat, c.member, c.last && presentMessage(c.last, phone)),
    )
  }

  /** One chat of `phone`, oldest first; `before` is the id of the oldest message already shown. */
  async messages(phone: string, peer: string, limit: number, before?: string): Promise<SimMessagesPage> {
    const all = await this.network.messagesBetween(phone, peer, WHOLE_CHAT)
    const end = before === undefined ? all.length : all.findIndex((m) => m.id === before)
    if (end < 0) return { list: [], hasMore: false }
    const start = Math.max(0, end - limit)
    return { list: all.slice(start, end).map((m) => presentMessage(m, phone)), hasMore: start > 0 }
  }

  media(id: string): Promise<StoredMedia | undefined> {
    return this.network.media(`sim:${id}`)
  }

  /** Send as `phone` to a number or a group; the product's accounts receive it like any inbound. */
  async send(phone: string, to: string, content: SimContentInput): Promise<SimMessageView> {
    if (to === phone) throw badRequest('invalid')
    const c = customerContent(content)
    const sent = isSimGroupId(to)
      ? await asPhoneUser(() => this.network.customerSendGroup(phone, to, c), ErrorCode.simGroupNotFound)
      : await asPhoneUser(() => this.network.customerSend(phone, to, c))
    await this.network.idle()
    return presentMessage(sent, phone)
  }

  /** The phone's user opens the chat: what the peer sent is read (blue ticks on the other side). */
  async read(phone: string, peer: string): Promise<void> {
    await this.known(phone)
    await this.network.customerRead(phone, peer)
    await this.network.idle()
  }

  async revoke(phone: string, messageId: string): Promise<void> {
    await asPhoneUser(() => this.network.customerRevoke(phone, messageId), ErrorCode.simMessageNotFound)
    await this.network.idle()
  }

  /** Change the text or caption of one's own message, as WhatsApp allows (own, within 15 minutes). */
  async edit(phone: string, messageId: string, text: string): Promise<void> {
    try {
      await asPhoneUser(() => this.network.customerEdit(phone, messageId, text), ErrorCode.simMessageNotFound)
    } catch (err) {
      if (isGatewayError(err) && err.code === 'invalid_argument') throw new AppError(ErrorCode.simNotEditable)
      throw err
    }
    await this.network.idle()
  }

  async createGroup(phone: string, subject: string, members: string[]): Promise<SimGroupView> {
    const info = await asPhoneUser(() => this.network.createGroup(phone, subject, members))
    await this.network.idle()
    return this.group(phone, info.id)
  }

  async joinGroup(phone: string, code: string): Promise<SimGroupView> {
    const info = await asPhoneUser(() => this.network.joinGroup(phone, code), ErrorCode.simGroupNotFound)
    await this.network.idle()
    return this.group(phone, info.id)
  }

  async leaveGroup(phone: string, groupId: string): Promise<void> {
    await asPhoneUser(() => this.network.leaveGroup(phone, groupId), ErrorCode.simGroupNotFound)
    await this.network.idle()
  }

  /** A group the phone is in, with its invite code (so other phones can join). */
  async group(phone: string, groupId: string): Promise<SimGroupView> {
    const g = await this.network.group(groupId)
    if (!g) throw new AppError(ErrorCode.simGroupNotFound)
    if (!g.participants.some((p) => p.phone === phone)) throw new AppError(ErrorCode.simNotGroupMember)
    return { ...g, inviteLink: inviteLink(g.inviteCode) }
  }

  /** What WhatsApp (or the phone's owner) does to one of the product's numbers. */
  async fault(phone: string, fault: SimFault, outageMs?: number): Promise<SimPhoneView> {
    const view = await this.phone(phone)
    if (!view.isAccount) throw new AppError(ErrorCode.simNotLinkedNumber)
    if (fault === 'deviceRemoved' && !view.linked) throw new AppError(ErrorCode.simNotLinkedNumber)
    await this.network.fault(phone, fault, outageMs)
    await this.network.idle()
    return this.phone(phone)
  }

  /**
   * How WhatsApp addresses a customer's number to the accounts from now on: by phone, or by hidden
   * id with the phone alongside or left out (the product then shows "number hidden by WhatsApp").
   */
  async setAddressing(phone: string, addressing: SimAddressingValue): Promise<SimPhoneView> {
    const view = await this.phone(phone)
    if (view.isAccount) throw badRequest('invalid')
    await this.network.setAddressing(phone, addressing)
    return this.phone(phone)
  }

  /** WhatsApp tells the accounts chatting with the number its phone (a mapping arriving later): their customers become one. */
  async revealPhone(phone: string): Promise<SimPhoneView> {
    await this.known(phone)
    await this.network.revealPhone(phone)
    await this.network.idle()
    return this.phone(phone)
  }

  /** The diversion links a phone may visit, newest first (every tenant's: the demo's network is one). */
  async diversionLinks(): Promise<SimDiversionLinkView[]> {
    const rows = this.visits ? await this.visits.systemLinks(system, SIM_DIVERSION_LINKS_MAX) : []
    return rows.map((r) => ({ code: r.code, name: r.name, enabled: r.enabled === 1 }))
  }

  /**
   * `phone` opens a diversion link: the visit is recorded as the public link records it (an
   * account chosen in turn, a visit reference), then the phone sends the prefilled greeting to
   * that account, as a visitor does from wa.me, so the customer is attributed to the link.
   */
  async visit(phone: string, code: string): Promise<SimVisitResult> {
    const view = await this.phone(phone)
    // the product's own numbers are not customers
    if (view.isAccount || !this.visits) throw badRequest('invalid')
    const target = await this.visits.target(code)
    const sent = await asPhoneUser(() =>
      this.network.customerSend(phone, target.phone, { kind: 'text', text: target.text }),
    )
    await this.network.idle()
    return { account: target.phone, message: presentMessage(sent, phone) }
  }

  private async linked(link: SimLink): Promise<SimLinkResult> {
    await this.network.idle(link.accountId)
    return { accountId: Number(link.accountId), phone: link.phone }
  }

  private async known(phone: string): Promise<void> {
    if (!(await this.network.hasPhone(phone))) throw new AppError(ErrorCode.simPhoneUnknown)
  }

  private async phone(phone: string): Promise<SimPhoneView> {
    await this.known(phone)
    const view = (await this.network.listPhones()).find((p) => p.number === phone)
    if (!view) throw new AppError(ErrorCode.simPhoneUnknown)
    return presentPhone(view)
  }
}
