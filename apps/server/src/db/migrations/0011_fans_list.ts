import type { Kysely } from 'kysely'

/**
 * The customers list: its pages walk (tenant, created_at, id) newest first (an index of
 * 0002); narrowed to accounts, they walk this index instead, one range per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('fans_tenant_account_created')
    .on('fans')
    .columns(['tenant_id', 'account_id', 'created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fans_tenant_account_created').ifExists().execute()
}
