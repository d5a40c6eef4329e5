import { Role } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Actor } from '../../http/types.js'

export interface FanAccess {
  /** fans of `ids` that are the tenant's */
  found: Set<number>
  /** of those, the ones the actor may work on */
  allowed: Set<number>
}

/**
 * Which fans the actor may label: any fan of their tenant for the supervisor and team lead; an
 * agent (customerUser) only fans of the sessions they can access (the rule of sessions.access.ts:
 * a session migrated to them, or one of an account assigned to them and not migrated away). A fan
 * with no session yet follows its account's assignment. A fan has at most one session (one per
 * account and fan), on its own account.
 */
export async function fanAccess(db: Db, actor: Actor, ids: number[]): Promise<FanAccess> {
  if (ids.length === 0) return { found: new Set(), allowed: new Set() }
  const rows = await db
    .selectFrom('fans as f')
    .innerJoin('ws_accounts as a', 'a.id', 'f.account_id')
    .leftJoin('sessions as s', (j) =>
      j.onRef('s.fan_id', '=', 'f.id').onRef('s.account_id', '=', 'f.account_id'),
    )
    .select([
      'f.id',
      'a.agent_user_id as account_agent',
      's.id as session_id',
      's.agent_user_id as session_agent',
    ])
    .where('f.tenant_id', '=', actor.tenantId)
    .where('f.id', 'in', ids)
    .execute()
  const found = new Set(rows.map((r) => r.id))
  if (actor.roleId !== Role.customerUser) return { found, allowed: found }
  const allowed = new Set(
    rows
      .filter((r) =>
        r.session_agent !== null ? r.session_agent === actor.userId : r.account_agent === actor.userId,
      )
      .map((r) => r.id),
  )
  return { found, allowed }
}
