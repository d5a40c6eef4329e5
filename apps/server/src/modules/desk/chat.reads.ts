import type { ReadResult } from '@app/core'
import type { RawBuilder } from 'kysely'
import type { Db } from '../../db/index.js'
import type { MessageRef } from '../../gateway/messaging-gateway.js'
import type { Caller } from '../../http/caller.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { userRooms } from '../../realtime/rooms.js'
import { ChatMessages } from '../messages/index.js'
import type { GatewayRequests } from '../outbox/index.js'
import type { CountsCache } from '../sessions/index.js'
import { type DeskSession, loadDeskSession, SessionDirectory } from '../sessions/index.js'

/** Inbound messages a read marks as read on WhatsApp at most (the newest). */
const RECEIPTS_MAX = 50

/**
 * Per-user read state. `sessions.unread_count` counts a session's live inbound messages; each
 * user's row in session_reads keeps the count at their last read, so their unread is the
 * difference. Reading as an agent (also a supervisor acting as them) is that agent's read.
 */
export class ChatReads {
  private readonly messages = new ChatMessages()
  private readonly sessions: SessionDirectory

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly requests: GatewayRequests,
    private readonly counts: CountsCache,
  ) {
    this.sessions = new SessionDirectory(db)
  }

  /**
   * Mark the session read for the viewer, and tell WhatsApp (blue ticks for the customer) about
   * the inbound messages since their previous read; that part is best effort.
   */
  /** Mark a session of the viewer's scope read (not found outside it). */
  async markSessionRead(viewer: Caller, sessionId: number): Promise<ReadResult> {
    return this.markRead(viewer, await loadDeskSession(this.db, viewer, sessionId))
  }

  async markRead(viewer: Caller, d: DeskSession): Promise<ReadResult> {
    const sessionId = d.session.id
    const previous = await this.db
      .selectFrom('session_reads')
      .select('last_read_message_id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('session_id', '=', sessionId)
      .where('user_id', '=', viewer.actingUserId)
      .executeTakeFirst()
    const newest = await this.messages.newestId(this.db, viewer.tenantId, sessionId)
    await this.write(viewer, sessionId, this.sessions.readMark(viewer.tenantId, sessionId), {
      last_read_message_id: newest,
    })
    this.emit(viewer, sessionId, 0)
    await this.queueReceipts(viewer, d, previous?.last_read_message_id ?? 0)
    return { sessionId, unreadCount: 0 }
  }

  /** Mark the session unread for the viewer: one unread message, whatever was read. */
  async markUnread(viewer: Caller, d: DeskSession): Promise<ReadResult> {
    const sessionId = d.session.id
    await this.write(viewer, sessionId, this.sessions.readMark(viewer.tenantId, sessionId, 1))
    this.emit(viewer, sessionId, 1)
    return { sessionId, unreadCount: 1 }
  }

  private async write(
    viewer: Caller,
    sessionId: number,
    readCount: RawBuilder<number>,
    extra: { last_read_message_id?: number | null } = {},
  ): Promise<void> {
    const now = Date.now()
    await this.db
      .insertInto('session_reads')
      .values({
        tenant_id: viewer.tenantId,
        session_id: sessionId,
        user_id: viewer.actingUserId,
        read_count: readCount,
        last_read_message_id: extra.last_read_message_id ?? null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['session_id', 'user_id'])
          .doUpdateSet({ read_count: readCount, updated_at: now, ...extra }),
      )
      .execute()
  }

  private emit(viewer: Caller, sessionId: number, unreadCount: number): void {
    this.counts.forget(viewer.tenantId)
    const rooms = userRooms(viewer.actingUserId, viewer.userId)
    this.hub.emit(rooms, 'session.read', { sessionId, userId: viewer.actingUserId, unreadCount })
  }

  /** Read receipts for the customer's messages since the previous read, through the durable request path. */
  private async queueReceipts(viewer: Caller, d: DeskSession, afterId: number): Promise<void> {
    const rows = await this.messages.inboundAfter(
      this.db,
      viewer.tenantId,
      d.session.id,
      afterId,
      RECEIPTS_MAX,
    )
    if (rows.length === 0) return
    const group = d.session.group_chat_id !== null
    const refs: MessageRef[] = rows.map((r) => ({
      chatId: d.peer.jid,
      id: r.wa_message_id,
      fromMe: false,
      ...(group && r.sender_jid ? { participant: r.sender_jid } : {}),
    }))
    await this.requests.add({
      tenantId: viewer.tenantId,
      accountId: d.account.id,
      sessionId: d.session.id,
      requestedBy: viewer.actingUserId,
      payload: { kind: 'read', refs },
    })
  }
}
