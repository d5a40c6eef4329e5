import type { Db } from '../../db/index.js'

/** A fan's place for the session visibility rule (the shape of sessions' `SessionPlace`). */
export interface FanPlace {
  tenantId: number
  sessionAgentId: number | null
  accountAgentId: number | null
  accountDeleted: boolean
}

/**
 * Where each fan of the tenant among `ids` stands for the session visibility rule: its session's
 * agent if it was migrated, its account's agent and whether the account is deleted. A fan with
 * no session yet follows its account's assignment. A fan has at most one session (one per
 * account and fan), on its own account. Fans of other tenants are not in the map.
 */
export async function fanPlaces(db: Db, tenantId: number, ids: number[]): Promise<Map<number, FanPlace>> {
  if (ids.length === 0) return new Map()
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
    .where('f.tenant_id', '=', tenantId)
    .where('f.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((r) => [
      r.id,
      {
        tenantId: r.tenant_id,
        sessionAgentId: r.session_agent,
        accountAgentId: r.account_agent,
        accountDeleted: r.deleted_at !== null,
      },
    ]),
  )
}
