import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * WS dynamics and account nurturing. A status post is one row and one target row per chosen
 * account; targets are claimed under a lease and retried like the outbox's gateway requests, so
 * a restart resumes a post not yet made. Viewers are stored as WhatsApp reports them.
 * Nurturing: the admin's source material (by language), rules (which tenants, how long, how
 * many messages a day, active hours), pairs of a tenant's new accounts taking turns, and each
 * account's progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('status_posts'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    // 'text', 'image' or 'video'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('background_color', 'text')
    .addColumn('font', 'integer')
    .addColumn('media_id', 'bigint')
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('status_posts_tenant').on('status_posts').columns(['tenant_id', 'id']).execute()

  await withId(db, db.schema.createTable('status_post_targets'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('post_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    // 'open', 'posted', 'failed' or 'cancelled'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    // the message id chosen before the first attempt, so a retry after a crash is the same post
    .addColumn('wa_message_id', 'text')
    .addColumn('audience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('detail', 'text')
    .addColumn('posted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('status_post_targets_due')
    .on('status_post_targets')
    .columns(['state', 'due_at'])
    .execute()
  await db.schema
    .createIndex('status_post_targets_post')
    .on('status_post_targets')
    .columns(['post_id'])
    .execute()
  await db.schema
    .createIndex('status_post_targets_message')
    .on('status_post_targets')
    .columns(['account_id', 'wa_message_id'])
    .execute()

  await withId(db, db.schema.createTable('status_post_viewers'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('status_post_viewers_key')
    .on('status_post_viewers')
    .columns(['target_id', 'viewer'])
    .unique()
    .execute()

  await withId(db, db.schema.createTable('nurturing_materials'))
    .addColumn('language', 'text', (c) => c.notNull())
    // 'text', 'image', 'voice' or 'sticker'
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_path', 'text')
    .addColumn('mime', 'text')
    .addColumn('size', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('nurturing_materials_language')
    .on('nurturing_materials')
    .columns(['language', 'enabled'])
    .execute()

  await withId(db, db.schema.createTable('nurturing_rules'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of tenant ids
    .addColumn('tenant_ids', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('per_day', 'integer', (c) => c.notNull())
    // minutes of the day at the rule's UTC offset
    .addColumn('active_from', 'integer', (c) => c.notNull())
    .addColumn('active_to', 'integer', (c) => c.notNull())
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('nurturing_accounts'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('rule_id', 'bigint', (c) => c.notNull())
    .addColumn('pair_id', 'bigint')
    // 'waiting' (for a partner), 'active', 'done' or 'stopped'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('stop_reason', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    // the start of the day `sent_today` counts
    .addColumn('day_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_today', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('nurturing_accounts_account')
    .on('nurturing_accounts')
    .columns(['account_id'])
    .unique()
    .execute()

  await withId(db, db.schema.createTable('nurturing_pairs'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('rule_id', 'bigint', (c) => c.notNull())
    .addColumn('a_account_id', 'bigint', (c) => c.notNull())
    .addColumn('b_account_id', 'bigint', (c) => c.notNull())
    .addColumn('a_session_id', 'bigint', (c) => c.notNull())
    .addColumn('b_session_id', 'bigint', (c) => c.notNull())
    // 'a' or 'b': whose turn it is
    .addColumn('turn', 'text', (c) => c.notNull())
    // 'idle' (waiting for the turn) or 'typing' (the sender shows typing, then sends)
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    // 'active' or 'ended'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('nurturing_pairs_due')
    .on('nurturing_pairs')
    .columns(['state', 'next_at'])
    .execute()

  // a fan that is another account of the same tenant, talked to by nurturing: the desk tags its
  // chat and mass sends and customer counts leave it out
  await db.schema
    .alterTable('fans')
    .addColumn('nurturing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fans').dropColumn('nurturing').execute()
  for (const t of [
    'nurturing_pairs',
    'nurturing_accounts',
    'nurturing_rules',
    'nurturing_materials',
    'status_post_viewers',
    'status_post_targets',
    'status_posts',
  ])
    await db.schema.dropTable(t).ifExists().execute()
}
