import { TENANT_ROLES } from '@app/core'
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'

/**
 * Which sessions a caller sees - the one rule behind the desk list, socket room joins, fan
 * access and the desk's account list:
 * - only people of the session's tenant (platform staff see none through the desk);
 * - only sessions of a live (not deleted) WS account;
 * - an agent (or a supervisor acting as one) sees a session migrated to them, or a session of
 *   an account assigned to them that was not migrated to someone else;
 * - a supervisor at their own desk and a team lead see the whole tenant.
 */
export interface SessionPlace {
  tenantId: number
  /** the agent the session was migrated to, if any */
  sessionAgentId: number | null
  /** the agent the session's account is assigned to, if any */
  accountAgentId: number | null
  accountDeleted: boolean
}

/** The row form of the rule, for one session already loaded. */
export function canSeeSession(caller: Caller, place: SessionPlace): boolean {
  if (!TENANT_ROLES.includes(caller.roleId) || place.tenantId !== caller.tenantId) return false
  if (place.accountDeleted) return false
  if (caller.agentId === null) return true
  return place.sessionAgentId !== null
    ? place.sessionAgentId === caller.agentId
    : place.accountAgentId === caller.agentId
}

type SessionAlias = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

/**
 * The SQL form of the rule, as a condition on sessions aliased `s`. Subqueries rather than joins,
 * so a list can walk its (tenant, last activity) index in order.
 */
export function visibleSessions(caller: Caller) {
  return (eb: SessionAlias) => {
    if (!TENANT_ROLES.includes(caller.roleId)) return eb.lit(false)
    const live = eb
      .selectFrom('ws_accounts')
      .select('id')
      .where('tenant_id', '=', caller.tenantId)
      .where('deleted_at', 'is', null)
    const conditions = [eb('s.tenant_id', '=', caller.tenantId), eb('s.account_id', 'in', live)]
    if (caller.agentId !== null) {
      const assigned = live.where('agent_user_id', '=', caller.agentId)
      conditions.push(
        eb.or([
          eb('s.agent_user_id', '=', caller.agentId),
          eb.and([eb('s.agent_user_id', 'is', null), eb('s.account_id', 'in', assigned)]),
        ]),
      )
    }
    return eb.and(conditions)
  }
}
