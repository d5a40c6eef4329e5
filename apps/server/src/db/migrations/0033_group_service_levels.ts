import type { Kysely } from 'kysely'

/**
 * Service levels per agent group: a group may have response targets of its own (null: the
 * tenant's). A waiting customer turn knows when it becomes late (`due_at`, in business time of the
 * targets that held when it opened; null: no target) and whether it was counted late already
 * (`breached`), so a turn nobody answers counts as a breach once its time has passed, and an
 * answer to it later does not count it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agent_groups').addColumn('first_response_minutes', 'integer').execute()
  await db.schema.alterTable('agent_groups').addColumn('next_response_minutes', 'integer').execute()
  await db.schema.alterTable('stat_turns').addColumn('due_at', 'bigint').execute()
  await db.schema
    .alterTable('stat_turns')
    .addColumn('breached', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // the rollup's round finds the turns whose time has passed unanswered
  await db.schema.createIndex('stat_turns_due').on('stat_turns').columns(['breached', 'due_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stat_turns_due').ifExists().execute()
  await db.schema.alterTable('stat_turns').dropColumn('breached').execute()
  await db.schema.alterTable('stat_turns').dropColumn('due_at').execute()
  await db.schema.alterTable('agent_groups').dropColumn('next_response_minutes').execute()
  await db.schema.alterTable('agent_groups').dropColumn('first_response_minutes').execute()
}
