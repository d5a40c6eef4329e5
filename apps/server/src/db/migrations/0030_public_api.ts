import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/**
 * The tenant's integrations:
 * - `api_keys`: keys of the public API, the secret kept only as its SHA-256 (a key is 32 random
 *   bytes, so a fast hash is enough), with its scopes, expiry, allowed addresses and last use;
 * - `api_idempotency`: the first answer to each `Idempotency-Key` of a tenant, with the request's
 *   fingerprint, so a repeat answers the same and never acts twice;
 * - `webhook_endpoints`, `webhook_events` (one row per occurrence, its JSON body kept once) and
 *   `webhook_deliveries` (one per event and endpoint that wants it): the durable, leased queue of
 *   what is to be posted, in order per `order_key` (a session, an account) and endpoint.
 * The webhook consumer's watermark over stored messages starts at the end of what is stored now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('allowed_ips', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_at', 'bigint')
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id', 'id']).execute()

  await withId(db, db.schema.createTable('api_idempotency'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('api_idempotency_tenant_key', ['tenant_id', 'idem_key'])
    .execute()
  await db.schema.createIndex('api_idempotency_age').on('api_idempotency').columns(['created_at']).execute()

  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('webhook_endpoints_tenant')
    .on('webhook_endpoints')
    .columns(['tenant_id'])
    .execute()

  await withId(db, db.schema.createTable('webhook_events'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('endpoint_id', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_ms', 'integer')
    .addColumn('last_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // the queue: an endpoint's waiting deliveries in order, and each order key's waiting ones
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute()
  await db.schema
    .createIndex('webhook_deliveries_pending_key')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'order_key', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute()
  // the delivery log, newest first
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['tenant_id', 'endpoint_id', 'id'])
    .execute()

  await sql`insert into message_cursors (consumer, last_id, lease_until, updated_at)
    select cast(${'webhooks'} as text), coalesce(max(id), 0), 0, cast(${Date.now()} as bigint) from messages`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_cursors where consumer = ${'webhooks'}`.execute(db)
  for (const table of [
    'webhook_deliveries',
    'webhook_events',
    'webhook_endpoints',
    'api_idempotency',
    'api_keys',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
