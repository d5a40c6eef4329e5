#!/usr/bin/env node
// Restores a backup made by `npm run backup`: `npm run restore -- <backup file>`, with the server
// stopped. The backup is checked first (integrity_check, and it must hold the app's migrations);
// the current database (with its -wal and -shm files) is kept beside it as app.db.before-restore-<time>.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { databaseFile } from './backup.mjs'

const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'))
const Database = require('better-sqlite3')

/** Throws unless `file` is an intact SQLite database of this app. */
export function checkBackup(file) {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`)
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const check = db.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`${file} failed integrity_check: ${check}`)
    const migrations = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get()
    if (migrations.n !== 1) throw new Error(`${file} is not a WS Desk database (no migrations table)`)
  } catch (err) {
    if (err instanceof Error && /not a database/.test(err.message))
      throw new Error(`${file} is not a SQLite database`)
    throw err
  } finally {
    db.close()
  }
}

/** Puts `backup` in place of `target`; returns where the replaced database was kept (or null). */
export function restoreDatabase(backup, target, now = new Date()) {
  checkBackup(backup)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  const incoming = `${target}.restoring`
  fs.copyFileSync(backup, incoming)
  let kept = null
  if (fs.existsSync(target)) {
    kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, kept + suffix)
    }
  }
  fs.renameSync(incoming, target)
  return kept
}

/** Whether a server answers on this machine's port: restoring under a running server loses data. */
async function serverAnswers(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })
    return res.ok
  } catch {
    return false
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const backup = process.argv[2]
  if (!backup) {
    console.error('usage: npm run restore -- <backup file>   (stop the server first)')
    process.exit(2)
  }
  const port = Number(process.env.PORT || 8080)
  if (await serverAnswers(port)) {
    console.error(`a server answers on port ${port}: stop it before restoring, then start it again`)
    process.exit(1)
  }
  try {
    const target = databaseFile()
    const kept = restoreDatabase(path.resolve(backup), target)
    console.log(
      `restored ${path.resolve(backup)} to ${target}${kept ? `; the previous database is kept as ${kept}` : ''}`,
    )
  } catch (err) {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}
