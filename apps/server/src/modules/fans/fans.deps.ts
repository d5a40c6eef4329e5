import type { FanLabelsChange, SessionCreateBody, SessionFlagBody } from '@app/core'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'

/**
 * What the customers list takes from the modules around it. They all read fans, so they depend
 * on this module, never the other way: the app hands their parts in under these interfaces.
 */

export type SessionsAliased = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

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
