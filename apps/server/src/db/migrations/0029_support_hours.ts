import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/** The durable consumers of stored messages this migration adds. */
const CONSUMERS = ['away-message', 'satisfaction']

/**
 * The tenant's service settings and what they set going:
 * - `support_settings`: one row per tenant, written on its first save (the defaults live in core):
 *   response-time targets, business hours (the week and holidays as JSON, in an IANA time zone)
 *   with the away message, and the satisfaction survey;
 * - `away_sends`: the last away message of each customer chat, which holds the next one back for
 *   the tenant's interval;
 * - `satisfaction_surveys`: a survey sent when a conversation was resolved, answered by the
 *   customer's next message (its rating when that is a lone digit 1–5) or closed unanswered.
 * Sessions are referenced without a foreign key: a deleted chat leaves its rows behind harmlessly,
 * and the report keeps ratings of chats deleted since.
 * The consumers' watermarks start at the end of the messages stored now (no away message to history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('support_settings'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().unique().references('tenants.id'))
    .addColumn('sla_enabled', 'integer', (c) => c.notNull())
    .addColumn('first_response_minutes', 'integer', (c) => c.notNull())
    .addColumn('next_response_minutes', 'integer', (c) => c.notNull())
    .addColumn('hours_enabled', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('holidays', 'text', (c) => c.notNull())
    .addColumn('away_message', 'text', (c) => c.notNull())
    .addColumn('away_enabled', 'integer', (c) => c.notNull())
    .addColumn('away_once_hours', 'integer', (c) => c.notNull())
    .addColumn('survey_enabled', 'integer', (c) => c.notNull())
    .addColumn('survey_question_zh', 'text', (c) => c.notNull())
    .addColumn('survey_question_en', 'text', (c) => c.notNull())
    .addColumn('survey_language', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('away_sends'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('fan_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('away_sends_session', ['tenant_id', 'session_id'])
    .execute()

  await withId(db, db.schema.createTable('satisfaction_surveys'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('fan_id', 'bigint', (c) => c.notNull())
    .addColumn('agent_user_id', 'bigint')
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('rated_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute()
  // the survey a customer's message may answer: the session's newest one still open
  await db.schema
    .createIndex('satisfaction_surveys_session')
    .on('satisfaction_surveys')
    .columns(['tenant_id', 'session_id', 'asked_at'])
    .execute()
  // the report: a tenant's ratings by time
  await db.schema
    .createIndex('satisfaction_surveys_rated')
    .on('satisfaction_surveys')
    .columns(['tenant_id', 'rated_at'])
    .where(sql.ref('rating'), 'is not', null)
    .execute()

  for (const consumer of CONSUMERS)
    await sql`insert into message_cursors (consumer, last_id, lease_until, updated_at)
      select cast(${consumer} as text), coalesce(max(id), 0), 0, cast(${Date.now()} as bigint) from messages`.execute(
      db,
    )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const consumer of CONSUMERS)
    await sql`delete from message_cursors where consumer = ${consumer}`.execute(db)
  await db.schema.dropTable('satisfaction_surveys').ifExists().execute()
  await db.schema.dropTable('away_sends').ifExists().execute()
  await db.schema.dropTable('support_settings').ifExists().execute()
}
