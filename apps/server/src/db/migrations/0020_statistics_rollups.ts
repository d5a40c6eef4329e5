import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Dashboards: daily rollups of the raw tables, kept by the statistics engine. Each cursor is the
 * last id of a raw table (messages, fans, sessions) already counted; the engine adds each batch's
 * counts and moves the cursor in one transaction, so a crash counts nothing twice. Open customer
 * turns wait in stat_turns until a message of ours answers them. Days are day numbers at the
 * statistics offset (core STATS_UTC_OFFSET_MINUTES); agent 0 is no agent. A day's first-response
 * histogram sits in its row as one small JSON object, so a range of 90 days reads one row per
 * day, account and agent, not one per bucket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
    // the WhatsApp time of the newest message counted
    .addColumn('rolled_to', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()

  await withId(db, db.schema.createTable('stat_daily'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('messages_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sessions_opened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('turns', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('turns_answered', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [first bucket, counts…]: first responses sent by this agent on this day, per log-scale bucket
    .addColumn('responses', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .createIndex('stat_daily_key')
    .on('stat_daily')
    .columns(['tenant_id', 'day', 'account_id', 'agent_id'])
    .unique()
    .execute()

  await withId(db, db.schema.createTable('stat_fans'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('link_id', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('stat_fans_key')
    .on('stat_fans')
    .columns(['tenant_id', 'day', 'account_id', 'agent_id', 'source', 'link_id'])
    .unique()
    .execute()

  await db.schema
    .createTable('stat_turns')
    .addColumn('session_id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['stat_turns', 'stat_fans', 'stat_daily', 'stat_cursors'])
    await db.schema.dropTable(t).execute()
}
