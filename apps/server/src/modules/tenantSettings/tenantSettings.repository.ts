import type { Insertable, Selectable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { TenantSettingTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

export type TenantSettingRow = Selectable<TenantSettingTable>
export type TenantSettingValues = Omit<Insertable<TenantSettingTable>, 'id' | 'tenant_id'>

/** The one settings row of a tenant (none until the supervisor first saves). */
export class TenantSettingsRepository {
  constructor(private readonly db: Db) {}

  get(tenantId: number): Promise<TenantSettingRow | undefined> {
    return this.db
      .selectFrom('tenant_settings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst()
  }

  /** Write the tenant's settings, creating its row on first save. */
  async save(tenantId: number, values: TenantSettingValues): Promise<void> {
    await this.db
      .insertInto('tenant_settings')
      .values({ ...values, tenant_id: tenantId })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
      .execute()
  }

  /** Every tenant's opt-out rule that differs from the platform's (for the inbound path's cache). */
  systemOptOutRules(
    system: SystemScope,
  ): Promise<{ tenant_id: number; opt_out_words: string | null; opt_out_invalid: number }[]> {
    return this.db
      .selectFrom('tenant_settings')
      .select(['tenant_id', 'opt_out_words', 'opt_out_invalid'])
      .where((eb) => eb.or([eb('opt_out_words', 'is not', null), eb('opt_out_invalid', '=', 1)]))
      .execute()
  }
}
