import { type AgentView, Role, UserStatus } from '@app/core'
import type { Db } from '../../db/index.js'

/** The enabled agents (customerUser) of a tenant, by name. */
export async function listAgents(db: Db, tenantId: number): Promise<AgentView[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname'])
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', Role.customerUser)
    .where('status', '=', UserStatus.enabled)
    .orderBy('nickname')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: r.id, username: r.username, nickname: r.nickname || r.username }))
}
