import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Mass send: tasks, their recipients as rows (never a list in memory), one lane per (task,
 * sending account) holding that account's schedule and its one message in flight, the sentence
 * sends that tie a recipient to its outbox messages, and the task log. Every wait is a due time
 * in these rows, so a restart resumes on schedule. Fans, sessions, group chats and messages are
 * referenced without foreign keys: an invalid customer deleted with a reason takes its rows with
 * it, and the task's record of it stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mass_send_tasks'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pause_reason', 'text')
    .addColumn('fail_reason', 'text')
    // JSON: the sentences as the outbox takes them (materials resolved at creation)
    .addColumn('sentences', 'text', (c) => c.notNull())
    .addColumn('sentence_min', 'integer', (c) => c.notNull())
    .addColumn('sentence_max', 'integer', (c) => c.notNull())
    .addColumn('customer_min', 'integer', (c) => c.notNull())
    .addColumn('customer_max', 'integer', (c) => c.notNull())
    .addColumn('count_min', 'integer', (c) => c.notNull())
    .addColumn('count_max', 'integer', (c) => c.notNull())
    .addColumn('daily_cap', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wait_timeout', 'integer', (c) => c.notNull())
    .addColumn('appointment_at', 'bigint')
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of the sending accounts; JSON customer filter (customers tasks)
    .addColumn('account_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('customer_filter', 'text')
    // the last fan id a committed preparation batch handled
    .addColumn('prepare_cursor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // the agent whose customers and accounts the task may reach; null: the whole tenant
    .addColumn('agent_scope', 'bigint')
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    // JSON core MassSendCounters as last computed, and when
    .addColumn('counters', 'text', (c) => c.notNull())
    .addColumn('counters_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('mass_send_tasks_tenant')
    .on('mass_send_tasks')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('mass_send_tasks_status').on('mass_send_tasks').columns(['status']).execute()

  await withId(db, db.schema.createTable('mass_send_recipients'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('mass_send_tasks.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('fan_id', 'bigint')
    .addColumn('group_chat_id', 'bigint')
    .addColumn('session_id', 'bigint')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failure_reason', 'text')
    // strangers: null not checked yet, 1 on WhatsApp, 0 not
    .addColumn('on_whatsapp', 'integer')
    .addColumn('next_sentence', 'integer', (c) => c.notNull().defaultTo(0))
    // when an active recipient is looked at next; the earliest time for its next sentence; the reply/read deadline
    .addColumn('due_at', 'bigint')
    .addColumn('next_at', 'bigint')
    .addColumn('wait_until', 'bigint')
    .addColumn('recheck_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_id', 'bigint')
    .addColumn('moved_from', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  // a lane takes its next recipient in id order, and its due ones by time
  await db.schema
    .createIndex('mass_send_recipients_lane')
    .on('mass_send_recipients')
    .columns(['task_id', 'account_id', 'state', 'id'])
    .execute()
  await db.schema
    .createIndex('mass_send_recipients_due')
    .on('mass_send_recipients')
    .columns(['task_id', 'account_id', 'state', 'due_at'])
    .execute()
  // the log pages by id within a task; counters group by state
  await db.schema
    .createIndex('mass_send_recipients_task')
    .on('mass_send_recipients')
    .columns(['task_id', 'id'])
    .execute()
  await db.schema
    .createIndex('mass_send_recipients_state')
    .on('mass_send_recipients')
    .columns(['task_id', 'state', 'failure_reason'])
    .execute()
  await db.schema
    .createIndex('mass_send_recipients_message')
    .on('mass_send_recipients')
    .columns(['last_message_id'])
    .execute()

  await withId(db, db.schema.createTable('mass_send_lanes'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('mass_send_tasks.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    // 1 while the task executes and the lane has work left
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('next_start_at', 'bigint', (c) => c.notNull())
    .addColumn('round_left', 'integer', (c) => c.notNull())
    // one by one: the recipient being written to
    .addColumn('busy_recipient_id', 'bigint')
    // the lane's one message in flight, and its recipient
    .addColumn('last_message_id', 'bigint')
    .addColumn('last_recipient_id', 'bigint')
    .addColumn('day_key', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day_count', 'integer', (c) => c.notNull().defaultTo(0))
    // since when the account has not been ready (logging in, network fault)
    .addColumn('waiting_since', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('mass_send_lanes_task_account')
    .on('mass_send_lanes')
    .columns(['task_id', 'account_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('mass_send_lanes_due')
    .on('mass_send_lanes')
    .columns(['active', 'due_at'])
    .execute()

  await withId(db, db.schema.createTable('mass_send_items'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('mass_send_tasks.id').onDelete('cascade'))
    .addColumn('recipient_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('sentence_index', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('mass_send_items_recipient')
    .on('mass_send_items')
    .columns(['recipient_id', 'sentence_index'])
    .unique()
    .execute()
  await db.schema
    .createIndex('mass_send_items_task')
    .on('mass_send_items')
    .columns(['task_id', 'recipient_id'])
    .execute()

  await withId(db, db.schema.createTable('mass_send_events'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('mass_send_tasks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    // JSON array: accounts the recipients of a lost account moved to
    .addColumn('to_account_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('mass_send_events_task')
    .on('mass_send_events')
    .columns(['task_id', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'mass_send_events',
    'mass_send_items',
    'mass_send_lanes',
    'mass_send_recipients',
    'mass_send_tasks',
  ])
    await db.schema.dropTable(t).ifExists().execute()
}
