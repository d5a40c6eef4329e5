import { type Kysely, sql } from 'kysely'
import { withId } from '../dialect.js'

/**
 * One customer per person under WhatsApp's hidden ids (lid): a lid names at most one fan of an
 * account, as the phone address does (`fans_account_jid`), and every merge of two fans found to
 * be one person is recorded with what it moved, so it can be split back.
 *
 * A lid held by two fans of an account (a split made before this rule) stays with the fan keyed
 * by the phone; the other keeps its lid as its key jid, so the next mapping of that pair finds
 * both and merges them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update fans set lid = null
    where lid is not null and exists (
      select 1 from fans o
      where o.account_id = fans.account_id and o.lid = fans.lid and o.id <> fans.id
        and ((o.jid <> o.lid and fans.jid = fans.lid)
          or ((o.jid = o.lid) = (fans.jid = fans.lid) and o.id < fans.id)))`.execute(db)
  await db.schema
    .createIndex('fans_account_lid_unique')
    .on('fans')
    .columns(['account_id', 'lid'])
    .unique()
    .where(sql<boolean>`lid is not null`)
    .execute()
  await db.schema.dropIndex('fans_account_lid').ifExists().execute()

  await withId(db, db.schema.createTable('fan_merges'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ws_accounts.id'))
    // no foreign keys on the fans and sessions: the absorbed ones are gone (their rows are in `record`)
    .addColumn('into_fan_id', 'bigint', (c) => c.notNull())
    .addColumn('from_fan_id', 'bigint', (c) => c.notNull())
    .addColumn('into_session_id', 'bigint')
    .addColumn('from_session_id', 'bigint')
    .addColumn('pn', 'text', (c) => c.notNull())
    .addColumn('lid', 'text', (c) => c.notNull())
    // where the pair came from: a message's alternate address, the lid store, a mapping event…
    .addColumn('source', 'text', (c) => c.notNull())
    // JSON: both fans and sessions as they were, and the ids of every row moved
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('merged_at', 'bigint', (c) => c.notNull())
    .addColumn('unmerged_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('fan_merges_tenant')
    .on('fan_merges')
    .columns(['tenant_id', 'merged_at', 'id'])
    .execute()
  await db.schema.createIndex('fan_merges_into').on('fan_merges').columns(['into_fan_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fan_merges_into').ifExists().execute()
  await db.schema.dropIndex('fan_merges_tenant').ifExists().execute()
  await db.schema.dropTable('fan_merges').ifExists().execute()
  await db.schema.createIndex('fans_account_lid').on('fans').columns(['account_id', 'lid']).execute()
  await db.schema.dropIndex('fans_account_lid_unique').ifExists().execute()
}
