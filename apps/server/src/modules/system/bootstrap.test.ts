import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../db/index.js'
import { createTestDb } from '../../test/harness.js'
import { verifyPassword } from '../auth/password.js'
import { ensurePlatformAdmin } from './bootstrap.js'
import { seedDemo } from './demo-seed.js'

let db: Db
let drop: () => Promise<void>
const log = pino({ level: 'silent' })

beforeEach(async () => ({ db, drop } = await createTestDb()))
afterEach(() => drop())

describe('first start', () => {
  it('creates the platform admin once, with a generated password printed once', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    await ensurePlatformAdmin(db, log)
    await ensurePlatformAdmin(db, log)
    const printed = write.mock.calls.map((c) => String(c[0])).join('')
    write.mockRestore()
    const password = /password "([A-Za-z0-9]+)"/.exec(printed)?.[1]
    expect(password).toBeDefined()
    expect(printed.match(/Platform admin created/g)).toHaveLength(1)
    const admins = await db.selectFrom('users').selectAll().where('username', '=', 'admin').execute()
    expect(admins).toHaveLength(1)
    expect(await verifyPassword(admins[0]!.password_hash, password!)).toBe(true)
  })

  it('refuses an ADMIN_PASSWORD that breaks the password rules', async () => {
    await expect(ensurePlatformAdmin(db, log, '123456')).rejects.toThrow(/password rules/)
    expect(await db.selectFrom('tenants').selectAll().execute()).toEqual([])
  })

  it('seeds the demo idempotently', async () => {
    await ensurePlatformAdmin(db, log, 'Admin123')
    const first = await seedDemo(db)
    await seedDemo(db)
    const users = await db.selectFrom('users').select(['username', 'role_id']).execute()
    expect(users).toHaveLength(first.length)
    expect(new Set(users.map((u) => u.role_id))).toEqual(new Set([1, 2, 3, 4, 5, 6]))
  })
})
