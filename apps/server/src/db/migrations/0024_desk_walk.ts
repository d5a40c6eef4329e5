import type { Kysely } from 'kysely'

/**
 * The desk's list walks (tenant, pinned, last_activity_at, id) in order and keeps the sessions of
 * the viewer's scope and sidebar entry. With the columns those conditions read in the index, a
 * session left out is decided from the index entry alone; only the sessions of the page are read.
 * The new index replaces the narrower `sessions_desk`, whose order it keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_desk_walk')
    .on('sessions')
    .columns([
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
    ])
    .execute()
  await db.schema.dropIndex('sessions_desk').ifExists().execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_desk')
    .on('sessions')
    .columns(['tenant_id', 'pinned', 'last_activity_at', 'id'])
    .execute()
  await db.schema.dropIndex('sessions_desk_walk').ifExists().execute()
}
