import type { Kysely } from 'kysely'

/**
 * Which server process runs each linked account when several share the database: one row per
 * account held, with the holder's process id and when the hold runs out. The holder renews it on
 * a heartbeat; a process that dies stops renewing, and once the hold has run out any other process
 * may take the account and resume it from the stored auth state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_leases')
    .addColumn('account_id', 'bigint', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('account_leases_holder').on('account_leases').columns(['holder']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_leases').execute()
}
