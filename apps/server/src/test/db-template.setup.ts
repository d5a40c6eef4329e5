import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrate, openDatabase } from '../db/index.js'

/**
 * One migrated database per run of a server project, which each test's database is copied from:
 * a SQLite file copied per test, or a PostgreSQL database named as the template of each test's
 * `CREATE DATABASE`. Migrating is the same for every test, so it is done once; each test still
 * gets a database of its own. Removed when the run ends.
 */
export interface DbTemplate {
  /** the migrated SQLite file to copy */
  sqliteFile?: string
  /** the migrated PostgreSQL database to name as a template */
  pgDatabase?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (project.config.env?.TEST_DIALECT === 'postgres' && url) {
    const name = `t_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      try {
        await c.query(sql)
      } finally {
        await c.end()
      }
    }
    await admin(`CREATE DATABASE ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    // a template may have no open connection while a database is made from it
    const db = openDatabase({ databaseUrl: u.toString() })
    try {
      await migrate(db)
    } finally {
      await db.destroy()
    }
    project.provide('dbTemplate', { pgDatabase: name })
    return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-template-'))
  const file = path.join(dir, 'app.db')
  const db = openDatabase({ sqliteFile: file })
  try {
    await migrate(db)
  } finally {
    // closing the last connection folds the write-ahead log into the file, so the file alone is the database
    await db.destroy()
  }
  project.provide('dbTemplate', { sqliteFile: file })
  return async () => fs.rmSync(dir, { recursive: true, force: true })
}
