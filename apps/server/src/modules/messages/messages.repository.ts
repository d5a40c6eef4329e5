import { Delivery, type DeliveryValue, MessageStatus } from '@app/core'
import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Message, MessageTable } from '../../db/schema.js'

type Q = Kysely<Database>

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
  async insertOnce(
    q: Q,
    values: Required<Omit<Insertable<MessageTable>, 'id'>>,
  ): Promise<Message | undefined> {
    const row = await q
      .insertInto('messages')
      .values(values)
      .onConflict((oc) => oc.columns(['account_id', 'wa_message_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    // every column was given: the stored row is the values plus the id (a hot path: no RETURNING *)
    return row ? ({ ...values, id: row.id } as Message) : undefined
  }

  systemFindByWaId(q: Q, accountId: number, waMessageId: string): Promise<Message | undefined> {
    return q
      .selectFrom('messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
  }

  async systemExists(q: Q, accountId: number, waMessageId: string): Promise<boolean> {
    const row = await q
      .selectFrom('messages')
      .select('id')
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
    return row !== undefined
  }

  systemWithdraw(q: Q, accountId: number, waMessageId: string): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ status: MessageStatus.withdrawn })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .where('status', '!=', MessageStatus.withdrawn)
      .returningAll()
      .executeTakeFirst()
  }

  systemEdit(q: Q, accountId: number, waMessageId: string, text: string): Promise<Message | undefined> {
    return q
      .updateTable('messages')
      .set({ body: text })
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .returningAll()
      .executeTakeFirst()
  }

  /** Apply a delivery receipt, forward only. */
  systemDeliver(
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
  systemConfirmSent(q: Q, accountId: number, waMessageId: string): Promise<Message | undefined> {
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
  systemMarkReplied(q: Q, sessionId: number, since: number) {
    return q
      .updateTable('messages')
      .set({ delivery: Delivery.replied })
      .where('session_id', '=', sessionId)
      .where('timestamp', '>=', since)
      .where('from_me', '=', 1)
      .where('status', '=', MessageStatus.sent)
      .where('delivery', '!=', Delivery.replied)
      .returningAll()
      .execute()
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
