import { Role, TENANT_ROLES } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Actor } from '../../http/types.js'

/**
 * Whether the actor may follow a session: it must be in their tenant; an agent (customerUser)
 * only sees sessions of accounts assigned to them or sessions migrated to them.
 */
export async function canAccessSession(db: Db, actor: Actor, sessionId: number): Promise<boolean> {
  if (!TENANT_ROLES.includes(actor.roleId)) return false
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .select(['s.agent_user_id', 'a.agent_user_id as account_agent'])
    .where('s.tenant_id', '=', actor.tenantId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
  if (!row) return false
  if (actor.roleId !== Role.customerUser) return true
  return (
    row.agent_user_id === actor.userId || (row.agent_user_id === null && row.account_agent === actor.userId)
  )
}
