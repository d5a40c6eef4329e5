import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Fan inheritance: a record of each hand-over of a lost account's fans to another account (with
 * its cursor, so a hand-over cut short by a restart goes on where its last batch committed), the
 * fan a copied fan came from, and an index to walk an account's fans in id order (the batches and
 * the fan picker).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('fan_inheritances'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('from_account_id', 'bigint', (c) => c.notNull().references('ws_accounts.id'))
    .addColumn('to_account_id', 'bigint', (c) => c.notNull().references('ws_accounts.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    // JSON arrays of ids (per-fan and per-label choices), null when not chosen that way
    .addColumn('fan_ids', 'text')
    .addColumn('label_ids', 'text')
    .addColumn('label_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repeated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    // the last source fan id a committed batch handled
    .addColumn('last_fan_id', 'bigint', (c) => c.notNull().defaultTo(0))
    // who works on it until when: a running hand-over past its lease is taken up again
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('fan_inheritances_tenant')
    .on('fan_inheritances')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('fan_inheritances_running')
    .on('fan_inheritances')
    .columns(['status', 'lease_until'])
    .execute()

  // no foreign key: the fan it came from may be deleted later (an invalid customer), the copy stays
  await db.schema.alterTable('fans').addColumn('inherited_from', 'bigint').execute()
  await db.schema.createIndex('fans_account_id').on('fans').columns(['account_id', 'id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fans_account_id').ifExists().execute()
  await db.schema.alterTable('fans').dropColumn('inherited_from').execute()
  await db.schema.dropIndex('fan_inheritances_running').ifExists().execute()
  await db.schema.dropIndex('fan_inheritances_tenant').ifExists().execute()
  await db.schema.dropTable('fan_inheritances').ifExists().execute()
}
