import type { GroupServiceLevelView } from '@app/core'
import type { Db } from '../../db/index.js'
import { AgentGroupsRepository } from './agent-groups.repository.js'

/** The agent groups' own response targets, per tenant: what the service settings add to the tenant's. */
export class AgentGroupTargets {
  private readonly repo: AgentGroupsRepository

  constructor(db: Db) {
    this.repo = new AgentGroupsRepository(db)
  }

  /** Per tenant, its groups with a target of their own and their agents (tenants without any are absent). */
  async ofTenants(tenantIds: number[]): Promise<Map<number, GroupServiceLevelView[]>> {
    const out = new Map<number, GroupServiceLevelView[]>()
    let group: GroupServiceLevelView | undefined
    for (const r of await this.repo.withTargets(tenantIds)) {
      if (group?.groupId !== Number(r.id)) {
        group = {
          groupId: Number(r.id),
          name: r.name,
          firstResponseMinutes: r.first_response_minutes,
          nextResponseMinutes: r.next_response_minutes,
          agentIds: [],
        }
        const tenantId = Number(r.tenant_id)
        out.set(tenantId, [...(out.get(tenantId) ?? []), group])
      }
      if (r.user_id !== null) group.agentIds.push(Number(r.user_id))
    }
    return out
  }
}
