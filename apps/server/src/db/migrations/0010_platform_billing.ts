import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Platform operations and billing: the seller and test flag of a tenant, soft-deleted users and
 * agent groups; ports gain a start, an order and money; seats, orders, the history of every
 * record change, renewal requests, platform settings and expiry-reminder dismissals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds a single column per ALTER TABLE
  const add = (
    table: string,
    column: string,
    type: 'bigint' | 'integer' | 'text',
    notNullDefault?: number | string,
  ) =>
    db.schema
      .alterTable(table)
      .addColumn(column, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute()

  // the operations or business user credited with the tenant; its operations user sets its prices and profile
  await add('tenants', 'seller_user_id', 'bigint')
  await add('tenants', 'test', 'integer', 0)
  await db.schema.createIndex('tenants_seller').on('tenants').column('seller_user_id').execute()

  await withId(db, db.schema.createTable('agent_groups'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('agent_groups_tenant_name', ['tenant_id', 'name'])
    .execute()
  await add('users', 'agent_group_id', 'bigint')
  // deleted users keep their rows (sessions, messages and reads point at them) under a freed name
  await add('users', 'deleted_at', 'bigint')
  await db.schema.createIndex('users_parent').on('users').column('parent_user_id').execute()

  await add('ports', 'starts_at', 'bigint', 0)
  await sql`update ports set starts_at = created_at`.execute(db)
  await add('ports', 'order_id', 'bigint')
  await add('ports', 'ended_reason', 'text')
  await add('ports', 'merged_into', 'bigint')
  await add('ports', 'paid_cents', 'bigint', 0)
  await add('ports', 'refunded_cents', 'bigint', 0)

  await withId(db, db.schema.createTable('seats'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('order_id', 'bigint')
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_reason', 'text')
    .addColumn('merged_into', 'bigint')
    .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    // when the expiry engine signed the agent out for this end; cleared when the end moves
    .addColumn('lapsed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('seats_tenant').on('seats').columns(['tenant_id', 'expires_at']).execute()
  // an agent holds at most one seat
  await db.schema.createIndex('seats_user').on('seats').column('user_id').unique().execute()

  await withId(db, db.schema.createTable('orders'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    // no foreign keys to users: a deleted seller or operator keeps its orders
    .addColumn('seller_user_id', 'bigint')
    .addColumn('operator_user_id', 'bigint', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON array of the record ids the order made or touched */
    .addColumn('record_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('orders_tenant').on('orders').columns(['tenant_id', 'created_at']).execute()
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute()

  await withId(db, db.schema.createTable('record_changes'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    .addColumn('related_record_id', 'bigint')
    .addColumn('operator_user_id', 'bigint', (c) => c.notNull())
    /** JSON snapshots of the record */
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('record_changes_record')
    .on('record_changes')
    .columns(['tenant_id', 'kind', 'record_id'])
    .execute()
  await db.schema
    .createIndex('record_changes_created')
    .on('record_changes')
    .columns(['created_at', 'id'])
    .execute()

  await withId(db, db.schema.createTable('renewal_requests'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_ids', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requested_by', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'bigint')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('renewal_requests_tenant')
    .on('renewal_requests')
    .columns(['tenant_id', 'created_at'])
    .execute()

  // settings by scope: 0 the platform's, else the operations user's own
  await db.schema
    .createTable('platform_settings')
    .addColumn('scope_user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('platform_settings_pk', ['scope_user_id', 'key'])
    .execute()

  // "do not remind again" holds for one end of one record: a renewal reminds again
  await withId(db, db.schema.createTable('expiry_dismissals'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('expiry_dismissals_once', ['user_id', 'kind', 'record_id', 'expires_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'expiry_dismissals',
    'platform_settings',
    'renewal_requests',
    'record_changes',
    'orders',
    'seats',
    'agent_groups',
  ])
    await db.schema.dropTable(t).ifExists().execute()
  for (const c of ['refunded_cents', 'paid_cents', 'merged_into', 'ended_reason', 'order_id', 'starts_at'])
    await db.schema.alterTable('ports').dropColumn(c).execute()
  await db.schema.dropIndex('users_parent').ifExists().execute()
  for (const c of ['deleted_at', 'agent_group_id'])
    await db.schema.alterTable('users').dropColumn(c).execute()
  await db.schema.dropIndex('tenants_seller').ifExists().execute()
  for (const c of ['test', 'seller_user_id']) await db.schema.alterTable('tenants').dropColumn(c).execute()
}
