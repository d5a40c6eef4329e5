import { Access, type AgentView, Role, UserStatus } from '@app/core'
import type { Db } from '../../db/index.js'

/** Who a note may mention: the tenant's enabled supervisor and agents, the supervisor first. */
export async function listDeskMembers(db: Db, tenantId: number): Promise<AgentView[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'role_id'])
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', Access.desk)
    .where('status', '=', UserStatus.enabled)
    .where('deleted_at', 'is', null)
    .orderBy('role_id')
    .orderBy('nickname')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: r.id, username: r.username, nickname: r.nickname || r.username }))
}

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
