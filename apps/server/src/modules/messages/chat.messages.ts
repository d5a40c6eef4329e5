import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Message } from '../../db/schema.js'
import { MessagesRepository } from './messages.repository.js'

type Q = Kysely<Database>

/**
 * A chat's messages as the desk works on them: one message to resend, withdraw or edit, where a
 * read mark stands and what it marks read on WhatsApp, and the messages that go when an invalid
 * customer's chat is deleted. Every method takes the caller's transaction (or the database) and
 * the tenant.
 */
export class ChatMessages {
  private readonly messages = new MessagesRepository()

  /** One message of the tenant. */
  byId(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return this.messages.get(q, tenantId, id)
  }

  /** A message of the tenant by its account and WhatsApp id (what a stored send quoted). */
  byWaId(q: Q, tenantId: number, accountId: number, waMessageId: string): Promise<Message | undefined> {
    return this.messages.findByWaId(tenantId, q, accountId, waMessageId)
  }

  /** Withdraw a message not yet handed to WhatsApp; the dispatcher then drops its outbox row. */
  withdrawQueued(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return this.messages.withdrawQueued(q, tenantId, id)
  }

  /** The newest message id of a session (where a read mark stands). */
  newestId(q: Q, tenantId: number, sessionId: number): Promise<number | null> {
    return this.messages.newestId(q, tenantId, sessionId)
  }

  /** The customer's live messages after `afterId`, newest first (the read receipts a read sends). */
  inboundAfter(q: Q, tenantId: number, sessionId: number, afterId: number, limit: number) {
    return this.messages.inboundAfter(q, tenantId, sessionId, afterId, limit)
  }

  /** How many messages a session holds (kept in its deletion record). */
  countOfSession(q: Q, tenantId: number, sessionId: number): Promise<number> {
    return this.messages.countOfSession(q, tenantId, sessionId)
  }

  /**
   * Lock a session's messages before the caller deletes their outbox rows: a transaction that writes
   * messages and their outbox rows takes the messages first (the outbox's lock order).
   */
  lockOfSession(q: Q, tenantId: number, sessionId: number): Promise<void> {
    return this.messages.lockOfSession(q, tenantId, sessionId)
  }

  /** Delete a session's messages inside the caller's transaction (an invalid customer deleted). */
  deleteOfSession(q: Q, tenantId: number, sessionId: number): Promise<void> {
    return this.messages.deleteOfSession(q, tenantId, sessionId)
  }
}
