import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>

/** Tenants: the paying companies (and the platform's own). */
export class TenantsRepository {
  constructor(private readonly db: Db) {}

  /** 1 while the platform holds the tenant under risk control, else 0. */
  async riskStatus(tenantId: number): Promise<number> {
    const t = await this.db
      .selectFrom('tenants')
      .select('risk_status')
      .where('id', '=', tenantId)
      .executeTakeFirst()
    return t?.risk_status ?? 0
  }

  /** The flags that move a tenant's risk bounds: under risk control, on the special channel. */
  async riskFlags(tenantId: number): Promise<{ riskStatus: number; specialChannel: boolean }> {
    const t = await this.db
      .selectFrom('tenants')
      .select(['risk_status', 'special_channel'])
      .where('id', '=', tenantId)
      .executeTakeFirst()
    return { riskStatus: t?.risk_status ?? 0, specialChannel: t?.special_channel === 1 }
  }

  /** 0 while the tenant may be used; a disabled tenant's people cannot sign in. */
  async status(tenantId: number): Promise<number | undefined> {
    const t = await this.db
      .selectFrom('tenants')
      .select('status')
      .where('id', '=', tenantId)
      .executeTakeFirst()
    return t?.status
  }

  /** The tenant behind an enterprise account name (asked before anyone signs in). */
  async systemIdByAccount(system: SystemScope, account: string): Promise<number | undefined> {
    const t = await this.db
      .selectFrom('tenants')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirst()
    return t?.id
  }

  /** The platform's own tenant, where its staff belong. */
  async systemPlatformId(system: SystemScope): Promise<number | undefined> {
    const t = await this.db.selectFrom('tenants').select('id').where('is_platform', '=', 1).executeTakeFirst()
    return t?.id
  }

  async insert(t: { name: string; account: string; isPlatform: boolean }, q: Q = this.db): Promise<number> {
    const now = Date.now()
    const row = await q
      .insertInto('tenants')
      .values({
        name: t.name,
        account: t.account,
        is_platform: t.isPlatform ? 1 : 0,
        risk_status: 0,
        special_channel: 0,
        status: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
}
