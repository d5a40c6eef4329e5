import { describe, expect, it } from 'vitest'
import { importsPastFaces, moduleImports, productSources } from './faces.js'

const sources = productSources()

describe('module faces', () => {
  it('reads the whole server source, modules and the rest', () => {
    expect(sources.some((s) => s.path === 'app.ts')).toBe(true)
    expect(sources.some((s) => s.path.startsWith('http/'))).toBe(true)
    expect(sources.filter((s) => s.path.startsWith('modules/')).length).toBeGreaterThan(200)
  })

  it('nothing reaches past another module’s face (modules/<x>/index)', () => {
    expect(importsPastFaces(sources)).toEqual([])
  })

  it('finds a planted reach from a module, from http/ and from gateway/, and lets a face and a test through', () => {
    const planted = [
      {
        path: 'modules/billing/billing.service.ts',
        text: "import { PortsRepository } from '../ports/ports.repository.js'",
      },
      { path: 'http/auth.ts', text: "import { TokenService } from '../modules/auth/token.service.js'" },
      {
        path: 'gateway/runtime.ts',
        text: "export { type AccountsService } from '../modules/accounts/accounts.service.js'",
      },
      { path: 'modules/billing/billing.module.ts', text: "import { installPorts } from '../ports/index.js'" },
      {
        path: 'modules/billing/billing.routes.ts',
        text: "import { BillingService } from './billing.service.js'",
      },
    ]
    expect(importsPastFaces(planted)).toEqual([
      'modules/billing/billing.service.ts -> modules/ports/ports.repository.js',
      'http/auth.ts -> modules/auth/token.service.js',
      'gateway/runtime.ts -> modules/accounts/accounts.service.js',
    ])
  })

  it('modules never import each other both ways: a dependency runs one way, the other side gets an event or an interface', () => {
    const imports = moduleImports(sources)
    const both: string[] = []
    for (const [a, deps] of imports)
      for (const b of deps) if (a < b && imports.get(b)?.has(a)) both.push(`${a} <-> ${b}`)
    expect(both).toEqual([])
  })
})
