import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, insertTenants } from '../test/harness.js'
import type { Db } from './index.js'

describe('rows as the database returns them', () => {
  let db: Db
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ db, drop } = await createTestDb())
    await insertTenants(db, ['north', 'south'])
  })
  afterAll(() => drop())

  it('have one property per column, named by its alias, with its value and type', async () => {
    const rows = await sql<Record<string, unknown>>`
      select account as "name", 1 as one, null as empty, 'x' as "with space", 2.5 as half
      from tenants where account in ('north', 'south') order by account`.execute(db)
    expect(rows.rows).toEqual([
      { name: 'north', one: 1, empty: null, 'with space': 'x', half: 2.5 },
      { name: 'south', one: 1, empty: null, 'with space': 'x', half: 2.5 },
    ])
    // the same statement again (prepared once) answers the same
    const again = await sql<Record<string, unknown>>`
      select account as "name", 1 as one, null as empty, 'x' as "with space", 2.5 as half
      from tenants where account in ('north', 'south') order by account`.execute(db)
    expect(again.rows).toEqual(rows.rows)
  })

  it('answer each run of a statement run many times with its own values', async () => {
    for (const account of ['north', 'south', 'north', 'south', 'north', 'south', 'north']) {
      const row = await db
        .selectFrom('tenants')
        .select(['account', 'name'])
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ account, name: account })
    }
  })

  it('keep the later of two columns of one name', async () => {
    const { rows } = await sql<{ v: number }>`select 1 as v, 2 as v`.execute(db)
    expect(rows).toEqual([{ v: 2 }])
  })

  it('are plain objects, even with a column named __proto__', async () => {
    const { rows } = await sql<Record<string, unknown>>`select 'x' as "__proto__", 1 as one`.execute(db)
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype)
    expect(rows[0]?.one).toBe(1)
  })

  it('come back from a write that returns them, and not from one that does not', async () => {
    const now = Date.now()
    const inserted = await db
      .insertInto('tenants')
      .values({ name: 'west', account: 'west', created_at: now, updated_at: now })
      .returning(['id', 'account'])
      .executeTakeFirstOrThrow()
    expect(inserted).toEqual({ id: expect.any(Number), account: 'west' })
    const updated = await db
      .updateTable('tenants')
      .set({ name: 'West' })
      .where('id', '=', inserted.id)
      .execute()
    expect(Number(updated[0]?.numUpdatedRows)).toBe(1)
  })
})
