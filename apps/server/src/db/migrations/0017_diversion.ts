import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Diversion links and their visits, the fans attributed to them, the counters with their share
 * codes, and the desk's marketing interactions. A link's `visits` is also its round-robin
 * sequence: one atomic increment per visit both counts it and says whose turn it is. A link
 * account's cap day and count are claimed in one conditional update, so concurrent visits never
 * pass a cap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('diversion_links'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('greeting', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('diversion_links_tenant')
    .on('diversion_links')
    .columns(['tenant_id', 'id'])
    .execute()

  await withId(db, db.schema.createTable('diversion_link_accounts'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('diversion_links.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('daily_cap', 'integer', (c) => c.notNull().defaultTo(0))
    // the day (days since the epoch at the link's UTC offset) cap_used counts
    .addColumn('cap_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cap_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visits', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('diversion_link_accounts_link')
    .on('diversion_link_accounts')
    .columns(['link_id', 'account_id'])
    .unique()
    .execute()

  await withId(db, db.schema.createTable('diversion_visits'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('diversion_links.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('fan_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // a first message is matched by (account, ref), or to the account's oldest unclaimed visit
  await db.schema
    .createIndex('diversion_visits_ref')
    .on('diversion_visits')
    .columns(['account_id', 'ref'])
    .execute()
  await db.schema
    .createIndex('diversion_visits_unclaimed')
    .on('diversion_visits')
    .columns(['account_id', 'fan_id', 'created_at'])
    .execute()

  await withId(db, db.schema.createTable('diversion_fans'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('link_id', 'bigint', (c) => c.notNull().references('diversion_links.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('agent_user_id', 'bigint')
    .addColumn('fan_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('visit_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('diversion_fans_link')
    .on('diversion_fans')
    .columns(['link_id', 'account_id'])
    .execute()

  await withId(db, db.schema.createTable('counters'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of account ids
    .addColumn('account_ids', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('share_code', 'text', (c) => c.unique())
    .addColumn('share_expires_at', 'bigint')
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('counters_tenant').on('counters').columns(['tenant_id', 'id']).execute()

  await withId(db, db.schema.createTable('marketing_interactions'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('origin', 'text', (c) => c.notNull())
    // the last marketing message of the session a customer answered
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('replied_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('marketing_interactions_tenant')
    .on('marketing_interactions')
    .columns(['tenant_id', 'replied_at', 'id'])
    .execute()

  // attribution's watermark over stored messages: it starts at the end of the messages stored now
  for (const consumer of ['diversion'])
    await sql`insert into message_cursors (consumer, last_id, lease_until, updated_at)
      select cast(${consumer} as text), coalesce(max(id), 0), 0, cast(${Date.now()} as bigint) from messages`.execute(
      db,
    )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_cursors where consumer = 'diversion'`.execute(db)
  for (const t of [
    'marketing_interactions',
    'counters',
    'diversion_fans',
    'diversion_visits',
    'diversion_link_accounts',
    'diversion_links',
  ])
    await db.schema.dropTable(t).ifExists().execute()
}
