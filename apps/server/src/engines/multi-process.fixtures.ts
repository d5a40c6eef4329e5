import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { pino } from 'pino'
import { type Db, migrate, openDatabase } from '../db/index.js'
import { AccountsRepository } from '../modules/accounts/accounts.repository.js'
import { InheritanceRepository } from '../modules/fans/inheritance.repository.js'
import { InheritanceService } from '../modules/fans/inheritance.service.js'
import { SessionsRepository } from '../modules/sessions/sessions.repository.js'
import { HubRelay } from '../realtime/hub.js'

/**
 * One migrated database opened as two server processes open it. On PostgreSQL each gets its own
 * pool. On SQLite both share one connection to the file: better-sqlite3 waits for a lock by
 * blocking the thread, so two connections in one test process would stall each other; the
 * engines still interleave at every statement and transaction, which is where their claims race.
 */
export async function openTwice(): Promise<{ dbA: Db; dbB: Db; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (process.env.TEST_DIALECT === 'postgres' && url) {
    const name = `t_mp_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(url)
    u.pathname = `/${name}`
    const dbA = openDatabase({ databaseUrl: u.toString() })
    await migrate(dbA)
    const dbB = openDatabase({ databaseUrl: u.toString() })
    return {
      dbA,
      dbB,
      drop: async () => {
        await dbA.destroy()
        await dbB.destroy()
        const c = new pg.Client({ connectionString: url })
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-multi-'))
  const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
  await migrate(db)
  return {
    dbA: db,
    dbB: db,
    drop: async () => {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Fan inheritance as a process wires it (app.ts), over its own connection. */
export function inheritanceOn(db: Db): InheritanceService {
  const accounts = new AccountsRepository(db)
  const sessions = new SessionsRepository(db)
  return new InheritanceService(
    {
      db,
      hub: new HubRelay(),
      log: pino({ level: 'silent' }),
      account: async (tenantId, accountId) => {
        const row = await accounts.systemFind(accountId)
        return row?.tenant_id === tenantId ? row : undefined
      },
      labelNames: async () => new Map(),
      openSession: (q, tenantId, accountId, fanId, at, newFan) =>
        sessions.ensurePersonal(q, tenantId, accountId, fanId, at, newFan),
    },
    new InheritanceRepository(db),
  )
}
