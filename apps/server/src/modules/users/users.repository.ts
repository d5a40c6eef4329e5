import type { Insertable, Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { UserTable } from '../../db/schema.js'

type Q = Kysely<Database>

/** Users rows: every method takes the tenant (user names are unique within a tenant). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async idByName(tenantId: number, username: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('username', '=', username)
      .executeTakeFirst()
    return row?.id
  }

  /** Everyone of a tenant by id and name. */
  names(tenantId: number) {
    return this.db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', tenantId).execute()
  }

  async insert(values: Insertable<UserTable>, q: Q = this.db): Promise<number> {
    const row = await q.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }
}
