import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'

type Q = Kysely<Database>

/** A tenant's agent groups. Every method takes the tenant. */
export class AgentGroupsRepository {
  constructor(private readonly db: Db) {}

  list(tenantId: number) {
    return this.db
      .selectFrom('agent_groups')
      .select(['id', 'name', 'created_at'])
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

  async delete(tenantId: number, id: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('agent_groups')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(res.numDeletedRows) === 1
  }
}
