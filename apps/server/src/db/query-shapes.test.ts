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

  /** Whether a build got the call's own values rather than the stand-ins of a shape's first compile. */
  const own = (v: unknown) => typeof (Array.isArray(v) ? v[0] : v) === 'string'

  it('answers each call with its own values, however many calls share the shape', async () => {
    const shapes = new QueryShapes(db)
    const built = { all: 0, withOwnValues: 0 }
    const run = (accounts: string[]) =>
      shapes.rows('in', { accounts }, (v) => {
        built.all++
        if (own(v.accounts)) built.withOwnValues++
        return db
          .selectFrom('tenants')
          .select('account')
          .where('account', 'in', v.accounts)
          .orderBy('account')
      })
    expect(await run(['north', 'south'])).toEqual([{ account: 'north' }, { account: 'south' }])
    expect(await run(['east', 'south'])).toEqual([{ account: 'east' }, { account: 'south' }])
    expect(await run(['east', 'nowhere'])).toEqual([{ account: 'east' }])
    expect(await run(['south'])).toEqual([{ account: 'south' }])
    // one shape per length of the list, built once each, never with a call's own values
    expect(built).toEqual({ all: 2, withOwnValues: 0 })
  })

  it('binds a value used twice, and the values in the order the text needs them', async () => {
    const shapes = new QueryShapes(db)
    const run = (first: string, second: string) =>
      shapes.rows('two', { first, second }, (v) =>
        db
          .selectFrom('tenants')
          .select('account')
          // the second value is bound first in the text
          .where((eb) => eb.or([eb('account', '=', v.second), eb('account', '=', v.first)]))
          .where((eb) => eb.or([eb('account', '=', v.first), eb('account', '=', v.second)]))
          .orderBy('account'),
      )
    expect(await run('north', 'south')).toEqual([{ account: 'north' }, { account: 'south' }])
    expect(await run('east', 'nowhere')).toEqual([{ account: 'east' }])
  })

  it('builds a null value into the shape: the query may be built differently for it', async () => {
    const shapes = new QueryShapes(db)
    const run = (name: string | null) =>
      shapes.rows('maybe', { name }, (v) => {
        const q = db.selectFrom('tenants').select('account').orderBy('account')
        return v.name === null ? q.where('account', '=', 'south') : q.where('account', '=', v.name)
      })
    expect(await run('north')).toEqual([{ account: 'north' }])
    expect(await run(null)).toEqual([{ account: 'south' }])
    expect(await run('east')).toEqual([{ account: 'east' }])
  })

  it('builds every time a query with a value written into its text', async () => {
    const shapes = new QueryShapes(db)
    let withOwnValues = 0
    const run = (account: string) =>
      shapes.rows('literal', { account }, (v) => {
        if (own(v.account)) withOwnValues++
        return db.selectFrom('tenants').select('account').where('account', '=', sql.lit(v.account))
      })
    expect(await run('north')).toEqual([{ account: 'north' }])
    expect(await run('east')).toEqual([{ account: 'east' }])
    expect(withOwnValues).toBe(2)
  })

  it('builds every time a query binding something that is not one of its values', async () => {
    const shapes = new QueryShapes(db)
    // the account taken from outside the values: remembering the text would keep the first one
    const run = (account: string) =>
      shapes.rows('captured', { limit: 10 }, (v) =>
        db.selectFrom('tenants').select('account').where('account', '=', account).limit(v.limit),
      )
    expect(await run('north')).toEqual([{ account: 'north' }])
    expect(await run('east')).toEqual([{ account: 'east' }])
    expect(await run('south')).toEqual([{ account: 'south' }])
  })

  it('builds every time a query that leaves one of its values unbound', async () => {
    const shapes = new QueryShapes(db)
    const run = (account: string, unused: number) =>
      shapes.rows('unbound', { account, unused }, (v) =>
        db.selectFrom('tenants').select('account').where('account', '=', v.account),
      )
    expect(await run('north', 1)).toEqual([{ account: 'north' }])
    expect(await run('east', 2)).toEqual([{ account: 'east' }])
  })
})
