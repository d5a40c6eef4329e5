import { SessionStatus } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Session } from '../../db/schema.js'

type Q = Kysely<Database>

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b))

/**
 * The sessions' part of a merge of two fans found to be one person (one session per account and
 * fan): the absorbed fan's session joined into the survivor's, or handed to it whole, and split
 * back from the merge's record.
 */
export class SessionMerge {
  sessionOf(q: Q, tenantId: number, accountId: number, fanId: number): Promise<Session | undefined> {
    return q
      .selectFrom('sessions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('fan_id', '=', fanId)
      .executeTakeFirst()
  }

  async moveSession(q: Q, tenantId: number, sessionId: number, fanId: number): Promise<void> {
    await q
      .updateTable('sessions')
      .set({ fan_id: fanId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .execute()
  }

  /**
   * The absorbed session's counters joined into the surviving one, then the absorbed row deleted
   * (its messages, sends and read marks were moved by their owners first). Activity and the last
   * message follow the later of the two; unread adds up; what awaits the customer's reply is our
   * first message since they last wrote in either; a flag set on either holds (a block, a pin),
   * except invalid, which a customer still talking is not.
   */
  async joinSessions(q: Q, tenantId: number, into: Session, from: Session): Promise<Session> {
    const a = await this.current(q, tenantId, into.id)
    const b = await this.current(q, tenantId, from.id)
    const latest = b.last_activity_at > a.last_activity_at ? b : a
    const lastInbound = later(a.last_inbound_at, b.last_inbound_at)
    const awaiting = [a.awaiting_reply_since, b.awaiting_reply_since]
      .filter((t): t is number => t !== null && (lastInbound === null || t >= lastInbound))
      .sort((x, y) => x - y)[0]
    const joined = {
      last_activity_at: latest.last_activity_at,
      last_message: latest.last_message,
      last_inbound_at: lastInbound,
      awaiting_reply_since: awaiting ?? null,
      unread_count: a.unread_count + b.unread_count,
      pinned: Math.max(a.pinned, b.pinned),
      blocked: Math.max(a.blocked, b.blocked),
      dnd: Math.max(a.dnd, b.dnd),
      ai_reply: Math.max(a.ai_reply, b.ai_reply),
      invalid: Math.min(a.invalid, b.invalid),
      agent_user_id: a.agent_user_id ?? b.agent_user_id,
      created_at: Math.min(a.created_at, b.created_at),
      ...joinedStatus(a, b),
    }
    await q.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('id', '=', from.id).execute()
    await q
      .updateTable('sessions')
      .set(joined)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', into.id)
      .execute()
    return { ...a, ...joined }
  }

  /**
   * The absorbed session back as it was before the merge, and the surviving one's counters
   * without it: its own state from before, unless the chat moved on since (then its newer
   * activity stays and only the absorbed unread is taken off).
   */
  async splitSessions(q: Q, tenantId: number, into: Session, from: Session): Promise<void> {
    await q.insertInto('sessions').values(from).execute()
    const now = await this.current(q, tenantId, into.id)
    const movedOn = now.last_activity_at > Math.max(into.last_activity_at, from.last_activity_at)
    const unread = Math.max(0, now.unread_count - from.unread_count)
    const { id: _id, tenant_id: _t, ...before } = into
    await q
      .updateTable('sessions')
      .set(
        movedOn ? { unread_count: unread } : { ...before, unread_count: Math.min(unread, into.unread_count) },
      )
      .where('tenant_id', '=', tenantId)
      .where('id', '=', into.id)
      .execute()
  }

  private current(q: Q, tenantId: number, id: number): Promise<Session> {
    return q
      .selectFrom('sessions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }
}

/**
 * The joined session's status: the surviving one's, unless the absorbed one is open (a
 * conversation open on either side is open); what waits on us is the earlier of the two waits.
 */
function joinedStatus(a: Session, b: Session) {
  const kept = a.status !== SessionStatus.open && b.status === SessionStatus.open ? b : a
  const waits = [a.waiting_since, b.waiting_since].filter((t): t is number => t !== null)
  return {
    status: kept.status,
    snoozed_until: kept.snoozed_until,
    status_changed_at: kept.status_changed_at,
    status_changed_by: kept.status_changed_by,
    waiting_since: waits.length ? Math.min(...waits) : null,
  }
}
