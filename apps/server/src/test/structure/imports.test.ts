import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const modulesDir = path.resolve(import.meta.dirname, '../../modules')

/** The module folders each module's source imports (tests and fixtures aside). */
function importsOf(module: string): Set<string> {
  const dir = path.join(modulesDir, module)
  const found = new Set<string>()
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts') || f.includes('.fixtures.')) continue
    const text = fs.readFileSync(path.join(dir, f), 'utf8')
    for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) if (m[1] !== module) found.add(m[1])
  }
  return found
}

describe('module folders', () => {
  it('never import each other both ways: a dependency runs one way, the other side gets an interface', () => {
    const modules = fs
      .readdirSync(modulesDir)
      .filter((d) => fs.statSync(path.join(modulesDir, d)).isDirectory())
    const imports = new Map(modules.map((m) => [m, importsOf(m)]))
    const both: string[] = []
    for (const [a, deps] of imports)
      for (const b of deps) if (a < b && imports.get(b)?.has(a)) both.push(`${a} <-> ${b}`)
    expect(both).toEqual([])
  })
})
