import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * The agent desk: per-user read state, the one live desk per agent, deletion records of invalid
 * customers, and the index of the desk's session list (pinned first, then newest activity).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `sessions.unread_count` counts the session's live inbound messages; a reader's unread is that
  // count minus `read_count`, the count when they last read (negative: marked unread by hand).
  await withId(db, db.schema.createTable('session_reads'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('sessions.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('last_read_message_id', 'bigint')
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('session_reads_session_user', ['session_id', 'user_id'])
    .execute()

  // One live desk per agent (the acting user); `holder_user_id` is who opened it (a supervisor may act as the agent).
  await withId(db, db.schema.createTable('desk_presence'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id'))
    .addColumn('holder_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('desk_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('session_deletions'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('session_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('account_phone', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull())
    .addColumn('deleted_by', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('session_deletions_tenant')
    .on('session_deletions')
    .columns(['tenant_id', 'deleted_at', 'id'])
    .execute()

  // The desk's list order; the keyset condition is the row value (pinned, last_activity_at, id).
  await db.schema
    .createIndex('sessions_desk')
    .on('sessions')
    .columns(['tenant_id', 'pinned', 'last_activity_at', 'id'])
    .execute()
  // The sidebar counts read only this index (one range per account of the scope), never the rows.
  await db.schema
    .createIndex('sessions_desk_counts')
    .on('sessions')
    .columns([
      'tenant_id',
      'account_id',
      'invalid',
      'pinned',
      'ai_reply',
      'type',
      'unread_count',
      'awaiting_reply_since',
      'agent_user_id',
    ])
    .execute()
  // A search finds customers and groups first, then their sessions.
  await db.schema.createIndex('sessions_fan').on('sessions').column('fan_id').execute()
  await db.schema.createIndex('sessions_group_chat').on('sessions').column('group_chat_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['sessions_group_chat', 'sessions_fan', 'sessions_desk_counts'])
    await db.schema.dropIndex(i).ifExists().execute()
  await db.schema.dropIndex('sessions_desk').ifExists().execute()
  for (const t of ['session_deletions', 'desk_presence', 'session_reads'])
    await db.schema.dropTable(t).ifExists().execute()
}
