import { type Kysely, sql } from 'kysely'

/**
 * Upload quota and clean-up: when a file's bytes were last stored (an upload again of the same
 * bytes counts as fresh), and the lookups that tell whether a message or a material still uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media_files')
    .addColumn('stored_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`UPDATE media_files SET stored_at = created_at`.execute(db)
  await db.schema.createIndex('media_files_stored').on('media_files').columns(['stored_at', 'id']).execute()
  await db.schema
    .createIndex('messages_media')
    .on('messages')
    .column('media_id')
    .where(sql.ref('media_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('materials_media')
    .on('materials')
    .column('media_id')
    .where(sql.ref('media_id'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('materials_media').ifExists().execute()
  await db.schema.dropIndex('messages_media').ifExists().execute()
  await db.schema.dropIndex('media_files_stored').ifExists().execute()
  await db.schema.alterTable('media_files').dropColumn('stored_at').execute()
}
