import type { Db } from '../../db/index.js'

/** Settings as JSON values by scope (0: the platform; else an operations user) and key. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(scopeUserId: number, key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('platform_settings')
      .select('value')
      .where('scope_user_id', '=', scopeUserId)
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row) return undefined
    try {
      return JSON.parse(row.value)
    } catch {
      return undefined
    }
  }

  async set(scopeUserId: number, key: string, value: unknown, by: number): Promise<void> {
    const now = Date.now()
    const json = JSON.stringify(value)
    await this.db
      .insertInto('platform_settings')
      .values({ scope_user_id: scopeUserId, key, value: json, updated_by: by, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['scope_user_id', 'key']).doUpdateSet({ value: json, updated_by: by, updated_at: now }),
      )
      .execute()
  }
}
