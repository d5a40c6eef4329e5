import { UserStatus } from '@app/core'
import type { Kysely, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { UserTable } from '../../db/schema.js'
import { type AgentFilter, UserAdminRepository } from './user-admin.repository.js'

/** What a supervisor gives a new agent; the rest is every new agent's default. */
interface NewAgent {
  username: string
  password_hash: string
  nickname: string
  /** customerUser or customerUserLeader */
  role_id: number
  agent_group_id: number | null
}

/** What a supervisor may change of an agent. */
type AgentPatch = Pick<
  Updateable<UserTable>,
  'nickname' | 'role_id' | 'agent_group_id' | 'status' | 'password_hash'
>

/**
 * A tenant's agents (customerUser and customerUserLeader) as their supervisor manages them, each
 * addressed with the tenant. A deleted agent keeps its row, renamed so the name can be given again.
 */
export class AgentRoster {
  private readonly users: UserAdminRepository

  constructor(db: Db) {
    this.users = new UserAdminRepository(db)
  }

  /** A live agent of the tenant. */
  find(tenantId: number, id: number) {
    return this.users.agent(tenantId, id)
  }

  /** Live agents, newest first, as the agents page filters them. */
  page(tenantId: number, filter: AgentFilter, pageNo: number, pageSize: number) {
    return this.users.agentPage(tenantId, filter, pageNo, pageSize)
  }

  /** Every live agent and team lead of the tenant, newest first, up to `limit`. */
  async team(tenantId: number, limit: number) {
    return (await this.users.agentPage(tenantId, {}, 1, limit)).list
  }

  /** Whether a user of the tenant, deleted ones included, has the name. */
  nameTaken(tenantId: number, username: string): Promise<boolean> {
    return this.users.nameTaken(tenantId, username)
  }

  /** A new enabled agent, inside the caller's transaction (where its seat is taken). */
  add(q: Kysely<Database>, tenantId: number, agent: NewAgent, now: number): Promise<number> {
    return this.users.insert(
      {
        tenant_id: tenantId,
        ...agent,
        avatar: '',
        status: UserStatus.enabled,
        valid_start_date: null,
        valid_end_date: null,
        target_language: 'zh-CN',
        parent_user_id: null,
        created_at: now,
        updated_at: now,
      },
      q,
    )
  }

  change(tenantId: number, id: number, patch: AgentPatch): Promise<void> {
    return this.users.update(tenantId, id, patch)
  }

  /** Delete an agent inside the caller's transaction (where its seat and accounts are freed). */
  remove(q: Kysely<Database>, tenantId: number, id: number): Promise<void> {
    return this.users.softDelete(tenantId, id, q)
  }

  /** Live members of each agent group of the tenant. */
  groupSizes(tenantId: number): Promise<Map<number, number>> {
    return this.users.groupMemberCounts(tenantId)
  }
}
