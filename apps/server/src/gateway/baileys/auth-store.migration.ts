import type { Kysely } from 'kysely'

/**
 * Baileys auth state (creds + signal keys) per WhatsApp account, text and bigint columns only so
 * the same migration runs on SQLite and PostgreSQL. `account_id` is the product's account id as
 * text (String(accounts.id)). The simulator keeps its link table in `wa_auth_creds` too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wa_auth_creds')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('creds', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('wa_auth_keys')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wa_auth_keys_pk', ['account_id', 'type', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wa_auth_keys').execute()
  await db.schema.dropTable('wa_auth_creds').execute()
}
