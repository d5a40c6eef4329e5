import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely'
import pg from 'pg'
import { migrationProvider } from './migrations/index.js'
import { runHotStatementsNamed } from './pg-hot-statements.js'
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
    runHotStatementsNamed(pool)
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const file = opts.sqliteFile ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: statementCache(sqlite) }) })
}

/** Prepared statements kept per SQL text; the least recently used beyond this are let go. */
const STATEMENTS_MAX = 500

/**
 * The database as the SQLite dialect sees it, with its statements prepared once per SQL text
 * instead of on every query (preparing was about a sixth of a desk list call). A streamed read
 * prepares its own, since a statement being iterated cannot run anything else meanwhile.
 */
function statementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, Prepared>()
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let cached = cache.get(text)
      if (cached) cache.delete(text)
      else {
        cached = prepared(sqlite.prepare(text))
        if (cache.size >= STATEMENTS_MAX) cache.delete(cache.keys().next().value as string)
      }
      cache.set(text, cached)
      const { stmt, row } = cached
      return {
        reader: stmt.reader,
        all: row
          ? (parameters: readonly unknown[]) => (stmt.all(parameters) as unknown[][]).map(row)
          : (parameters: readonly unknown[]) => stmt.all(parameters),
        run: (parameters: readonly unknown[]) => stmt.run(parameters),
        iterate: (parameters: readonly unknown[]) => sqlite.prepare(text).iterate(parameters),
      }
    },
  }
}

interface Prepared {
  stmt: SQLite.Statement
  /** a result row (as an array) as the object the driver would make, when the statement reads */
  row: ((values: unknown[]) => Record<string, unknown>) | null
}

/**
 * A statement that reads returns its rows as arrays, turned into objects by a function made for
 * its columns: an object literal of one shape, several times cheaper than the driver's own
 * objects for a wide row (the desk list's page rows: 30 columns). A later column of the same
 * name wins, as with the driver's objects.
 */
function prepared(stmt: SQLite.Statement): Prepared {
  if (!stmt.reader) return { stmt, row: null }
  const names = stmt.columns().map((c) => c.name)
  // a column named __proto__ would set the object's prototype in a literal
  if (names.includes('__proto__')) return { stmt, row: null }
  stmt.raw(true)
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')
  return { stmt, row: new Function('v', `return { ${fields} }`) as Prepared['row'] }
}

/** Bring the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
}
