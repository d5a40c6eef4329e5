import {
  type ChatMessageView,
  type EditChatBody,
  type EditResult,
  ErrorCode,
  type ErrorCodeValue,
  MESSAGE_EDIT_WINDOW_MS,
  MessageStatus,
  MessageType,
  type OutboundContentInput,
  REVOKE_WINDOW_MS,
  type RevokeResult,
  SESSION_QUEUE_MAX,
  type SendChatBody,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Message } from '../../db/schema.js'
import type { EventBus } from '../../events/bus.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { contactVcard } from '../materials/index.js'
import { ChatMessages, MessageUpdates, presentChatMessage } from '../messages/index.js'
import type { GatewayRequests, OutboxService } from '../outbox/index.js'
import type { CountsCache } from '../sessions/index.js'
import { type DeskSession, GroupDirectory, loadDeskSession, restricted } from '../sessions/index.js'

/** What a material sends as, from the material library (its owner checks included). */
export type MaterialResolver = (
  tenantId: number,
  userId: number,
  materialId: number,
) => Promise<OutboundContentInput>

/** The tenant's blocked keyword a text holds, if any (risk control's content check). */
export type KeywordCheck = (tenantId: number, text: string) => Promise<string | null>

/** Types whose words our agents may change after sending: a text, or the caption of a photo, video or file. */
const EDITABLE_TYPES = new Set<string>([
  MessageType.text,
  MessageType.image,
  MessageType.video,
  MessageType.document,
])

/**
 * Sending from the desk. Everything goes out through OutboxService.enqueue (the one outbound
 * path); this adds the desk's own refusals first: a group the account left or may not write in,
 * a new chat while the account is time-locked, too many messages of the session still queued.
 * An offline account still queues: the dispatcher fails the message with a reason if it cannot send.
 */
export class ChatService {
  private readonly messages = new ChatMessages()
  private readonly groupChats: GroupDirectory
  private readonly updates: MessageUpdates

  constructor(
    private readonly db: Db,
    private readonly outbox: OutboxService,
    hub: RealtimeHub,
    events: Pick<EventBus, 'publish'>,
    private readonly requests: GatewayRequests,
    private readonly counts: CountsCache,
    private readonly materials?: MaterialResolver,
    private readonly keywords?: KeywordCheck,
  ) {
    this.groupChats = new GroupDirectory(db)
    this.updates = new MessageUpdates(hub, events)
  }

