import { customerTitle, FanSource, isOptOut, MessageStatus, OPT_OUT_WORDS, SessionStatus } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Message, Session } from '../../db/schema.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { normalizeJid } from '../../gateway/jid.js'
import type { InboundMessage } from '../../gateway/messaging-gateway.js'
import { FanDirectory } from '../fans/index.js'
import type { SessionDirectory, SessionTouch } from '../sessions/index.js'
import { GroupChatSync } from '../sessions/index.js'
import { fanIdentity, type StoredContent } from './inbound.content.js'
import { MessagesRepository, type NewMessageRow } from './messages.repository.js'

/** Gateway inbound: echoes and replies by account. */
const system = openSystemScope('modules/messages/inbound.store')

type Q = Kysely<Database>

/** Who a message is with, as stored: enough to write the next message of this chat without looking it up. */
export interface Contact {
  key: string
  fanId: number | null
  sessionId: number
  peer: { jid: string; title: string }
  pushName: string
}

/** What a stored inbound message changed, for the events sent after commit. */
export interface StoreOutcome {
  created?: {
    message: Message
    session: Session
    peer: { jid: string; title: string }
    /** the personal chat's fan (null in a group) */
    fanId: number | null
    /** the fan was created by this very message: a new customer */
    newFan: boolean
    /** the customer's message answered ours (something of ours awaited a reply) */
    answered?: boolean
    /** the customer opted out of mass sends with this message (the tenant's opt-out words) */
    optedOut?: boolean
    /** the customer's live message opened the (pending, snoozed or resolved) session again */
    reopened?: boolean
  }
  /**
   * a live customer message stored before and delivered again (the process that stored it may have
   * died before telling the desks): the desks are told again, the listeners are not
   */
  again?: { message: Message; session: Session; peer: { jid: string; title: string } }
  /** rows whose status or delivery moved (our echo, replies) */
  updated: Message[]
  /** a group seen for the first time: fetch its info */
  newGroup?: string
  contact: Contact
}

/** A message's chat as found or created: `newFan`/`newGroup` when this message created it. */
export interface ResolvedChat {
  contact: Contact
  newFan: boolean
  /** a group seen for the first time */
  newGroup?: string
}

/** The message row of an inbound message (every column: the hot path returns only the id). */
export function messageRow(
  tenantId: number,
  accountId: number,
  sessionId: number,
  m: InboundMessage,
  content: StoredContent,
  mediaId: number | null,
  now: number,
): NewMessageRow {
  const fromMe = m.ref.fromMe
  return {
    tenant_id: tenantId,
    account_id: accountId,
    session_id: sessionId,
    wa_message_id: m.ref.id,
    from_me: fromMe ? 1 : 0,
    sender_jid: fromMe ? '' : normalizeJid(m.sender.id),
    type: content.type,
    delivery: 'none',
    body: content.body,
    media_id: mediaId,
    meta: JSON.stringify(content.meta),
    quoted_wa_id: content.quotedId ?? m.quoted?.id ?? null,
    quoted_preview: m.quoted?.text ?? null,
    status: MessageStatus.sent,
    failure_reason: null,
    origin: null,
    requested_by: null,
    timestamp: m.timestamp,
    created_at: now,
  }
}

/**
 * How a new message moves its session: activity and preview, unread and the waiting clock for a
 * live customer message; a live message of ours written on the phone answers the customer.
 */
export function sessionTouch(m: InboundMessage, preview: string): SessionTouch {
  const fromMe = m.ref.fromMe
  return {
    timestamp: m.timestamp,
    preview,
    unread: !fromMe && m.live,
    inbound: !fromMe,
    answers: fromMe && m.live,
  }
}

/** The cache key of a message's chat: the fan's key jid, or the group. */
export function contactKey(accountId: number, m: InboundMessage): string {
  return `${accountId}|${m.chatType === 'group' ? normalizeJid(m.ref.chatId) : fanIdentity(m).jid}`
}

/** The outbox's part when our own message comes back from WhatsApp: its send is done. */
export interface EchoSettler {
  systemSettleEchoed(system: SystemScope, q: Q, messageId: number): Promise<void>
}

/** The opt-out rule in force for a tenant: a customer whose message is one of the words gets mass send forbidden. */
export interface OptOutRule {
  /** the tenant's words (its own, else the admin's system settings; the product's defaults until known) */
  words(tenantId: number): readonly string[]
  /** whether a customer who opts out is also marked invalid */
  marksInvalid(tenantId: number): boolean
}

const DEFAULT_OPT_OUT: OptOutRule = { words: () => OPT_OUT_WORDS, marksInvalid: () => false }

/** The writes of one inbound message, inside the caller's transaction. */
export class InboundStore {
  readonly fans = new FanDirectory()
  readonly groups: GroupChatSync
  readonly messages = new MessagesRepository()

  constructor(
    db: Db,
    readonly sessions: SessionDirectory,
    private readonly outbox: EchoSettler,
    /** the tenant's opt-out rule (the tenant settings module owns it); the product's defaults without it */
    private readonly optOut: OptOutRule = DEFAULT_OPT_OUT,
  ) {
    this.groups = new GroupChatSync(db)
  }

  /**
   * Store one message (once: a repeat is a no-op). `known` is the chat as a previous commit left
   * it; without it the fan or group and the session are found or created here.
   */
  async store(
    q: Q,
    tenantId: number,
    accountId: number,
    m: InboundMessage,
    content: StoredContent,
    mediaId: number | null,
    known?: Contact,
  ): Promise<StoreOutcome> {
    const now = Date.now()
    const chat = known
      ? { contact: known, newFan: false }
      : await this.resolve(q, tenantId, accountId, m, now)
    return this.storeIn(q, tenantId, accountId, m, content, mediaId, chat, now)
  }

