import {
  ErrorCode,
  MessageStatus,
  MessageType,
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
import type { Message, Session } from '../../db/schema.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { AppError, notFound } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import { AccountDirectory } from '../accounts/index.js'
import { FanDirectory } from '../fans/index.js'
import type { MediaStore } from '../messages/index.js'
import { OwnMessages, presentMessage, presentSession } from '../messages/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { GroupDirectory } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
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
  /** whether it answers the customer (stops the waiting clock); default: every origin but a mass send */
  answers?: boolean
}

/** Whom a session writes to, and how the desk names them. */
export interface Peer {
  jid: string
  title: string
  invalid: boolean
}

/** A message written in a transaction that has not been announced yet (see `OutboxService.publish`). */
export interface StagedMessage {
  message: Message
  touched: Session
  session: Session
  peer: Peer
}

/** What the checks before writing found: the peer, the content as stored with its quote. */
interface Checked {
  peer: Peer
  stored: StoredOutbound
  quotedPreview: string | null
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
  private readonly messages = new OwnMessages()
  private readonly fans = new FanDirectory()
  private readonly groupChats: GroupDirectory
  private readonly accounts: AccountDirectory

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionDirectory,
    private readonly users: UsersService,
    private readonly gateway: MessagingGateway,
    private readonly hub: RealtimeHub,
    private readonly media: MediaStore,
  ) {
    this.repo = new OutboxRepository(db)
    this.groupChats = new GroupDirectory(db)
    this.accounts = new AccountDirectory(db)
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
    const session = await this.sessions.byId(req.tenantId, req.sessionId)
    if (!session) throw notFound()
    const [, validEnd] = await this.users.tenantValidity(req.tenantId)
    if (!vipActive(validEnd)) throw new AppError(ErrorCode.vipExpired)
    // the checks read before the transaction: on SQLite a transaction that reads before it writes
    // fails at once (busy) when another process wrote meanwhile, where one that starts writing waits
    const checked = await this.check(this.db, req, session)
    const staged = await this.db.transaction().execute((tx) => this.write(tx, req, session, checked))
    return this.publish(staged)
  }

  /**
   * Queue a message inside the caller's transaction, so the caller's own progress commits with
   * the message and its outbox row or not at all (a mass send's recipient). The subscription is
   * the caller's to check; call `publish` once the transaction has committed. A caller that has
   * just read (or made) the session and its peer in the same transaction passes them in `known`.
   */
  async enqueueWithin(
    q: Kysely<Database>,
    req: EnqueueRequest,
    known?: { session: Session; peer?: Peer },
  ): Promise<StagedMessage> {
    const session = known?.session ?? (await this.sessions.byId(req.tenantId, req.sessionId, q))
    if (!session) throw notFound()
    return this.write(q, req, session, await this.check(q, req, session, known?.peer))
  }

  /** Tell the session's rooms and wake the dispatcher: after the message's transaction committed. */
  async publish(staged: StagedMessage): Promise<MessageView> {
    const { message, touched, session, peer } = staged
    const view = presentMessage(message)
    const agent =
      session.agent_user_id ?? (await this.accounts.agentOf(message.tenant_id, session.account_id))
    this.hub.emit(sessionRooms(message.tenant_id, session.id, agent), 'message.new', {
      message: view,
      session: presentSession(touched, { jid: peer.jid, title: peer.title }),
    })
    this.onEnqueued()
    return view
  }

  /** Whom the message goes to, and what it quotes; refuses a manual send to a blocked or invalid session and a missing file. */
  private async check(
    q: Kysely<Database>,
    req: EnqueueRequest,
    session: Session,
    known?: Peer,
  ): Promise<Checked> {
    const origin = req.origin ?? SendOrigin.manual
    const peer = known ?? (await this.peerOf(q, req.tenantId, session))
    if (origin === SendOrigin.manual) {
      if (session.blocked === 1) throw new AppError(ErrorCode.sessionBlocked)
      if (session.invalid === 1 || peer.invalid) throw new AppError(ErrorCode.invalidCustomerSession)
    }
    const c = req.content
    if ('mediaId' in c) {
      const file = await this.media.find(q, req.tenantId, c.mediaId)
      if (!file) throw new AppError(ErrorCode.mediaNotFound)
    }
    const stored: StoredOutbound = { content: c }
    let quotedPreview: string | null = null
    if (req.quoted) {
      const quoted = await this.messages.quotable(q, req.tenantId, session.id, req.quoted.messageId)
      if (!quoted) throw notFound()
      // an internal note never reaches the customer, not even as a quote
      if (quoted.type === MessageType.note) throw new AppError(ErrorCode.noteNotForCustomer)
      quotedPreview = quoted.body.slice(0, PREVIEW_MAX)
      stored.quoted = {
        chatId: peer.jid,
        id: quoted.wa_message_id,
        fromMe: quoted.from_me === 1,
        participant: quoted.sender_jid || undefined,
        text: quotedPreview,
      }
    }
    return { peer, stored, quotedPreview }
  }

  /** The message, its outbox row (with the WhatsApp id chosen now) and the session's activity, written with `q`. */
  private async write(
    q: Kysely<Database>,
    req: EnqueueRequest,
    session: Session,
    { peer, stored, quotedPreview }: Checked,
  ): Promise<StagedMessage> {
    const origin = req.origin ?? SendOrigin.manual
    const c = req.content
    const accountId = session.account_id
    const waMessageId = this.gateway.newMessageId(String(accountId))
    const { body, meta, preview } = outboundBody(c)
    // a message we queue comes after everything already in the chat, even when the last message's
    // time (WhatsApp's clock) is ahead of ours: the chat's order and its last message follow it
    const now = Date.now()
    const at = Math.max(now, session.last_activity_at + 1)
    const message = await this.messages.queue(q, {
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
    await this.repo.insert(q, {
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
    const touched = await this.sessions.recordMessage(q, req.tenantId, session.id, {
      timestamp: at,
      preview: preview.slice(0, PREVIEW_MAX),
      unread: false,
      inbound: false,
      // a reply from our side, by hand or automatic, answers the customer; a mass send is no answer
      answers: req.answers ?? origin !== SendOrigin.massSend,
    })
    return { message, touched, session, peer }
  }

  private peerOf(
    q: Kysely<Database>,
    tenantId: number,
    s: { fan_id: number | null; group_chat_id: number | null },
  ) {
    return s.fan_id !== null
      ? this.fans.peer(q, tenantId, s.fan_id)
      : this.groupChats.peer(tenantId, s.group_chat_id ?? 0, q)
  }
}
