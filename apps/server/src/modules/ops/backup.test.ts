import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate, openDatabase } from '../../db/index.js'

const root = path.resolve(import.meta.dirname, '../../../../..')

/** Runs one of the repository's scripts as `npm run` would, without waiting in the event loop. */
function runScript(
  name: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${name}.mjs`), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
    })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? 1, out }))
  })
}

const count = async (db: Db) =>
  Number((await sql<{ n: number }>`select count(*) as n from backup_probe`.execute(db)).rows[0]?.n)

// the SQLite file is what is backed up; PostgreSQL is backed up with its own tools
describe.skipIf(process.env.TEST_DIALECT === 'postgres')('online backup of the SQLite database', () => {
  let dir: string
  let db: Db
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-backup-'))
    db = openDatabase({ sqliteFile: path.join(dir, 'data', 'app.db') })
    await migrate(db)
    await sql`create table backup_probe (id integer primary key, body text not null)`.execute(db)
    // a few megabytes, so the copy is more than a handful of pages
    for (let i = 0; i < 20; i++) {
      await sql`with recursive n(x) as (select 1 union all select x + 1 from n where x < 1000)
        insert into backup_probe (body) select hex(randomblob(100)) from n`.execute(db)
    }
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('copies the database while it is being written, into a file that opens intact', async () => {
    const target = path.join(dir, 'copy.db')
    const before = await count(db)
    let writing = true
    let writes = 0
    const backup = runScript('backup', [target], { DATA_DIR: path.join(dir, 'data') }).finally(() => {
      writing = false
    })
    // the server keeps writing for as long as the backup runs
    while (writing) {
      await db
        .insertInto('backup_probe' as never)
        .values({ body: `during-${writes}` } as never)
        .execute()
      writes++
      await new Promise((r) => setImmediate(r))
    }
    const { code, out } = await backup
    expect(out).toContain('backed up')
    expect(code).toBe(0)
    expect(writes).toBeGreaterThan(0)
    const after = await count(db)
    expect(after).toBe(before + writes)

    const copy = new SQLite(target, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
      const rows = (copy.prepare('select count(*) as n from backup_probe').get() as { n: number }).n
      // a snapshot taken at one moment of the writes: everything before it, none of what came after
      expect(rows).toBeGreaterThanOrEqual(before)
      expect(rows).toBeLessThanOrEqual(after)
      const migrations = copy.prepare('select count(*) as n from kysely_migration').get() as { n: number }
      expect(migrations.n).toBeGreaterThan(0)
    } finally {
      copy.close()
    }
    expect(fs.existsSync(`${target}.partial`)).toBe(false)
  })

  it('refuses to overwrite an existing file, and a missing database', async () => {
    const target = path.join(dir, 'taken.db')
    fs.writeFileSync(target, 'keep me')
    const taken = await runScript('backup', [target], { DATA_DIR: path.join(dir, 'data') })
    expect(taken.code).toBe(1)
    expect(taken.out).toContain('exists')
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me')
    const missing = await runScript('backup', [path.join(dir, 'none.db')], {
      DATA_DIR: path.join(dir, 'nothing'),
    })
    expect(missing.code).toBe(1)
    expect(missing.out).toContain('no database')
  })

  it('restores a backup in place of the database, keeping the one it replaces; refuses a damaged file', async () => {
    const backupFile = path.join(dir, 'for-restore.db')
    const made = await runScript('backup', [backupFile], { DATA_DIR: path.join(dir, 'data') })
    expect(made.code).toBe(0)
    const restoredDir = path.join(dir, 'restored')
    fs.mkdirSync(restoredDir)
    fs.writeFileSync(path.join(restoredDir, 'app.db'), '')

    const junk = path.join(dir, 'junk.db')
    fs.writeFileSync(junk, 'this is not a database file at all, only text '.repeat(200))
    // an unused port: the script asks whether a server answers there before it replaces anything
    const env = { DATA_DIR: restoredDir, PORT: '1' }
    const refused = await runScript('restore', [junk], env)
    expect(refused.code).toBe(1)
    expect(refused.out).toContain('restore failed')
    expect(fs.readFileSync(path.join(restoredDir, 'app.db'), 'utf8')).toBe('')

    const restored = await runScript('restore', [backupFile], env)
    expect(restored.out).toContain('restored')
    expect(restored.code).toBe(0)
    const back = new SQLite(path.join(restoredDir, 'app.db'), { readonly: true })
    try {
      const rows = (back.prepare('select count(*) as n from backup_probe').get() as { n: number }).n
      expect(rows).toBe(await count(db))
    } finally {
      back.close()
    }
    expect(fs.readdirSync(restoredDir).some((f) => f.startsWith('app.db.before-restore-'))).toBe(true)
  })
})
