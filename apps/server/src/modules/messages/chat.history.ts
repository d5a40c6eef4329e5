import {
  type ChatHistoryBody,
  type ChatHistoryPage,
  type ChatMessageView,
  MessageType,
  type MessageTypeValue,
  type QuotedMessageView,
  type ReactionView,
} from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import { QueryShapes } from '../../db/query-shapes.js'
import type { Message } from '../../db/schema.js'
import { jidToPhone } from '../../gateway/jid.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import { chatSessionInScope, type SessionScopes } from '../sessions/index.js'
import { presentMessage } from './messages.presenter.js'

/** Where the desk fetches a message's file (chat.routes.ts). */
const chatMediaUrl = (messageId: number): string => `/damai/customer/user/chatMedia/${messageId}`

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
  // the message's view completed in place: copying it into a new object was a tenth of a page's time
  const view = presentMessage(m) as ChatMessageView
  view.mediaUrl = m.media_id !== null ? chatMediaUrl(m.id) : null
  view.quotedMessage = quoted
  view.reactions = reactions
  view.requestedBy = m.requested_by
  return view
}

/** A message of a page's statement: 1 for a reaction to one of the page's messages. */
type PageRow = Message & { reaction: number }

const newestFirst = (a: Message, b: Message) => b.timestamp - a.timestamp || b.id - a.id
const oldestFirst = (a: Message, b: Message) => a.timestamp - b.timestamp || a.id - b.id

/**
 * The chat box's history: newest first, paged upward by (timestamp, id) before a message of the
 * session (the existing index on (session_id, timestamp, id)). Reactions are folded onto the
 * messages they react to; quotes are resolved to the stored message when we have it. A page is
 * one statement (its messages and the reactions to them), and one more when it quotes.
 */
export class ChatHistory {
  /** the page's statement is compiled once per shape (first page, or before a message) */
  private readonly shapes: QueryShapes

  constructor(
    private readonly db: Db,
    /** the desk list's scopes, so the session is checked on its own row */
    private readonly scopes?: SessionScopes,
  ) {
    this.shapes = new QueryShapes(db)
  }

  /** A page of a session in the viewer's scope (not found outside it). */
  async pageFor(viewer: Caller, body: ChatHistoryBody): Promise<ChatHistoryPage> {
    const scope = this.scopes ? await this.scopes.of(viewer) : null
    const row = await chatSessionInScope(this.shapes, this.db, viewer, scope, body.sessionId)
    if (!row) throw notFound()
    // the customer's name as the desk shows it (sessionTitle)
    const peerName =
      row.fan_id !== null && row.jid !== null ? row.nickname || row.push_name || row.phone || row.jid : ''
    return this.page({ id: row.id, tenantId: viewer.tenantId, accountId: row.account_id, peerName }, body)
  }

  async page(s: HistorySession, body: ChatHistoryBody): Promise<ChatHistoryPage> {
    let before: { timestamp: number; id: number } | undefined
    if (body.beforeId !== undefined) {
      before = await this.db
        .selectFrom('messages')
        .select(['timestamp', 'id'])
        .where('tenant_id', '=', s.tenantId)
        .where('session_id', '=', s.id)
        .where('id', '=', body.beforeId)
        .executeTakeFirst()
      if (!before) throw notFound()
    }
    const values = {
      tenantId: s.tenantId,
      sessionId: s.id,
      reaction: MessageType.reaction,
      beforeAt: before?.timestamp,
      beforeId: before?.id,
    }
    const rows = await this.shapes.rows(`page:${body.pageSize}`, values, (v) =>
      this.db
        .with('p', (db) => {
          let q = db
            .selectFrom('messages')
            .selectAll()
            .where('tenant_id', '=', v.tenantId)
            .where('session_id', '=', v.sessionId)
            .where('type', '!=', v.reaction)
          const { beforeAt, beforeId } = v
          if (beforeAt !== undefined && beforeId !== undefined)
            q = q.where((eb) => eb(eb.refTuple('timestamp', 'id'), '<', eb.tuple(beforeAt, beforeId)))
          // written into the text, so PostgreSQL plans the statement once for all calls
          return q
            .orderBy('timestamp', 'desc')
            .orderBy('id', 'desc')
            .limit(sql.lit(body.pageSize + 1))
        })
        .selectFrom('p')
        .selectAll('p')
        .select(sql<number>`0`.as('reaction'))
        // the reactions to the page's messages
        .unionAll((eb) =>
          eb
            .selectFrom('messages as m')
            .selectAll('m')
            .select(sql<number>`1`.as('reaction'))
            .where('m.tenant_id', '=', v.tenantId)
            .where('m.session_id', '=', v.sessionId)
            .where('m.type', '=', v.reaction)
            .where('m.quoted_wa_id', 'in', eb.selectFrom('p').select('p.wa_message_id')),
        )
        .$castTo<PageRow>(),
    )
    const messages = rows.filter((r) => Number(r.reaction) === 0).sort(newestFirst)
    const hasMore = messages.length > body.pageSize
    const list = hasMore ? messages.slice(0, body.pageSize) : messages
    const reactions = reactionsOf(rows.filter((r) => Number(r.reaction) === 1).sort(oldestFirst))
    const quotes = await this.quotes(s, list)
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
}

/** Reactions, oldest first, per message they react to: the latest of each sender counts, an empty one removes theirs. */
function reactionsOf(rows: Message[]): Map<string, ReactionView[]> {
  const out = new Map<string, ReactionView[]>()
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
