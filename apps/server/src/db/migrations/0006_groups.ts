import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Group chats on the desk: the tenant's own note and nickname of a group (never sent to
 * WhatsApp), and each desk user's choice to show or hide system groups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds a single column per ALTER TABLE
  await db.schema
    .alterTable('group_chats')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('group_chats')
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  await withId(db, db.schema.createTable('group_preferences'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id'))
    .addColumn('show_system_groups', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  // members of a group by address: our account's role is looked up on every group call
  await db.schema
    .createIndex('group_members_jid')
    .on('group_members')
    .columns(['group_chat_id', 'role', 'jid'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_members_jid').ifExists().execute()
  await db.schema.dropTable('group_preferences').ifExists().execute()
  await db.schema.alterTable('group_chats').dropColumn('nickname').execute()
  await db.schema.alterTable('group_chats').dropColumn('note').execute()
}
