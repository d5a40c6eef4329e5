import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { canSeeSession } from '../sessions/session.visibility.js'

export interface FanAccess {
  /** fans of `ids` that are the tenant's */
  found: Set<number>
  /** of those, the ones the actor may work on */
  allowed: Set<number>
}

/**
 * Which fans the caller may label: the fans of the sessions they see (the session visibility
 * rule). A fan with no session yet follows its account's assignment. A fan has at most one
 * session (one per account and fan), on its own account.
 */
export async function fanAccess(db: Db, caller: Caller, ids: number[]): Promise<FanAccess> {
  if (ids.length === 0) return { found: new Set(), allowed: new Set() }
  const rows = await db
    .selectFrom('fans as f')
    .innerJoin('ws_accounts as a', 'a.id', 'f.account_id')
    .leftJoin('sessions as s', (j) =>
      j.onRef('s.fan_id', '=', 'f.id').onRef('s.account_id', '=', 'f.account_id'),
    )
    .select([
      'f.id',
      'f.tenant_id',
      'a.agent_user_id as account_agent',
      'a.deleted_at',
      's.agent_user_id as session_agent',
    ])
    .where('f.tenant_id', '=', caller.tenantId)
    .where('f.id', 'in', ids)
    .execute()
  const found = new Set(rows.map((r) => r.id))
  const allowed = new Set(
    rows
      .filter((r) =>
        canSeeSession(caller, {
          tenantId: r.tenant_id,
          sessionAgentId: r.session_agent,
          accountAgentId: r.account_agent,
          accountDeleted: r.deleted_at !== null,
        }),
      )
      .map((r) => r.id),
  )
  return { found, allowed }
}
