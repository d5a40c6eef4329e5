#!/usr/bin/env node
// Online backup of the SQLite database while the server runs: `npm run backup -- <file>`.
// Uses SQLite's own backup API (better-sqlite3's db.backup()), which reads a consistent snapshot
// without stopping writers; the copy is checked (integrity_check) and written to a temporary
// file first, so a failed backup never leaves a partial file under the name asked for.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'))
const Database = require('better-sqlite3')

const usage = `usage: npm run backup -- <backup file> [--from <database file>]
  the database is DATA_DIR/app.db (DATA_DIR defaults to ./data) unless --from names another`

export function databaseFile(env = process.env) {
  return path.resolve(env.DATA_DIR || './data', 'app.db')
}

/**
 * Copies `source` to `target` while other connections (the server) keep writing. Returns the
 * page count copied. The copy is a single file (journal_mode DELETE) that passed integrity_check.
 */
export async function backupDatabase(source, target) {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`)
  if (fs.existsSync(target)) throw new Error(`${target} exists: choose a new file name`)
  const partial = `${target}.partial`
  fs.rmSync(partial, { force: true })
  const db = new Database(source, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  let pages = 0
  try {
    // all remaining pages in one step: one read snapshot, so writes by the server in the
    // meantime never restart the copy (WAL readers do not block writers)
    const result = await db.backup(partial, { progress: () => 0x7fffffff })
    pages = result.totalPages
  } finally {
    db.close()
  }
  const copy = new Database(partial)
  try {
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`the copy failed integrity_check: ${check}`)
  } catch (err) {
    copy.close()
    fs.rmSync(partial, { force: true })
    throw err
  }
  copy.close()
  fs.renameSync(partial, target)
  return pages
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2)
  const fromAt = args.indexOf('--from')
  const source = fromAt >= 0 ? path.resolve(args[fromAt + 1] ?? '') : databaseFile()
  const target = args.find((a, i) => !a.startsWith('--') && (fromAt < 0 || i !== fromAt + 1))
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump; this script copies the SQLite file')
    process.exit(2)
  }
  if (!target) {
    console.error(usage)
    process.exit(2)
  }
  try {
    const started = Date.now()
    const pages = await backupDatabase(source, path.resolve(target))
    const bytes = fs.statSync(path.resolve(target)).size
    console.log(
      `backed up ${source} to ${path.resolve(target)}: ${pages} pages, ${bytes} bytes, ${Date.now() - started} ms`,
    )
  } catch (err) {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}
