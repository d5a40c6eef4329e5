import {
  ErrorCode,
  MessageStatus,
  type MessageView,
  type OutboundContentInput,
  OutboxState,
  PREVIEW_MAX,
  SendOrigin,
  type SendOriginValue,
  vipActive,
} from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/port.js'
import { AppError, notFound } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import { FansRepository } from '../fans/fans.repository.js'
import type { MediaStore } from '../messages/media.store.js'
import { presentMessage, presentSession } from '../messages/messages.presenter.js'
import { MessagesRepository } from '../messages/messages.repository.js'
import { GroupChatsRepository } from '../sessions/group-chats.repository.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import type { UsersService } from '../users/users.service.js'
import { outboundBody, type StoredOutbound } from './outbox.content.js'
import { OutboxRepository } from './outbox.repository.js'

export interface EnqueueRequest {
  tenantId: number
  sessionId: number
  content: OutboundContentInput
  /** our id of the message being answered, in the same session */
  quoted?: { messageId: number }
  requestedBy: number | null
  origin?: SendOriginValue
  /** send no earlier than this (a scheduled send); default now */
  dueAt?: number
}

/**
 * The one way out: manual sends, mass sends, auto-replies and AI replies all call `enqueue`.
 * The message row and its outbox row, with a WhatsApp message id chosen now, are written in one
 * transaction; the dispatcher does the rest.
 */
export class OutboxService {
  /** set by the dispatcher so a local enqueue is picked up at once */
  onEnqueued: () => void = () => undefined

  private readonly repo: OutboxRepository
  private readonly messages = new MessagesRepository()
  private readonly fans = new FansRepository()
  private readonly groupChats: GroupChatsRepository
  private readonly accounts: AccountsRepository

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly gateway: MessagingGateway,
    private readonly hub: RealtimeHub,
    private readonly media: MediaStore,
  ) {
    this.repo = new OutboxRepository(db)
    this.groupChats = new GroupChatsRepository(db)
    this.accounts = new AccountsRepository(db)
  }

  /** What a message was queued with (content and quote), for sending it again. */
  async storedContent(tenantId: number, messageId: number): Promise<StoredOutbound | undefined> {
    const raw = await this.repo.contentOf(tenantId, messageId)
    return raw === undefined ? undefined : (JSON.parse(raw) as StoredOutbound)
  }

  /** Sends of a session still waiting or going out. */
  openCount(tenantId: number, sessionId: number): Promise<number> {
    return this.repo.openCount(tenantId, sessionId)
  }

  /** Drop a session's sends inside the caller's transaction (an invalid customer deleted). */
  deleteOfSession(q: Kysely<Database>, tenantId: number, sessionId: number): Promise<void> {
    return this.repo.deleteOfSession(q, tenantId, sessionId)
  }

  /** Queue a message; refuses an expired subscription, and a blocked or invalid session for manual sends. */
  async enqueue(req: EnqueueRequest): Promise<MessageView> {
    const origin = req.origin ?? SendOrigin.manual
    const session = await this.sessions.get(req.tenantId, req.sessionId)
    if (!session) throw notFound()
    const [, validEnd] = await this.users.tenantValidity(req.tenantId)
    if (!vipActive(validEnd)) throw new AppError(ErrorCode.vipExpired)
    const peer = await this.peerOf(req.tenantId, session)
    if (origin === SendOrigin.manual) {
      if (session.blocked === 1) throw new AppError(ErrorCode.sessionBlocked)
      if (session.invalid === 1 || peer.invalid) throw new AppError(ErrorCode.invalidCustomerSession)
    }
    const c = req.content
    if ('mediaId' in c) {
      const file = await this.media.find(this.db, req.tenantId, c.mediaId)
      if (!file) throw new AppError(ErrorCode.mediaNotFound)
    }
    const stored: StoredOutbound = { content: c }
    let quotedPreview: string | null = null
    if (req.quoted) {
      const q = await this.messages.inSession(this.db, req.tenantId, session.id, req.quoted.messageId)
      if (!q) throw notFound()
      quotedPreview = q.body.slice(0, PREVIEW_MAX)
      stored.quoted = {
        chatId: peer.jid,
        id: q.wa_message_id,
        fromMe: q.from_me === 1,
        participant: q.sender_jid || undefined,
        text: quotedPreview,
      }
    }

    const accountId = session.account_id
    const waMessageId = this.gateway.newMessageId(String(accountId))
    const { body, meta, preview } = outboundBody(c)
    // a message we queue comes after everything already in the chat, even when the last message's
    // time (WhatsApp's clock) is ahead of ours: the chat's order and its last message follow it
    const now = Date.now()
    const at = Math.max(now, session.last_activity_at + 1)
    const { message, touched } = await this.db.transaction().execute(async (tx) => {
      const message = await this.messages.insertOwn(tx, {
        tenant_id: req.tenantId,
        account_id: accountId,
        session_id: session.id,
        wa_message_id: waMessageId,
        from_me: 1,
        sender_jid: '',
        type: c.type,
        body,
        media_id: 'mediaId' in c ? c.mediaId : null,
        meta: JSON.stringify(meta),
        quoted_wa_id: stored.quoted?.id ?? null,
        quoted_preview: quotedPreview,
        status: MessageStatus.requested,
        failure_reason: null,
        origin,
        requested_by: req.requestedBy,
        timestamp: at,
        created_at: now,
      })
      await this.repo.insert(tx, {
        tenant_id: req.tenantId,
        account_id: accountId,
        session_id: session.id,
        message_id: message.id,
        to_jid: peer.jid,
        content: JSON.stringify(stored),
        wa_message_id: waMessageId,
        origin,
        state: OutboxState.requested,
        due_at: req.dueAt ?? now,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      const touched = await this.sessions.touch(tx, req.tenantId, session.id, {
        timestamp: at,
        preview: preview.slice(0, PREVIEW_MAX),
        unread: false,
        inbound: false,
      })
      return { message, touched }
    })
    const view = presentMessage(message)
    const agent = session.agent_user_id ?? (await this.accounts.agentOf(req.tenantId, accountId))
    this.hub.emit(sessionRooms(req.tenantId, session.id, agent), 'message.new', {
      message: view,
      session: presentSession(touched, { jid: peer.jid, title: peer.title }),
    })
    this.onEnqueued()
    return view
  }

  private peerOf(tenantId: number, s: { fan_id: number | null; group_chat_id: number | null }) {
    return s.fan_id !== null
      ? this.fans.peer(this.db, tenantId, s.fan_id)
      : this.groupChats.peer(tenantId, s.group_chat_id ?? 0)
  }
}
