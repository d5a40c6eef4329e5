import { describe, expect, it } from 'vitest'
import { isSystem, tenantStatements } from './tenant-scope.js'

describe('tenant scope of every statement', () => {
  const statements = tenantStatements()

  it('finds the statements on tenant tables across the modules', () => {
    expect(statements.length).toBeGreaterThan(150)
    expect(new Set(statements.map((s) => s.table))).toContain('sessions')
  })

  it('every select, update and delete on a tenant table filters by the tenant, or sits in a method named system…', () => {
    const unscoped = statements
      .filter((s) => !s.scoped && !isSystem(s))
      .map((s) => `${s.file}:${s.line} ${s.table} in ${s.within[0] ?? '(top level)'}`)
    expect(unscoped).toEqual([])
  })
})
