import type { Kysely } from 'kysely'

/**
 * The WhatsApp link's memory that must outlive a process: `wa_messages` keeps what Baileys'
 * `getMessage` needs (the content of sent messages, the secret of received ones, the new path of
 * re-uploaded media) for the retention the sweeper enforces; `wa_versions` keeps the WhatsApp Web
 * version last fetched, shared by every process. Account ids are text, as in `wa_auth_creds`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wa_messages')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('media', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wa_messages_pk', ['account_id', 'id'])
    .execute()
  await db.schema.createIndex('wa_messages_created').on('wa_messages').columns(['created_at']).execute()
  await db.schema
    .createTable('wa_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wa_versions').execute()
  await db.schema.dropTable('wa_messages').execute()
}
