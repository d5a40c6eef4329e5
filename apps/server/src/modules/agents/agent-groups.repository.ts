import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'

type Q = Kysely<Database>

/** A tenant's agent groups. Every method takes the tenant. */
export class AgentGroupsRepository {
  constructor(private readonly db: Db) {}

  list(tenantId: number) {
    return this.db
      .selectFrom('agent_groups')
      .select(['id', 'name', 'created_at', 'first_response_minutes', 'next_response_minutes'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
  }

  async exists(tenantId: number, id: number, q: Q = this.db): Promise<boolean> {
    const row = await q
      .selectFrom('agent_groups')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row !== undefined
  }

  async insert(tenantId: number, name: string): Promise<number> {
    const row = await this.db
      .insertInto('agent_groups')
      .values({ tenant_id: tenantId, name, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async rename(tenantId: number, id: number, name: string): Promise<boolean> {
    const res = await this.db
      .updateTable('agent_groups')
      .set({ name })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** The group's own response targets (null: the tenant's). */
  async setTargets(
    tenantId: number,
    id: number,
    targets: { first: number | null; next: number | null },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('agent_groups')
      .set({ first_response_minutes: targets.first, next_response_minutes: targets.next })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /**
   * The groups of these tenants that have a target of their own, each with its agents (one row
   * per agent; a group without agents has one row with `user_id` null).
   */
  withTargets(tenantIds: number[]) {
    if (!tenantIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('agent_groups as g')
      .leftJoin('users as u', (j) =>
        j.onRef('u.agent_group_id', '=', 'g.id').onRef('u.tenant_id', '=', 'g.tenant_id'),
      )
      .select([
        'g.tenant_id',
        'g.id',
        'g.name',
        'g.first_response_minutes',
        'g.next_response_minutes',
        'u.id as user_id',
      ])
      .where('g.tenant_id', 'in', tenantIds)
      .where((eb) =>
        eb.or([
          eb('g.first_response_minutes', 'is not', null),
          eb('g.next_response_minutes', 'is not', null),
        ]),
      )
      .orderBy('g.id')
      .orderBy('u.id')
      .execute()
  }

  async delete(tenantId: number, id: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('agent_groups')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numDeletedRows) === 1
  }
}
