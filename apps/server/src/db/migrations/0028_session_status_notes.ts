import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/** The desk list's walk as 0024 made it, and the column it now also decides from the index entry. */
const WALK = [
  'tenant_id',
  'pinned',
  'last_activity_at',
  'id',
  'account_id',
  'agent_user_id',
  'invalid',
  'unread_count',
  'awaiting_reply_since',
  'ai_reply',
  'type',
]

/**
 * Where a conversation stands for the desk, and the clock of what waits on us:
 * - `status` (open, pending, snoozed, resolved), `snoozed_until` while snoozed, and who changed it
 *   when (`status_changed_by` null: a customer's message or a snooze that ended);
 * - `waiting_since`: the time of the customer's oldest live message we have not answered, null
 *   when nothing waits on us.
 * The desk list's walk decides a status filter from its index entry (the walk index gains the
 * column); the waiting list walks its own partial index, the longest waiting first; the snooze
 * engine finds the snoozes that end in theirs.
 *
 * `session_mentions`: a user mentioned in an internal note (a message of type `note`), read or not.
 * No foreign key to the session or the note: the desk removes them with the chat, and a merge of
 * two customers moves them with the chat's messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .execute()
  await db.schema.alterTable('sessions').addColumn('snoozed_until', 'bigint').execute()
  await db.schema.alterTable('sessions').addColumn('status_changed_at', 'bigint').execute()
  await db.schema.alterTable('sessions').addColumn('status_changed_by', 'bigint').execute()
  await db.schema.alterTable('sessions').addColumn('waiting_since', 'bigint').execute()

  await db.schema
    .createIndex('sessions_desk_walk_status')
    .on('sessions')
    .columns([...WALK, 'status'])
    .execute()
  await db.schema.dropIndex('sessions_desk_walk').ifExists().execute()
  await db.schema
    .createIndex('sessions_waiting')
    .on('sessions')
    .columns(['tenant_id', 'waiting_since', 'id', 'account_id', 'agent_user_id', 'invalid', 'status', 'type'])
    .where(sql.ref('waiting_since'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('sessions_snoozed')
    .on('sessions')
    .columns(['snoozed_until', 'id'])
    .where(sql.ref('snoozed_until'), 'is not', null)
    .execute()

  await withId(db, db.schema.createTable('session_mentions'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('author_user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('session_mentions_message_user', ['message_id', 'user_id'])
    .execute()
  // a user's mentions, newest first (keyset on id), and their unread ones
  await db.schema
    .createIndex('session_mentions_user')
    .on('session_mentions')
    .columns(['tenant_id', 'user_id', 'id'])
    .execute()
  await db.schema
    .createIndex('session_mentions_session')
    .on('session_mentions')
    .columns(['tenant_id', 'session_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_mentions').ifExists().execute()
  await db.schema.dropIndex('sessions_snoozed').ifExists().execute()
  await db.schema.dropIndex('sessions_waiting').ifExists().execute()
  await db.schema.createIndex('sessions_desk_walk').on('sessions').columns(WALK).execute()
  await db.schema.dropIndex('sessions_desk_walk_status').ifExists().execute()
  for (const column of ['waiting_since', 'status_changed_by', 'status_changed_at', 'snoozed_until', 'status'])
    await db.schema.alterTable('sessions').dropColumn(column).execute()
}
