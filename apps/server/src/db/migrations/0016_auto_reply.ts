import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Keyword auto-reply: the rules (keywords, sentences and settings as JSON text, statistics as
 * counters) and the replies of each rule per customer session, which hold a rule to its reply
 * limit. Sessions are referenced without a foreign key: a deleted customer takes its session
 * with it and the count row is left behind harmlessly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('auto_reply_rules'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('reply_type', 'text', (c) => c.notNull())
    .addColumn('match_mode', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('label_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reply_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_interval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sentences', 'text', (c) => c.notNull())
    .addColumn('agent_user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('creator_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('hits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('replies', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('auto_reply_rules_tenant')
    .on('auto_reply_rules')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute()

  await withId(db, db.schema.createTable('auto_reply_counts'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('rule_id', 'bigint', (c) => c.notNull().references('auto_reply_rules.id').onDelete('cascade'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('auto_reply_counts_rule_session')
    .on('auto_reply_counts')
    .columns(['rule_id', 'session_id'])
    .unique()
    .execute()

  // the durable consumers' watermarks over stored messages, a row per consumer: a consumer
  // starts at the end of the messages stored when it is installed (no replies to history)
  await db.schema
    .createTable('message_cursors')
    .addColumn('consumer', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  for (const consumer of ['auto-reply'])
    await sql`insert into message_cursors (consumer, last_id, lease_until, updated_at)
      select cast(${consumer} as text), coalesce(max(id), 0), 0, cast(${Date.now()} as bigint) from messages`.execute(
      db,
    )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_cursors').ifExists().execute()
  await db.schema.dropTable('auto_reply_counts').ifExists().execute()
  await db.schema.dropTable('auto_reply_rules').ifExists().execute()
}
