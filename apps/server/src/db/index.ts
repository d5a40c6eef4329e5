import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { migrationProvider } from './migrations/index.js'
import type { Database } from './schema.js'

export type { Database } from './schema.js'
export type Db = Kysely<Database>

// int8 (bigserial ids, epoch-ms times) and numeric come back as numbers, as on SQLite.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

export interface DbOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string
  sqliteFile?: string
}

/** Open the database (WAL on SQLite) without migrating. */
export function openDatabase(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // an idle client losing its connection is replaced by the pool; without a listener it would crash
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle client error: ${err.message}`))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const file = opts.sqliteFile ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

/** Bring the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
}
