import { pino } from 'pino'
import { type Db, openDatabase } from '../db/index.js'
import { openSystemScope } from '../db/system-scope.js'
import { AccountDirectory } from '../modules/accounts/index.js'
import { InheritanceRepository } from '../modules/fans/inheritance.repository.js'
import { InheritanceService } from '../modules/fans/inheritance.service.js'
import { SessionDirectory } from '../modules/sessions/index.js'
import { HubRelay } from '../realtime/hub.js'
import { createTestDb } from './harness.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('test/multi-process')

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
  const accounts = new AccountDirectory(db)
  const sessions = new SessionDirectory(db)
  return new InheritanceService(
    {
      db,
      hub: new HubRelay(),
      log: pino({ level: 'silent' }),
      account: async (tenantId, accountId) => {
        const row = await accounts.systemById(system, accountId)
        return row?.tenant_id === tenantId ? row : undefined
      },
      labelNames: async () => new Map(),
      openSession: (q, tenantId, accountId, fanId, at, newFan) =>
        sessions.openPersonal(q, tenantId, accountId, fanId, at, newFan),
    },
    new InheritanceRepository(db),
  )
}