  /** Store one message in its resolved chat. */
  async storeIn(
    q: Q,
    tenantId: number,
    accountId: number,
    m: InboundMessage,
    content: StoredContent,
    mediaId: number | null,
    chat: ResolvedChat,
    now: number,
  ): Promise<StoreOutcome> {
    const { contact } = chat
    const message = await this.messages.insertOnce(
      q,
      messageRow(tenantId, accountId, contact.sessionId, m, content, mediaId, now),
    )
    if (!message) return this.repeat(q, tenantId, accountId, m, chat)
    const session =
      content.preview !== null
        ? await this.sessions.recordMessage(q, tenantId, contact.sessionId, sessionTouch(m, content.preview))
        : await this.sessions.byId(tenantId, contact.sessionId, q)
    if (!session) throw new Error(`session ${contact.sessionId} vanished`)
    return this.settle(q, tenantId, m, content, chat, message, session, now)
  }

  /** A message already stored: only our own echo settles its send; a customer's is announced again. */
  async repeat(
    q: Q,
    tenantId: number,
    accountId: number,
    m: InboundMessage,
    chat: ResolvedChat,
  ): Promise<StoreOutcome> {
    const updated = m.ref.fromMe ? await this.echo(q, accountId, m.ref.id) : []
    const out: StoreOutcome = { updated, contact: chat.contact, newGroup: chat.newGroup }
    if (!m.ref.fromMe && m.live) {
      const message = await this.messages.systemFindByWaId(system, q, accountId, m.ref.id)
      const session = message && (await this.sessions.byId(tenantId, message.session_id, q))
      if (message && session) out.again = { message, session, peer: chat.contact.peer }
    }
    return out
  }

  /**
   * What a new message of the customer changes past its row and its session's activity: ours it
   * answers count as replied, an opt-out word stops mass sends.
   */
  async settle(
    q: Q,
    tenantId: number,
    m: InboundMessage,
    content: StoredContent,
    chat: ResolvedChat,
    message: Message,
    stored: Session,
    now: number,
  ): Promise<StoreOutcome> {
    const { contact, newFan, newGroup } = chat
    let session = stored
    const updated: Message[] = []
    let answered = false
    let optedOut = false
    let reopened = false
    // a live customer message opens a conversation set aside again (read only when it is)
    if (!m.ref.fromMe && m.live && content.preview !== null && session.status !== SessionStatus.open) {
      const opened = await this.sessions.reopen(q, tenantId, session.id, now)
      if (opened) {
        session = opened
        reopened = true
      }
    }
    if (!m.ref.fromMe && contact.fanId !== null) {
      const since = session.awaiting_reply_since
      if (content.preview !== null && since !== null) {
        answered = true
        updated.push(...(await this.messages.systemMarkReplied(system, q, session.id, since)))
        await this.sessions.clearAwaitingReply(q, tenantId, session.id, since)
        session = { ...session, awaiting_reply_since: null }
      }
      if (content.type === 'text' && isOptOut(content.body, this.optOut.words(tenantId))) {
        await this.fans.optOut(q, tenantId, contact.fanId, now)
        optedOut = true
        if (this.optOut.marksInvalid(tenantId)) {
          await this.fans.update(q, tenantId, contact.fanId, { invalid: 1 })
          await this.sessions.setFlags(tenantId, session.id, { invalid: 1 }, q)
          session = { ...session, invalid: 1 }
        }
      }
    }
    return {
      created: {
        message,
        session,
        peer: contact.peer,
        fanId: contact.fanId,
        newFan,
        answered,
        optedOut,
        reopened,
      },
      updated,
      newGroup,
      contact,
    }
  }

  /** The fan (or group) and session of a message's chat, created on first contact. */
  async resolve(
    q: Q,
    tenantId: number,
    accountId: number,
    m: InboundMessage,
    now: number,
  ): Promise<ResolvedChat> {
    const key = contactKey(accountId, m)
    if (m.chatType === 'group') {
      const { group, created } = await this.groups.open(
        q,
        tenantId,
        accountId,
        normalizeJid(m.ref.chatId),
        now,
      )
      const { session } = await this.sessions.openGroup(q, tenantId, accountId, group.id, m.timestamp)
      const contact = {
        key,
        fanId: null,
        sessionId: session.id,
        peer: { jid: group.jid, title: group.subject || group.jid },
        pushName: '',
      }
      return { contact, newGroup: created ? group.jid : undefined, newFan: false }
    }
    const source = m.ref.fromMe ? FanSource.activeAdd : m.live ? FanSource.passiveAdd : FanSource.scanSync
    const who = fanIdentity(m)
    const { fan, created } = await this.fans.findOrCreate(q, tenantId, accountId, who, source, now)
    const { session } = await this.sessions.openPersonal(q, tenantId, accountId, fan.id, m.timestamp, created)
    const title = customerTitle({
      nickname: fan.nickname,
      pushName: fan.push_name,
      phone: fan.phone,
      jid: fan.jid,
    })
    return {
      contact: {
        key,
        fanId: fan.id,
        sessionId: session.id,
        peer: { jid: fan.jid, title },
        pushName: fan.push_name,
      },
      newFan: created,
    }
  }

  /**
   * Our own message came back from WhatsApp: it was sent, whatever the outbox last wrote (a
   * crash between the send and its record leaves it 'sending'; this settles it).
   */
  async echo(q: Q, accountId: number, waMessageId: string): Promise<Message[]> {
    const confirmed = await this.messages.systemConfirmSent(system, q, accountId, waMessageId)
    if (!confirmed) return []
    await this.outbox.systemSettleEchoed(system, q, confirmed.id)
    return [confirmed]
  }
}
