import { pino } from 'pino'
import { type Db, openDatabase } from '../db/index.js'
import { AccountsRepository } from '../modules/accounts/accounts.repository.js'
import { InheritanceRepository } from '../modules/fans/inheritance.repository.js'
import { InheritanceService } from '../modules/fans/inheritance.service.js'
import { SessionsRepository } from '../modules/sessions/sessions.repository.js'
import { HubRelay } from '../realtime/hub.js'
import { createTestDb } from './harness.js'

/**
 * One migrated database opened as two server processes open it. On PostgreSQL each gets its own
 * pool. On SQLite both share one connection to the file: better-sqlite3 waits for a lock by
 * blocking the thread, so two connections in one test process would stall each other; the
 * engines still interleave at every statement and transaction, which is where their claims race.
 */
export async function openTwice(): Promise<{ dbA: Db; dbB: Db; drop: () => Promise<void> }> {
  const { db: dbA, url, drop } = await createTestDb()
  const dbB = url ? openDatabase({ databaseUrl: url }) : dbA
  return {
    dbA,
    dbB,
    drop: async () => {
      if (dbB !== dbA) await dbB.destroy()
      await drop()
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
