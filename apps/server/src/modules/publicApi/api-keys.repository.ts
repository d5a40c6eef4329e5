import type { Selectable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { ApiKeyTable } from '../../db/schema.integrations.js'
import type { SystemScope } from '../../db/system-scope.js'

export type ApiKeyRow = Selectable<ApiKeyTable>

/** The tenant's API keys; a key is found by its secret's hash only on the public API's own gate. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  list(tenantId: number) {
    return this.db
      .selectFrom('api_keys as k')
      .leftJoin('users as u', 'u.id', 'k.created_by')
      .selectAll('k')
      .select('u.username as created_by_name')
      .where('k.tenant_id', '=', tenantId)
      .orderBy('k.id', 'desc')
      .execute()
  }

  async activeCount(tenantId: number): Promise<number> {
    const r = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }

  async insert(row: Omit<ApiKeyRow, 'id'>): Promise<number> {
    const r = await this.db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow()
    return Number(r.id)
  }

  async revoke(tenantId: number, id: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  exists(tenantId: number, id: number) {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** The key with this secret's hash, with its maker's role (whoever's tenant it is). */
  systemByHash(_system: SystemScope, hash: string) {
    return this.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.id', 'k.created_by')
      .selectAll('k')
      .select(['u.username', 'u.role_id', 'u.status as user_status'])
      .where('k.secret_hash', '=', hash)
      .executeTakeFirst()
  }

  async systemTouch(_system: SystemScope, id: number, at: number, ip: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at, last_used_ip: ip })
      .where('id', '=', id)
      .execute()
  }
}
