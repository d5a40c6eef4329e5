import { SessionStatus, type SessionStatusBody, type SessionStatusResult } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import {
  loadDeskSessions,
  presentSessionStatus,
  type SessionDirectory,
  type SessionStatusUpdates,
} from '../sessions/index.js'

/**
 * The desk's status changes: open, pending, snoozed until a time, resolved, for up to 200 sessions
 * at a time. The desk's rule decides who may: every session named must be one the caller may work
 * on (an agent's own, or any of the tenant for a supervisor at their own desk); one that is not
 * answers not found and nothing changes.
 */
export class SessionStatusActions {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionDirectory,
    private readonly statuses: SessionStatusUpdates,
  ) {}

  /** Set the sessions' status; each one that changed is announced. Answers every session named, as it now stands. */
  async change(viewer: Caller, body: SessionStatusBody): Promise<SessionStatusResult> {
    const ids = [...new Set(body.sessionIds)]
    const found = await loadDeskSessions(this.db, viewer, ids)
    if (found.size < ids.length) throw notFound()
    const changed = await this.sessions.setStatus(viewer.tenantId, ids, {
      status: body.status,
      snoozedUntil: body.status === SessionStatus.snoozed ? (body.snoozeUntil ?? null) : null,
      by: viewer.userId,
      at: Date.now(),
    })
    const now = new Map<number, Session>(ids.map((id) => [id, found.get(id)?.session as Session]))
    for (const s of changed) {
      now.set(s.id, s)
      this.statuses.announce(s, found.get(s.id)?.accountAgentId ?? null, 'user')
    }
    return { list: ids.map((id) => presentSessionStatus(now.get(id) as Session)) }
  }
}
