import type { Insertable, Selectable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { SupportSettingTable } from '../../db/schema.support.js'

export type SupportSettingRow = Selectable<SupportSettingTable>
export type SupportSettingValues = Omit<Insertable<SupportSettingTable>, 'id' | 'tenant_id'>

/** The one service-settings row of a tenant (none until the supervisor first saves one of its parts). */
export class SupportSettingsRepository {
  constructor(private readonly db: Db) {}

  /** `q`: the transaction in progress, when asked from inside one. */
  get(tenantId: number, q: Db = this.db): Promise<SupportSettingRow | undefined> {
    return q.selectFrom('support_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst()
  }

  /** The rows of several tenants (those that saved none are absent). */
  getMany(tenantIds: number[]): Promise<SupportSettingRow[]> {
    if (!tenantIds.length) return Promise.resolve([])
    return this.db.selectFrom('support_settings').selectAll().where('tenant_id', 'in', tenantIds).execute()
  }

  /** Write one part of the settings: the row is created whole on first save (`full`), later only `part` changes. */
  async save(
    tenantId: number,
    full: SupportSettingValues,
    part: Partial<SupportSettingValues>,
  ): Promise<void> {
    await this.db
      .insertInto('support_settings')
      .values({ ...full, ...part, tenant_id: tenantId })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(part))
      .execute()
  }
}
