import type { Kysely } from 'kysely'

/**
 * A message its sender edited: `edited_at` is when the text shown now was written (null: never
 * edited), `edit_history` the earlier texts, oldest first, as JSON `[{ body, at }]`. New messages
 * leave both null, so the inbound insert names neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('edited_at', 'bigint').execute()
  await db.schema.alterTable('messages').addColumn('edit_history', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('edit_history').execute()
  await db.schema.alterTable('messages').dropColumn('edited_at').execute()
}
