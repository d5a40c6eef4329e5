import type { FanLabelsChange, SessionCreateBody, SessionFlagBody } from '@app/core'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'

/**
 * What the customers list takes from the modules around it. They all read fans, so they depend
 * on this module, never the other way: the app hands their parts in under these interfaces.
 */

type SessionsAliased = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

/** The one session visibility rule (the sessions module's `visibleSessions`), on sessions aliased `s`. */
export type VisibleSessions = (caller: Caller) => (eb: SessionsAliased) => Expression<SqlBool>

/** The labels module's fan-label writes: every fan must be in the caller's scope, every label the tenant's. */
export interface FanLabelWrites {
  addToFans(actor: Caller, fanIds: number[], labelIds: number[]): Promise<FanLabelsChange>
  removeFromFans(actor: Caller, fanIds: number[], labelIds: number[]): Promise<FanLabelsChange>
}

/** The desk's session actions: the same writes and socket events as at the desk. */
export interface DeskSessionActions {
  flag(viewer: Caller, body: SessionFlagBody): Promise<unknown>
  migrate(viewer: Caller, sessionId: number, userId: number): Promise<void>
}

/** The desk's "new session with a phone": the cached number check, then the fan (active add) and its session. */
export interface SessionStarter {
  create(viewer: Caller, body: SessionCreateBody): Promise<{ id: number; fanId: number | null }>
}

/** The WS accounts a caller may start chats from: the tenant's live ones, an agent's assigned ones. */
export interface UsableAccounts {
  usable(tenantId: number, agentId: number | null, id?: number): Promise<{ id: number; status: string }[]>
}

type Tx = Kysely<Database>

/**
 * What a merge of two fans (one person seen by phone and by hidden id) needs from the sessions
 * module. Each part writes only its owner's tables, inside the merge's transaction.
 */
export interface SessionMergeParts {
  /** the personal session of a fan on an account */
  sessionOf(q: Tx, tenantId: number, accountId: number, fanId: number): Promise<Session | undefined>
  /** a session handed to another fan (the surviving fan had none) */
  moveSession(q: Tx, tenantId: number, sessionId: number, fanId: number): Promise<void>
  /** the absorbed session joined into the surviving one (counters from both) and deleted, after its rows moved */
  joinSessions(q: Tx, tenantId: number, into: Session, from: Session): Promise<Session>
  /** the absorbed session put back as it was, the surviving one's counters without it */
  splitSessions(q: Tx, tenantId: number, into: Session, from: Session): Promise<void>
}

/**
 * One owner's rows keyed by a session (messages, queued sends, read marks) moved into another
 * session, and back: what it moved comes back as JSON for the merge's record, and is handed back
 * to put the rows where they were when the merge is split.
 */
export interface SessionRowsPart {
  /** the key of this part's entry in the merge record */
  name: string
  move(q: Tx, tenantId: number, fromSessionId: number, intoSessionId: number): Promise<unknown>
  moveBack(
    q: Tx,
    tenantId: number,
    moved: unknown,
    intoSessionId: number,
    fromSessionId: number,
  ): Promise<void>
}

/** Everything a merge needs from the modules around the fans. */
export interface FanMergeParts extends SessionMergeParts {
  sessionRows: readonly SessionRowsPart[]
}
