import { randomUUID } from 'node:crypto'
import { Delivery, MessageStatus, MessageType } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Message } from '../../db/schema.js'
import { MessagesRepository } from './messages.repository.js'

type Q = Kysely<Database>

/** The WhatsApp id of a note is ours alone: WhatsApp never issues one of this form. */
const NOTE_ID_PREFIX = 'note:'

/**
 * The desk's internal notes, kept in the chat as messages of type `note`: written as our own
 * (so nothing that waits on a customer's message takes one for it), settled at once (never
 * queued: no outbox row, so no dispatcher, risk limit or receipt ever sees one), with no session
 * activity (no preview, unread count or waiting clock). Its author is `requested_by`; `origin` stays
 * null, so no marketing or automatic reply counts it as theirs.
 */
export class SessionNotes {
  private readonly messages = new MessagesRepository()

  /** Write a note of `authorId` in a session, inside the caller's transaction. */
  write(
    q: Q,
    n: {
      tenantId: number
      accountId: number
      sessionId: number
      authorId: number
      text: string
      mentionUserIds: number[]
      at: number
    },
  ): Promise<Message> {
    return this.messages.insertOwn(q, {
      tenant_id: n.tenantId,
      account_id: n.accountId,
      session_id: n.sessionId,
      wa_message_id: `${NOTE_ID_PREFIX}${randomUUID()}`,
      from_me: 1,
      sender_jid: '',
      type: MessageType.note,
      body: n.text,
      media_id: null,
      meta: JSON.stringify({ mentionUserIds: n.mentionUserIds }),
      quoted_wa_id: null,
      quoted_preview: null,
      status: MessageStatus.sent,
      delivery: Delivery.none,
      failure_reason: null,
      origin: null,
      requested_by: n.authorId,
      timestamp: n.at,
      created_at: Date.now(),
    })
  }
}
