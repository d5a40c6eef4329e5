import path from 'node:path'
import pg from 'pg'
import { type Db, openDatabase } from '../apps/server/src/db/index.js'

/**
 * A fresh database for one benchmark run: a SQLite file in `dir`, or, when DATABASE_URL is set, a
 * new PostgreSQL database next to it (`bench_<tag>_…`), dropped by `drop`.
 */
export async function freshDb(
  dir: string,
  tag: string,
): Promise<{ db: Db; file: string | null; label: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const file = path.join(dir, 'app.db')
    const db = openDatabase({ sqliteFile: file })
    return { db, file, label: 'SQLite file', drop: () => db.destroy() }
  }
  const name = `bench_${tag}_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(url)
  u.pathname = `/${name}`
  const db = openDatabase({ databaseUrl: u.toString() })
  return {
    db,
    file: null,
    label: `PostgreSQL (${u.host})`,
    drop: async () => {
      await db.destroy()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined)
      await c.end()
    },
  }
}
