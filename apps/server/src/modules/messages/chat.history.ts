import {
  type ChatHistoryBody,
  type ChatHistoryPage,
  type ChatMessageView,
  MessageType,
  type MessageTypeValue,
  type QuotedMessageView,
  type ReactionView,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Message } from '../../db/schema.js'
import { jidToPhone } from '../../gateway/jid.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import { loadDeskSession } from '../sessions/session.access.js'
import { presentMessage } from './messages.presenter.js'

/** Where the desk fetches a message's file (chat.routes.ts). */
export const chatMediaUrl = (messageId: number): string => `/damai/customer/user/chatMedia/${messageId}`

/** The session a history is read in: its account and the name of its customer (personal sessions). */
export interface HistorySession {
  id: number
  tenantId: number
  accountId: number
  /** the customer's name, for quotes of their messages; '' for groups (the sender's number is used) */
  peerName: string
}

/** A chat message as the desk shows it; `quoted` and `reactions` come from the page's lookups. */
export function presentChatMessage(
  m: Message,
  quoted: QuotedMessageView | null = null,
  reactions: ReactionView[] = [],
): ChatMessageView {
  return {
    ...presentMessage(m),
    mediaUrl: m.media_id !== null ? chatMediaUrl(m.id) : null,
    quotedMessage: quoted,
    reactions,
    requestedBy: m.requested_by,
  }
}

/**
 * The chat box's history: newest first, paged upward by (timestamp, id) before a message of the
 * session (the existing index on (session_id, timestamp, id)). Reactions are folded onto the
 * messages they react to; quotes are resolved to the stored message when we have it.
 */
export class ChatHistory {
  constructor(private readonly db: Db) {}

  /** A page of a session in the viewer's scope (not found outside it). */
  async pageFor(viewer: Caller, body: ChatHistoryBody): Promise<ChatHistoryPage> {
    const d = await loadDeskSession(this.db, viewer, body.sessionId)
    const peerName = d.session.fan_id !== null ? d.peer.title : ''
    return this.page({ id: d.session.id, tenantId: viewer.tenantId, accountId: d.account.id, peerName }, body)
  }

  async page(s: HistorySession, body: ChatHistoryBody): Promise<ChatHistoryPage> {
    let q = this.db
      .selectFrom('messages')
      .selectAll()
      .where('tenant_id', '=', s.tenantId)
      .where('session_id', '=', s.id)
      .where('type', '!=', MessageType.reaction)
    if (body.beforeId !== undefined) {
      const before = await this.db
        .selectFrom('messages')
        .select(['timestamp', 'id'])
        .where('tenant_id', '=', s.tenantId)
        .where('session_id', '=', s.id)
        .where('id', '=', body.beforeId)
        .executeTakeFirst()
      if (!before) throw notFound()
      q = q.where((eb) => eb(eb.refTuple('timestamp', 'id'), '<', eb.tuple(before.timestamp, before.id)))
    }
    const rows = await q
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(body.pageSize + 1)
      .execute()
    const hasMore = rows.length > body.pageSize
    const list = hasMore ? rows.slice(0, body.pageSize) : rows
    const [quotes, reactions] = await Promise.all([this.quotes(s, list), this.reactions(s, list)])
    return {
      list: list.map((m) =>
        presentChatMessage(
          m,
          m.quoted_wa_id ? quoteOf(m, quotes.get(m.quoted_wa_id), s.peerName) : null,
          reactions.get(m.wa_message_id) ?? [],
        ),
      ),
      hasMore,
    }
  }

  /** The page's quoted messages, by WhatsApp id, from the same session. */
  private async quotes(s: HistorySession, list: Message[]): Promise<Map<string, Message>> {
    const ids = [...new Set(list.map((m) => m.quoted_wa_id).filter((id): id is string => !!id))]
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('messages')
      .selectAll()
      .where('tenant_id', '=', s.tenantId)
      .where('account_id', '=', s.accountId)
      .where('wa_message_id', 'in', ids)
      .where('session_id', '=', s.id)
      .execute()
    return new Map(rows.map((r) => [r.wa_message_id, r]))
  }

  /** Reactions to the page's messages: the latest of each sender counts, an empty one removes theirs. */
  private async reactions(s: HistorySession, list: Message[]): Promise<Map<string, ReactionView[]>> {
    const out = new Map<string, ReactionView[]>()
    if (list.length === 0) return out
    const rows = await this.db
      .selectFrom('messages')
      .select(['quoted_wa_id', 'body', 'from_me', 'sender_jid'])
      .where('tenant_id', '=', s.tenantId)
      .where('session_id', '=', s.id)
      .where('type', '=', MessageType.reaction)
      .where(
        'quoted_wa_id',
        'in',
        list.map((m) => m.wa_message_id),
      )
      .orderBy('timestamp')
      .orderBy('id')
      .execute()
    const latest = new Map<string, Map<string, ReactionView>>()
    for (const r of rows) {
      if (!r.quoted_wa_id) continue
      const bySender = latest.get(r.quoted_wa_id) ?? new Map<string, ReactionView>()
      const who = r.from_me === 1 ? '' : r.sender_jid
      if (r.body) bySender.set(who, { emoji: r.body, fromMe: r.from_me === 1, senderJid: r.sender_jid })
      else bySender.delete(who)
      latest.set(r.quoted_wa_id, bySender)
    }
    for (const [target, bySender] of latest) if (bySender.size) out.set(target, [...bySender.values()])
    return out
  }
}

/** The spec's quoted message {id, message, type, userName, time}; the stored preview when the original is not stored. */
function quoteOf(m: Message, q: Message | undefined, peerName: string): QuotedMessageView {
  if (!q)
    return {
      id: null,
      waMessageId: m.quoted_wa_id ?? '',
      message: m.quoted_preview ?? '',
      type: null,
      userName: '',
      fromMe: null,
      time: null,
    }
  const fromMe = q.from_me === 1
  return {
    id: q.id,
    waMessageId: q.wa_message_id,
    message: q.body || (m.quoted_preview ?? ''),
    type: q.type as MessageTypeValue,
    userName: fromMe ? '' : peerName || jidToPhone(q.sender_jid) || q.sender_jid,
    fromMe,
    time: q.timestamp,
  }
}
