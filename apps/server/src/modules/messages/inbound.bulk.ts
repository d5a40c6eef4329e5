import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Message, Session } from '../../db/schema.js'
import type { InboundMessage } from '../../gateway/messaging-gateway.js'
import type { SessionTouch } from '../sessions/index.js'
import { resolveMany } from './inbound.chats.js'
import type { StoredContent } from './inbound.content.js'
import {
  type Contact,
  type InboundStore,
  messageRow,
  type ResolvedChat,
  type StoreOutcome,
  sessionTouch,
} from './inbound.store.js'

type Q = Kysely<Database>

/** One inbound message (no media file) to store with others of the same commit. */
export interface BulkInbound {
  tenantId: number
  accountId: number
  m: InboundMessage
  content: StoredContent
  /** the chat as a previous commit left it, when still fresh */
  known?: Contact
}

/**
 * Stores the messages of one commit with multi-row statements (PostgreSQL): the chats not
 * remembered in one (`resolveMany`), the messages with their sessions' activity in one, instead
 * of two to six round trips per message. What differs per message (an answered message of ours, an opt-out, a
 * second message of one chat) is still written message by message, as `InboundStore.store`
 * does, so the stored result is the same.
 */
export async function storeMany(store: InboundStore, q: Q, items: BulkInbound[]): Promise<StoreOutcome[]> {
  const now = Date.now()
  const unknown = items.flatMap((it, i) => (it.known ? [] : [i]))
  const resolved = await resolveMany(
    store,
    q,
    unknown.map((i) => items[i]),
    now,
  )
  const chats: ResolvedChat[] = items.map((it) => ({ contact: it.known as Contact, newFan: false }))
  for (const [k, i] of unknown.entries()) chats[i] = resolved[k]

  // one row per session and per WhatsApp id in a statement: the others follow one by one, in order
  const together: number[] = []
  const after: number[] = []
  const sessions = new Set<number>()
  const waIds = new Set<string>()
  for (const [i, it] of items.entries()) {
    const id = `${it.accountId}|${it.m.ref.id}`
    const sessionId = chats[i].contact.sessionId
    if (sessions.has(sessionId) || waIds.has(id)) {
      after.push(i)
      continue
    }
    sessions.add(sessionId)
    waIds.add(id)
    together.push(i)
  }

  const rows = together.map((i) => {
    const it = items[i]
    return messageRow(it.tenantId, it.accountId, chats[i].contact.sessionId, it.m, it.content, null, now)
  })
  const { ids, touched } = await insertAndTouch(
    q,
    rows,
    together
      .filter((i) => items[i].content.preview !== null)
      .map((i) => ({
        tenantId: items[i].tenantId,
        sessionId: chats[i].contact.sessionId,
        ...sessionTouch(items[i].m, items[i].content.preview as string),
      })),
  )
  const messages = new Map<number, Message>()
  for (const [k, i] of together.entries()) {
    const id = ids.get(`${rows[k].account_id}|${rows[k].wa_message_id}`)
    if (id !== undefined) messages.set(i, { ...rows[k], id, edited_at: null, edit_history: null })
  }

  const out: StoreOutcome[] = new Array(items.length)
  for (const i of together) {
    const it = items[i]
    const message = messages.get(i)
    if (!message) {
      out[i] = await store.repeat(q, it.tenantId, it.accountId, it.m, chats[i])
      continue
    }
    const sessionId = chats[i].contact.sessionId
    const session =
      it.content.preview !== null
        ? touched.get(sessionId)
        : await store.sessions.byId(it.tenantId, sessionId, q)
    if (!session) throw new Error(`session ${sessionId} vanished`)
    out[i] = await store.settle(q, it.tenantId, it.m, it.content, chats[i], message, session, now)
  }
  for (const i of after) {
    const it = items[i]
    out[i] = await store.storeIn(q, it.tenantId, it.accountId, it.m, it.content, null, chats[i], now)
  }
  return out
}

/** Session id 0 is never used: a row of values that touches nothing. */
const NO_TOUCH: Touch = { sessionId: 0, tenantId: 0, timestamp: 0, preview: '', unread: false, inbound: true }

interface Touch extends SessionTouch {
  tenantId: number
  sessionId: number
}

/**
 * The messages (skipping WhatsApp ids already stored) and, for each one stored, its session's
 * `SessionDirectory.recordMessage`, in one statement: the preview and activity follow the newest
 * message, unread counts live inbound ones, ours await a reply, the waiting clock starts at a live
 * customer message of a personal chat and stops at an answer of ours. One row per session.
 */
async function insertAndTouch(
  q: Q,
  rows: ReturnType<typeof messageRow>[],
  touches: Touch[],
): Promise<{ ids: Map<string, number>; touched: Map<number, Session> }> {
  const ids = new Map<string, number>()
  const touched = new Map<number, Session>()
  if (rows.length === 0) return { ids, touched }
  const cols = Object.keys(rows[0]) as (keyof (typeof rows)[0])[]
  const values = sql.join(rows.map((r) => sql`(${sql.join(cols.map((c) => r[c]))})`))
  // a statement needs a row of values: a session id that matches nothing stands in for none
  const touchRows = touches.length > 0 ? touches : [NO_TOUCH]
  const changes = sql.join(
    touchRows.map(
      (t) =>
        sql`(${t.sessionId}::bigint, ${t.tenantId}::bigint, ${t.timestamp}::bigint, ${t.preview}::text, ${t.unread ? 1 : 0}::int, ${t.inbound}::boolean, ${t.answers === true}::boolean)`,
    ),
  )
  const { rows: out } = await sql<{ kind: 'm' | 's'; row: Session & { wa_message_id: string } }>`
    with ins as (
      insert into messages (${sql.join(cols.map((c) => sql.ref(c)))}) values ${values}
      on conflict (account_id, wa_message_id) do nothing
      returning id, account_id, wa_message_id, session_id
    ),
    v(id, tenant_id, ts, preview, unread, inbound, answers) as (values ${changes}),
    upd as (
      update sessions as s set
        last_activity_at = case when s.last_activity_at <= v.ts then v.ts else s.last_activity_at end,
        last_message = case when s.last_activity_at <= v.ts then v.preview else s.last_message end,
        unread_count = s.unread_count + v.unread,
        last_inbound_at = case when v.inbound then v.ts else s.last_inbound_at end,
        awaiting_reply_since = case when v.inbound then s.awaiting_reply_since
          else coalesce(s.awaiting_reply_since, v.ts) end,
        waiting_since = case
          when v.unread = 1 and s.fan_id is not null and (s.waiting_since is null or s.waiting_since > v.ts) then v.ts
          when v.answers and s.waiting_since <= v.ts then null
          else s.waiting_since end
      from v
      where s.id = v.id and s.tenant_id = v.tenant_id and v.id in (select session_id from ins)
      returning s.*
    )
    select 'm' as kind, to_jsonb(ins) as row from ins
    union all select 's' as kind, to_jsonb(upd) as row from upd`.execute(q)
  for (const { kind, row } of out) {
    if (kind === 'm') ids.set(`${row.account_id}|${row.wa_message_id}`, row.id)
    else touched.set(row.id, row)
  }
  return { ids, touched }
}
