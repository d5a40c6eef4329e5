import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Requests to WhatsApp that are not messages (withdrawing a sent message, read receipts): stored
 * before the call answers, taken under a lease and retried like sends, so a restart loses none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('gateway_requests'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ws_accounts.id'))
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON: the message a revoke withdraws, or the message references a read receipt covers */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('gateway_requests_due')
    .on('gateway_requests')
    .columns(['state', 'due_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_requests').ifExists().execute()
}
