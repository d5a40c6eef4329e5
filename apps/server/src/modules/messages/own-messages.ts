import type { Insertable, Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Message, MessageTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { MessagesRepository } from './messages.repository.js'

type Q = Kysely<Database>

/**
 * Our messages from queueing to their end, as the outbox writes them: queued with their outbox
 * row, handed to WhatsApp, sent or failed, withdrawn or edited by a request WhatsApp carried out.
 * Each write moves a message only forward and answers the row it moved (undefined when it did not).
 * A write that comes with one of the outbox's takes the message first (the outbox's lock order).
 */
export class OwnMessages {
  private readonly messages = new MessagesRepository()

  /** Insert a message of ours, queued for sending, and answer it whole. */
  queue(q: Q, values: Insertable<MessageTable>): Promise<Message> {
    return this.messages.insertOwn(q, values)
  }

  /** A message of the session a new one may quote (a quote must be of the same chat). */
  quotable(q: Q, tenantId: number, sessionId: number, id: number): Promise<Message | undefined> {
    return this.messages.inSession(q, tenantId, sessionId, id)
  }

  /** A queued message of ours is being handed to WhatsApp. */
  markSending(q: Q, tenantId: number, id: number): Promise<Message | undefined> {
    return this.messages.markSending(q, tenantId, id)
  }

  /** WhatsApp took our message (unless an echo got there first); its time is WhatsApp's if later. */
  markSent(q: Q, tenantId: number, id: number, timestamp: number): Promise<Message | undefined> {
    return this.messages.markSent(q, tenantId, id, timestamp)
  }

  /** Our message will not be sent, for `reason`; `meta` (JSON) replaces its meta when given. */
  markFailed(
    q: Q,
    tenantId: number,
    id: number,
    reason: string,
    meta?: string,
  ): Promise<Message | undefined> {
    return this.messages.markFailed(q, tenantId, id, reason, meta)
  }

  /** WhatsApp withdrew our message as asked (the request names it by account and WhatsApp id). */
  systemWithdraw(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
  ): Promise<Message | undefined> {
    return this.messages.systemWithdraw(system, q, accountId, waMessageId)
  }

  /**
   * WhatsApp changed the text of our message as asked: the new text is shown, the earlier one joins
   * its history; an older edit, or the echo of the same one, changes nothing.
   */
  systemEdit(
    system: SystemScope,
    q: Q,
    accountId: number,
    waMessageId: string,
    edit: { text: string; at: number },
  ): Promise<Message | undefined> {
    return this.messages.systemEdit(system, q, accountId, waMessageId, { fromMe: true, ...edit })
  }
}
