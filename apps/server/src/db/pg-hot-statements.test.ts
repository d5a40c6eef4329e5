import { describe, expect, it } from 'vitest'
import { HotStatements } from './pg-hot-statements.js'

describe('the SQL texts run as named statements on PostgreSQL', () => {
  it('names a text from its third run on, always with the same name, and no two texts alike', () => {
    const hot = new HotStatements()
    const walk = 'select id from sessions where tenant_id = $1'
    const token = 'select * from auth_tokens where hash = $1'
    expect(hot.nameOf(walk)).toBeUndefined()
    expect(hot.nameOf(walk)).toBeUndefined()
    const name = hot.nameOf(walk)
    expect(name).toBeDefined()
    expect(hot.nameOf(walk)).toBe(name)
    for (let i = 0; i < 2; i++) expect(hot.nameOf(token)).toBeUndefined()
    const other = hot.nameOf(token)
    expect(other).toBeDefined()
    expect(other).not.toBe(name)
  })

  it('names a bounded number of texts; the others keep running unnamed', () => {
    const hot = new HotStatements()
    const names = new Set<string>()
    for (let t = 0; t < 400; t++)
      for (let run = 0; run < 3; run++) {
        const name = hot.nameOf(`select ${t} where x = $1`)
        if (name) names.add(name)
      }
    expect(names.size).toBe(300)
    expect(hot.nameOf('select 0 where x = $1')).toBeDefined()
    expect(hot.nameOf('select 399 where x = $1')).toBeUndefined()
  })
})
