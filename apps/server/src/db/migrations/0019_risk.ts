import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Risk management: each tenant's saved limits and keyword blocks; per-account counters of the
 * current minute, hour and day windows that the dispatcher checks and bumps; per-account daily
 * statistics written with each send's outcome, so the statistics page never scans messages; and
 * the hold of an account a limit refused (until its window reopens: the desk shows its sessions
 * in risk control); the warnings raised, at most one per account and kind in a dedupe bucket (a unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('risk_configs'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    // JSON core RiskLimits as saved; JSON array of blocked keywords
    .addColumn('limits', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('risk_configs_tenant').on('risk_configs').column('tenant_id').unique().execute()

  await withId(db, db.schema.createTable('risk_windows'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    // 'm', 'h' or 'd'; the window's start (epoch ms; a day's start at the tenant's offset)
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_chats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mass_sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_mass_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('risk_windows_key')
    .on('risk_windows')
    .columns(['account_id', 'unit', 'start'])
    .unique()
    .execute()
  await db.schema.createIndex('risk_windows_start').on('risk_windows').columns(['start']).execute()

  const counts = ['sends', 'new_chats', 'failed', 'bans', 'warnings', 'replies', 'opt_outs']
  const reasons = [
    'risk_control_limit',
    'invalid_customer',
    'mass_send_prohibited',
    'platform_limit',
    'ws_ban',
    'account_status',
    'ws_send_limit_reached',
    'content_violation',
  ]
  let daily = withId(db, db.schema.createTable('risk_daily'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    // YYYY-MM-DD at the tenant's offset
    .addColumn('day', 'text', (c) => c.notNull())
  for (const col of [...counts, ...reasons.map((r) => `fail_${r}`)])
    daily = daily.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0))
  await daily.execute()
  await db.schema
    .createIndex('risk_daily_key')
    .on('risk_daily')
    .columns(['account_id', 'day'])
    .unique()
    .execute()
  await db.schema.createIndex('risk_daily_tenant').on('risk_daily').columns(['tenant_id', 'day']).execute()

  // an account a risk limit refused a message of: until when (the refusing window's reopening)
  await withId(db, db.schema.createTable('risk_holds'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('refused_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('risk_holds_account').on('risk_holds').column('account_id').unique().execute()

  await withId(db, db.schema.createTable('risk_warnings'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    // 0: the tenant as a whole
    .addColumn('account_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    // the dedupe bucket: floor(created_at / dedupe window)
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_at', 'bigint')
    .addColumn('handled_by', 'bigint')
    .execute()
  await db.schema
    .createIndex('risk_warnings_dedupe')
    .on('risk_warnings')
    .columns(['tenant_id', 'account_id', 'kind', 'bucket'])
    .unique()
    .execute()
  await db.schema
    .createIndex('risk_warnings_list')
    .on('risk_warnings')
    .columns(['tenant_id', 'handled', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['risk_holds', 'risk_warnings', 'risk_daily', 'risk_windows', 'risk_configs'])
    await db.schema.dropTable(t).ifExists().execute()
}
