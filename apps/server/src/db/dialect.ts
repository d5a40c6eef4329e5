import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'

export type DialectName = 'sqlite' | 'postgres'

/** Which dialect a Kysely instance speaks, read from its adapter. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const name = db.getExecutor().adapter.constructor.name
  return name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite'
}

/** An auto-increment integer primary key on either dialect. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement())
}
