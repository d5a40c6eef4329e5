import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Tenant settings (one row per tenant, written by the supervisor; none means the defaults),
 * AI reply's pending answers (one per session: a burst of customer messages moves its due time,
 * so the row is the debounce timer and survives a restart) and AI use per tenant per UTC day
 * (the daily budget, reserved with a conditional update so two workers cannot both take the last one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('tenant_settings'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('page_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_language', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auto_translate', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array; null follows the platform's list
    .addColumn('opt_out_words', 'text')
    .addColumn('notify_sound', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_desktop', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_export', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opt_out_invalid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai_base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_api_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_system_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ai_reply_delay', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('ai_context_messages', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('ai_daily_replies', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('ai_daily_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('tenant_settings_tenant')
    .on('tenant_settings')
    .column('tenant_id')
    .unique()
    .execute()

  await withId(db, db.schema.createTable('ai_reply_jobs'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    // the customer's last message of the burst: the answer is to the conversation up to it
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ai_reply_jobs_session')
    .on('ai_reply_jobs')
    .column('session_id')
    .unique()
    .execute()
  await db.schema.createIndex('ai_reply_jobs_due').on('ai_reply_jobs').columns(['due_at']).execute()

  await withId(db, db.schema.createTable('ai_reply_usage'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    // UTC day, YYYY-MM-DD
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await db.schema
    .createIndex('ai_reply_usage_tenant_day')
    .on('ai_reply_usage')
    .columns(['tenant_id', 'day'])
    .unique()
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_reply_usage').execute()
  await db.schema.dropTable('ai_reply_jobs').execute()
  await db.schema.dropTable('tenant_settings').execute()
}
