import type { Db } from '../../db/index.js'

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
}