  /** sendChatMessage: text, location, contact cards, a material or an image-text link. */
  async send(viewer: Caller, body: SendChatBody): Promise<ChatMessageView> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    const content = await this.content(viewer, body)
    return this.enqueue(viewer, d, content, body.quotedMessageId)
  }

  /** Queue content in a session the viewer may work on, after the desk's checks. */
  async enqueue(
    viewer: Caller,
    d: DeskSession,
    content: OutboundContentInput,
    quotedMessageId?: number,
  ): Promise<ChatMessageView> {
    await this.checkSendable(d)
    const view = await this.outbox.enqueue({
      tenantId: viewer.tenantId,
      sessionId: d.session.id,
      content,
      quoted: quotedMessageId ? { messageId: quotedMessageId } : undefined,
      requestedBy: viewer.actingUserId,
    })
    // our message awaits a reply now
    this.counts.forget(viewer.tenantId)
    const row = await this.messages.byId(this.db, viewer.tenantId, view.id)
    if (!row) throw notFound()
    return presentChatMessage(row)
  }

  /** Send a failed message again: a new message with the same content; the failed one stays. */
  async resend(viewer: Caller, messageId: number): Promise<ChatMessageView> {
    const { message, desk } = await this.ownMessage(viewer, messageId)
    if (message.status !== MessageStatus.failed) throw new AppError(ErrorCode.messageNotResendable)
    const stored = await this.outbox.storedContent(viewer.tenantId, message.id)
    if (!stored) throw new AppError(ErrorCode.messageNotResendable)
    const { content, quoted } = stored
    let quotedId: number | undefined
    if (quoted) {
      const q = await this.messages.byWaId(this.db, viewer.tenantId, message.account_id, quoted.id)
      if (q && q.session_id === message.session_id) quotedId = q.id
    }
    return this.enqueue(viewer, desk, content, quotedId)
  }

  /**
   * Withdraw one of our messages. Not yet sent: withdrawn at once (the dispatcher drops it). Sent
   * within WhatsApp's window: asked of WhatsApp after answering; the withdrawn status arrives as
   * message.updated, a failure as message.revokeFailed (spec: recall is asynchronous).
   */
  async revoke(viewer: Caller, messageId: number): Promise<RevokeResult> {
    const { message, desk } = await this.ownMessage(viewer, messageId)
    if (message.status === MessageStatus.requested) {
      const row = await this.messages.withdrawQueued(this.db, viewer.tenantId, message.id)
      if (row) {
        this.updates.announce(row)
        return { messageId, accepted: true }
      }
    }
    const fresh = await this.messages.byId(this.db, viewer.tenantId, message.id)
    if (!fresh || fresh.status !== MessageStatus.sent || fresh.timestamp < Date.now() - REVOKE_WINDOW_MS)
      throw new AppError(ErrorCode.revokeNotAllowed)
    await this.requests.add({
      tenantId: viewer.tenantId,
      accountId: message.account_id,
      sessionId: message.session_id,
      requestedBy: viewer.actingUserId,
      payload: {
        kind: 'revoke',
        messageId: message.id,
        target: { chatId: desk.peer.jid, id: message.wa_message_id, fromMe: true },
        notifyUserIds: [viewer.userId, viewer.actingUserId],
      },
    })
    return { messageId, accepted: true }
  }

  /**
   * Change the text or caption of one of our sent messages, as WhatsApp allows: our own text or
   * caption, sent (delivered or read alike), not withdrawn, within the edit window, and free of
   * the tenant's blocked keywords like any text we send. Asked of WhatsApp after answering; the
   * new text (the earlier one kept in its history) arrives as message.updated, a failure as
   * message.editFailed.
   */
  async edit(viewer: Caller, body: EditChatBody): Promise<EditResult> {
    const { message, desk } = await this.ownMessage(viewer, body.messageId, ErrorCode.editNotAllowed)
    const captioned = message.type === MessageType.text || message.body !== ''
    if (
      !EDITABLE_TYPES.has(message.type) ||
      !captioned ||
      message.status !== MessageStatus.sent ||
      !message.wa_message_id
    )
      throw new AppError(ErrorCode.editNotAllowed)
    if (message.timestamp < Date.now() - MESSAGE_EDIT_WINDOW_MS)
      throw new AppError(ErrorCode.editWindowPassed)
    if (this.keywords && (await this.keywords(viewer.tenantId, body.text)))
      throw new AppError(ErrorCode.editContentViolation)
    if (body.text === message.body) return { messageId: message.id, accepted: true }
    await this.requests.add({
      tenantId: viewer.tenantId,
      accountId: message.account_id,
      sessionId: message.session_id,
      requestedBy: viewer.actingUserId,
      payload: {
        kind: 'edit',
        messageId: message.id,
        target: { chatId: desk.peer.jid, id: message.wa_message_id, fromMe: true },
        text: body.text,
        notifyUserIds: [viewer.userId, viewer.actingUserId],
      },
    })
    return { messageId: message.id, accepted: true }
  }

  /** One of our messages in a session the viewer may work on; `refusal` answers a message of the other side. */
  private async ownMessage(
    viewer: Caller,
    messageId: number,
    refusal: ErrorCodeValue = ErrorCode.revokeNotAllowed,
  ): Promise<{ message: Message; desk: DeskSession }> {
    const message = await this.messages.byId(this.db, viewer.tenantId, messageId)
    if (!message) throw notFound()
    const desk = await loadDeskSession(this.db, viewer, message.session_id)
    if (message.from_me !== 1) throw new AppError(refusal)
    // an internal note was never sent: there is nothing to withdraw, edit or send again
    if (message.type === MessageType.note) throw new AppError(ErrorCode.noteNotForCustomer)
    return { message, desk }
  }

  /** The desk's refusals before queueing. */
  private async checkSendable(d: DeskSession): Promise<void> {
    const groupId = d.session.group_chat_id
    if (groupId !== null) {
      const ours = [d.account.jid, d.account.lid].filter((j): j is string => !!j)
      const { members, announce } = await this.groupChats.sendState(d.session.tenant_id, groupId)
      const me = members.find((m) => ours.includes(m.jid))
      // members are known once the group's info was fetched; without them nothing can be said
      if (members.length > 0 && !me) throw new AppError(ErrorCode.removedFromGroup)
      if (announce && me?.role === 'member') throw new AppError(ErrorCode.cannotSendNow)
    } else if (d.session.last_inbound_at === null && restricted(d.account.restrictedUntil, Date.now())) {
      // a time-locked account may answer existing chats but not open new ones
      throw new AppError(ErrorCode.cannotSendNow)
    }
    if ((await this.outbox.openCount(d.session.tenant_id, d.session.id)) >= SESSION_QUEUE_MAX)
      throw new AppError(ErrorCode.sendTooFrequent)
  }

  /** The outbox content of a desk message. */
  private async content(viewer: Caller, body: SendChatBody): Promise<OutboundContentInput> {
    switch (body.type) {
      case 'text':
        return { type: 'text', text: body.text }
      case 'location':
        return {
          type: 'location',
          latitude: body.latitude,
          longitude: body.longitude,
          ...(body.name ? { name: body.name } : {}),
          ...(body.address ? { address: body.address } : {}),
        }
      case 'contacts':
        return {
          type: 'contacts',
          displayName: body.contacts.length === 1 ? body.contacts[0].name : `${body.contacts.length}`,
          vcards: body.contacts.map((c) => contactVcard(c.name, c.phone)),
        }
      case 'link':
        return { type: 'text', text: [body.title, body.text, body.link].filter((s) => !!s).join('\n') }
      case 'material':
        if (!this.materials) throw notFound()
        return this.materials(viewer.tenantId, viewer.actingUserId, body.materialId)
    }
  }
}
