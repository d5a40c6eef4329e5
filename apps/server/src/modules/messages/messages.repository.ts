import { Delivery, type DeliveryValue, MessageStatus, MessageType } from '@app/core'
import { type Insertable, type Kysely, sql } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Database } from '../../db/index.js'
import type { Message, MessageTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>

/** A new message's row: every column but the id and the edit columns a new message leaves empty. */
export type NewMessageRow = Required<Omit<Insertable<MessageTable>, 'id' | 'edited_at' | 'edit_history'>>

/** An edit a message's sender made (from our side: `fromMe` for ours written on the phone). */
export interface SenderEdit {
  fromMe: boolean
  /** undefined: the new text could not be read */
  text?: string
  at: number
}

/** Types whose words (a text or a caption) their sender may edit. */
const EDITABLE = new Set<string>([
  MessageType.text,
  MessageType.image,
  MessageType.video,
  MessageType.document,
])

/** One earlier text of an edited message. */
export interface EditVersion {
  body: string
  at: number
}

/** The earlier texts of a message, oldest first. */
export function editHistoryOf(m: Pick<Message, 'edit_history'>): EditVersion[] {
  if (!m.edit_history) return []
  try {
    const list = JSON.parse(m.edit_history) as unknown
    return Array.isArray(list) ? (list as EditVersion[]) : []
  } catch {
    return []
  }
}

/** Delivery values a receipt may replace: it only moves forward (none → delivered → read → replied). */
const BELOW: Record<'delivered' | 'read', DeliveryValue[]> = {
  delivered: [Delivery.none],
  read: [Delivery.none, Delivery.delivered],
}

/**
 * Messages; `(account_id, wa_message_id)` is unique, which makes every inbound write idempotent.
 * `system*` methods find messages by account and WhatsApp id for the engines (inbound receipts,
 * echoes, withdrawals): the account decides the tenant.
 */
export class MessagesRepository {
  /** Insert unless the id is already stored; undefined means it was a repeat. */
  async insertOnce(q: Q, values: NewMessageRow): Promise<Message | undefined> {
    const row = await q
      .insertInto('messages')
      .values(values)
      .onConflict((oc) => oc.columns(['account_id', 'wa_message_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    // every column was given: the stored row is the values plus the id (a hot path: no RETURNING *)
    return row ? ({ ...values, id: row.id, edited_at: null, edit_history: null } as Message) : undefined
  }

  /** A message of the tenant by its account and WhatsApp id (a quoted message). */
  findByWaId(tenantId: number, q: Q, accountId: number, waMessageId: string): Promise<Message | undefined> {
    return q
      .selectFrom('messages')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
  }

  systemFindByWaId(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
  ): Promise<Message | undefined> {
    return q
      .selectFrom('messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
  }

  async systemExists(system: SystemScope, q: Q, accountId: number, waMessageId: string): Promise<boolean> {
    const row = await q
      .selectFrom('messages')
      .select('id')
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * A message deleted for everyone: by its sender, or by a group admin. `fromMe`, when given, is
   * whose message the revoke names: one that names another side's message changes nothing.
   */
  systemWithdraw(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
    fromMe?: boolean,
  ): Promise<Message | undefined> {
    let update = q
      .updateTable('messages')
      .set({ status: MessageStatus.withdrawn })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
    if (fromMe !== undefined) update = update.where('from_me', '=', fromMe ? 1 : 0)
    return update.where('status', '!=', MessageStatus.withdrawn).returningAll().executeTakeFirst()
  }

  /**
   * The sender edited a message: the new text replaces the shown one, which joins the message's
   * history. Only a text or caption, only by its own sender, only forward in time (an edit
   * delivered twice, or older than the one shown, changes nothing). An edit whose text could not be
   * read marks the message edited (`meta.editUnread`) and keeps what it showed.
   */
  async systemEdit(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
    edit: SenderEdit,
  ): Promise<Message | undefined> {
    const row = await this.systemFindByWaId(system, q, accountId, waMessageId)
    if (!row || row.from_me !== (edit.fromMe ? 1 : 0) || !EDITABLE.has(row.type)) return undefined
    if (row.status === MessageStatus.withdrawn) return undefined
    if (row.edited_at !== null && edit.at <= row.edited_at) return undefined
    const meta = JSON.parse(row.meta || '{}') as Record<string, unknown>
    const history = editHistoryOf(row)
    let body = row.body
    if (edit.text === undefined) meta.editUnread = true
    else {
      delete meta.editUnread
      if (edit.text !== row.body) {
        history.push({ body: row.body, at: row.edited_at ?? row.timestamp })
        body = edit.text
      }
    }
    return q
      .updateTable('messages')
      .set({
        body,
        meta: JSON.stringify(meta),
        edited_at: edit.at,
        edit_history: history.length ? JSON.stringify(history) : null,
      })
      .where('account_id', '=', accountId)
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('edited_at', 'is', null), eb('edited_at', '<', edit.at)]))
      .returningAll()
      .executeTakeFirst()
  }

  /** Apply a delivery receipt, forward only. */
  systemDeliver(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
    to: 'delivered' | 'read',
  ): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ delivery: to })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .where('delivery', 'in', BELOW[to])
      .returningAll()
      .executeTakeFirst()
  }

  /** WhatsApp has the message (server ack or our own echo): requested/sending become sent. */
  systemConfirmSent(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
  ): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.sent, failure_reason: null })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .where('status', 'in', [MessageStatus.requested, MessageStatus.sending])
      .returningAll()
      .executeTakeFirst()
  }

  /** An error ack after sending (e.g. the reach-out time-lock): the message failed. */
  systemFailAfterSend(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
    reason: string,
  ): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.failed, failure_reason: reason })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .where('status', 'in', [MessageStatus.requested, MessageStatus.sending, MessageStatus.sent])
      .where('delivery', '=', Delivery.none)
      .returningAll()
      .executeTakeFirst()
  }

  /** The fan answered: our sent messages since `since` (our first one after their previous message) count as replied. */
  systemMarkReplied(system: SystemScope, q: Q, sessionId: number, since: number) {
    return (
      q
        .updateTable('messages')
        .set({ delivery: Delivery.replied })
        .where('session_id', '=', sessionId)
        .where('timestamp', '>=', since)
        .where('from_me', '=', 1)
        .where('status', '=', MessageStatus.sent)
        .where('delivery', '!=', Delivery.replied)
        // an internal note was never sent: nothing answers it
        .where('type', '!=', MessageType.note)
        .returningAll()
        .execute()
    )
  }

  /** One message of the tenant. */
  get(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return q
      .selectFrom('messages')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** Withdraw a message not yet handed to WhatsApp; the dispatcher then drops its outbox row. */
  withdrawQueued(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.withdrawn })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', MessageStatus.requested)
      .returningAll()
      .executeTakeFirst()
  }

  /** The newest message id of a session (where a read mark stands). */
  async newestId(q: Q, tenantId: number, sessionId: number): Promise<number | null> {
    const row = await q
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .executeTakeFirst()
    return row?.id ?? null
  }

  /** The customer's live messages after `afterId`, newest first (read receipts). */
  inboundAfter(q: Q, tenantId: number, sessionId: number, afterId: number, limit: number) {
    return q
      .selectFrom('messages')
      .select(['wa_message_id', 'sender_jid'])
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .where('from_me', '=', 0)
      .where('id', '>', afterId)
      .where('status', '!=', MessageStatus.withdrawn)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  async countOfSession(q: Q, tenantId: number, sessionId: number): Promise<number> {
    const row = await q
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Lock a session's messages, in id order, before the caller deletes their outbox rows: a
   * transaction that writes messages and their outbox rows takes the messages first (the lock
   * order of the outbox). SQLite locks the whole database for a write: nothing to take there.
   */
  async lockOfSession(q: Q, tenantId: number, sessionId: number): Promise<void> {
    if (dialectOf(q as unknown as Kysely<unknown>) !== 'postgres') return
    await q
      .selectFrom('messages')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .forUpdate()
      .execute()
  }

  /** Delete a session's messages (an invalid customer deleted with a reason). */
  async deleteOfSession(q: Q, tenantId: number, sessionId: number): Promise<void> {
    await q
      .deleteFrom('messages')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .execute()
  }

  /** Insert a message of ours (queued for sending) and return it whole. */
  insertOwn(q: Q, values: Insertable<MessageTable>): Promise<Message> {
    return q.insertInto('messages').values(values).returningAll().executeTakeFirstOrThrow()
  }

  /** A message of a session (a quote must be of the same chat). */
  inSession(q: Q, tenantId: number, sessionId: number, id: number): Promise<Message | undefined> {
    return q
      .selectFrom('messages')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** A queued message of ours is being handed to WhatsApp. */
  markSending(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.sending })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', '=', MessageStatus.requested)
      .returningAll()
      .executeTakeFirst()
  }

  /** WhatsApp took our message (unless an echo got there first); its time is WhatsApp's if later. */
  markSent(q: Q, tenantId: number, id: number, timestamp: number): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({
        status: MessageStatus.sent,
        failure_reason: null,
        timestamp: sql<number>`case when ${sql.ref('timestamp')} < ${timestamp} then ${timestamp} else ${sql.ref('timestamp')} end`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', [MessageStatus.requested, MessageStatus.sending])
      .returningAll()
      .executeTakeFirst()
  }

  /** Our message will not be sent, for `reason`; `meta` (JSON) replaces its meta when given (a risk refusal's details). */
  markFailed(
    q: Q,
    tenantId: number,
    id: number,
    reason: string,
    meta?: string,
  ): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.failed, failure_reason: reason, ...(meta === undefined ? {} : { meta }) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', [MessageStatus.requested, MessageStatus.sending])
      .returningAll()
      .executeTakeFirst()
  }
}
