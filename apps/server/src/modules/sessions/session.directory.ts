import type { SessionStatusValue } from '@app/core'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { SessionsRepository, type SessionTouch } from './sessions.repository.js'

type Q = Kysely<Database>

/** The switches of a session the desk and the inbound path turn on or off. */
type SessionFlags = Partial<Pick<Session, 'pinned' | 'blocked' | 'dnd' | 'ai_reply' | 'invalid'>>

/**
 * Sessions as other modules find, open and move them: one per (account, fan) and one per
 * (account, group chat). Every method takes the caller's tenant; a write that belongs to a larger
 * one takes the caller's transaction.
 */
export class SessionDirectory {
  private readonly sessions: SessionsRepository

  constructor(db: Db) {
    this.sessions = new SessionsRepository(db)
  }

  /** A session of the tenant. */
  byId(tenantId: number, id: number, q?: Q): Promise<Session | undefined> {
    return this.sessions.get(tenantId, id, q)
  }

  /**
   * The session of a fan on an account, opened on first contact; `at` is the first message's time.
   * `newFan`: the fan was created in this transaction, so it has no session to look for.
   */
  openPersonal(
    q: Q,
    tenantId: number,
    accountId: number,
    fanId: number,
    at: number,
    newFan = false,
  ): Promise<{ session: Session; created: boolean }> {
    return this.sessions.ensurePersonal(q, tenantId, accountId, fanId, at, newFan)
  }

  /** The session of a group chat on an account, opened on first contact. */
  openGroup(
    q: Q,
    tenantId: number,
    accountId: number,
    groupChatId: number,
    at: number,
  ): Promise<{ session: Session; created: boolean }> {
    return this.sessions.ensureGroup(q, tenantId, accountId, groupChatId, at)
  }

  /** The personal session of a number on an account, if any (by its phone or its phone address). */
  personalOfNumber(
    tenantId: number,
    accountId: number,
    jid: string,
    phone: string,
  ): Promise<number | undefined> {
    return this.sessions.personalOf(tenantId, accountId, jid, phone)
  }

  /**
   * A message arrived or was sent in the session: the preview and activity follow the newest
   * message (messages can arrive out of order); unread counts live inbound ones; one of ours awaits
   * a reply. Answers the session as it now is.
   */
  recordMessage(q: Q, tenantId: number, sessionId: number, m: SessionTouch): Promise<Session> {
    return this.sessions.touch(q, tenantId, sessionId, m)
  }

  /**
   * A live customer message arrived in a session that is not open: it is open again. Answers the
   * session when this call opened it, for the caller to announce after its commit.
   */
  reopen(q: Q, tenantId: number, sessionId: number, now: number): Promise<Session | undefined> {
    return this.sessions.reopen(q, tenantId, sessionId, now)
  }

  /**
   * The customer's satisfaction rating (message `ratingMessageId`) opened a resolved conversation again:
   * resolve it again unless someone changed it since or the customer wrote on. Answers the session
   * when this call resolved it, for the caller to announce after its commit.
   */
  resolveAfterRating(q: Q, tenantId: number, sessionId: number, ratingMessageId: number, now: number) {
    return this.sessions.resolveAfterRating(q, tenantId, sessionId, ratingMessageId, now)
  }

  /** Set the status of sessions the caller may work on; answers those it changed. */
  setStatus(
    tenantId: number,
    ids: number[],
    change: { status: SessionStatusValue; snoozedUntil: number | null; by: number; at: number },
  ): Promise<Session[]> {
    return this.sessions.setStatus(tenantId, ids, change)
  }

  /** Snoozes that have ended, of every tenant, opened again (the snooze engine). */
  systemWakeSnoozed(system: SystemScope, now: number, limit: number) {
    return this.sessions.systemWakeSnoozed(system, now, limit)
  }

  /** The fan replied: nothing of ours awaits a reply (unless a newer message of ours set it meanwhile). */
  clearAwaitingReply(q: Q, tenantId: number, sessionId: number, since: number): Promise<void> {
    return this.sessions.clearAwaitingReply(q, tenantId, sessionId, since)
  }

  /** Turn switches of a session on or off (pinned, blocked, do-not-disturb, AI reply, invalid). */
  setFlags(tenantId: number, id: number, flags: SessionFlags, q?: Q): Promise<void> {
    return this.sessions.update(tenantId, id, flags, q)
  }

  /** Hand a session to an agent (the desk's migrate). */
  assignAgent(tenantId: number, id: number, agentUserId: number): Promise<void> {
    return this.sessions.update(tenantId, id, { agent_user_id: agentUserId })
  }

  /**
   * What a user's read mark stores: the session's running count of inbound messages, less those
   * left unread, as an expression the mark's own statement reads, so a message arriving meanwhile
   * is never counted as read.
   */
  readMark(tenantId: number, sessionId: number, unread = 0): RawBuilder<number> {
    return this.sessions.unreadCountExpr(tenantId, sessionId, unread)
  }

  /** Delete a session inside the caller's transaction (an invalid customer deleted with a reason). */
  remove(q: Q, tenantId: number, id: number): Promise<void> {
    return this.sessions.delete(q, tenantId, id)
  }
}
