import { type Kysely, sql } from 'kysely'

/**
 * Missed captcha checks per client address, so that guessing the puzzle buys growing locks
 * shared by every server process. Sign-in lock counters change key (the resolved user, or the
 * address for unknown names): counters under the old per-name keys are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captcha_failures')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute()
  await sql`DELETE FROM login_failures`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_failures').ifExists().execute()
}
