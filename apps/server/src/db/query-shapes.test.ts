import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, insertTenants } from '../test/harness.js'
import type { Db } from './index.js'
import { QueryShapes } from './query-shapes.js'

describe('a query compiled once per shape', () => {
  let db: Db
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ db, drop } = await createTestDb())
    await insertTenants(db, ['north', 'south', 'east'])
  })
  afterAll(() => drop())

  const byAccounts = (accounts: string[]) =>
    db.selectFrom('tenants').select('account').where('account', 'in', accounts).orderBy('account')

  it('answers each call with its own parameters, however many calls share the shape', async () => {
    const shapes = new QueryShapes(db)
    let built = 0
    const run = (accounts: string[]) =>
      shapes.rows(`in:${accounts.length}`, accounts, () => {
        built++
        return byAccounts(accounts)
      })
    expect(await run(['north', 'south'])).toEqual([{ account: 'north' }, { account: 'south' }])
    expect(await run(['east', 'south'])).toEqual([{ account: 'east' }, { account: 'south' }])
    expect(await run(['east', 'nowhere'])).toEqual([{ account: 'east' }])
    expect(await run(['south'])).toEqual([{ account: 'south' }])
    // built once per number of values
    expect(built).toBe(2)
  })

  it('builds every time a query whose values are not exactly the parameters given', async () => {
    const shapes = new QueryShapes(db)
    let built = 0
    // the account is written into the SQL text, not bound: one text per value
    const run = (account: string) =>
      shapes.rows('literal', [account], () => {
        built++
        return db.selectFrom('tenants').select('account').where('account', '=', sql.lit(account))
      })
    expect(await run('north')).toEqual([{ account: 'north' }])
    expect(await run('east')).toEqual([{ account: 'east' }])
    expect(built).toBe(2)
  })
})
