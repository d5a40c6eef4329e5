import type { Kysely } from 'kysely'

/**
 * The desk list by status walks the tenant's sessions of that status alone: resolved
 * conversations are mostly the old ones, which the list's walk by activity (migration 0028's
 * index) reaches only after every newer session of the tenant. Its other columns are those the
 * walk decides a row from (scope, filters), as in that index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sessions_desk_status_walk')
    .on('sessions')
    .columns([
      'tenant_id',
      'status',
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_desk_status_walk').ifExists().execute()
}
