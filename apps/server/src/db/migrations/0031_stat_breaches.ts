import type { Kysely } from 'kysely'

/**
 * Service-level breaches on the dashboards: `stat_daily.breaches` counts the answers an agent sent
 * on a day (for an account) later than the tenant's response target in business time. Days from
 * here on are calendar days of the tenant's time zone (its business hours'), which is UTC+8
 * (Asia/Shanghai) until a tenant names another: the days counted before stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stat_daily')
    .addColumn('breaches', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stat_daily').dropColumn('breaches').execute()
}
