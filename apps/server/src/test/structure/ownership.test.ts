import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OWNERSHIP } from './ownership.js'

const modulesDir = path.resolve(import.meta.dirname, '../../modules')

interface Use {
  file: string
  table: string
  /** a statement of its own, or a join or subquery inside another module's statement (a read) */
  how: 'query' | 'read'
}

const QUERY = /\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto)\(\s*'([a-z_]+)/g
const JOIN = /\b(?:innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*'([a-z_]+)/g
// raw SQL inside sql`...` templates: "from x", "update x", "into x" are statements, "join x" a read
const RAW = /\bsql(?:<[^>]*>)?`([^`]*)`/g
const RAW_TABLE = /\b(from|join|update|into)\s+([a-z_]+)/gi

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(p)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('.fixtures.') ? [p] : []
  })
}

function usesOf(module: string): Use[] {
  const uses: Use[] = []
  for (const file of sourceFiles(path.join(modulesDir, module))) {
    const text = fs.readFileSync(file, 'utf8')
    const rel = path.relative(modulesDir, file)
    for (const m of text.matchAll(QUERY)) {
      // `eb.selectFrom(...)` or a destructured `selectFrom(...)` of an expression builder: a
      // subquery inside a statement, read-only like a join
      const before = text.slice(Math.max(0, (m.index ?? 0) - 20), m.index)
      const subquery = /\beb\s*\.\s*$/.test(before) || !/\.\s*$/.test(before)
      uses.push({ file: rel, table: m[1], how: subquery && m[0].startsWith('selectFrom') ? 'read' : 'query' })
    }
    for (const m of text.matchAll(JOIN)) uses.push({ file: rel, table: m[1], how: 'read' })
    for (const raw of text.matchAll(RAW))
      for (const m of raw[1].matchAll(RAW_TABLE))
        uses.push({ file: rel, table: m[2], how: m[1].toLowerCase() === 'join' ? 'read' : 'query' })
  }
  return uses
}

describe('each table has one owning module', () => {
  const modules = fs
    .readdirSync(modulesDir)
    .filter((d) => fs.statSync(path.join(modulesDir, d)).isDirectory())

  it('every table of the database has exactly one owner, and every module folder is listed', () => {
    const schema = fs.readFileSync(path.resolve(modulesDir, '../db/schema.ts'), 'utf8')
    const block = schema.slice(schema.indexOf('export interface Database'))
    const tables = [...block.slice(0, block.indexOf('\n}')).matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1])
    const owned = new Set(Object.values(OWNERSHIP).flatMap((o) => o.owns))
    expect(tables.length).toBeGreaterThan(20)
    expect(tables.filter((t) => !owned.has(t))).toEqual([])
    expect(modules.filter((m) => !(m in OWNERSHIP))).toEqual([])
    const owners = new Map<string, string>()
    for (const [module, o] of Object.entries(OWNERSHIP))
      for (const t of o.owns) {
        expect(owners.get(t), `${t} owned by ${owners.get(t)} and ${module}`).toBeUndefined()
        owners.set(t, module)
      }
  })

  it('no module queries a table it does not own, nor reads one (join, subquery) it has not declared', () => {
    const tables = new Set(Object.values(OWNERSHIP).flatMap((o) => o.owns))
    const breaches: string[] = []
    for (const module of modules) {
      const o = OWNERSHIP[module]
      if (!o) continue
      for (const u of usesOf(module)) {
        if (!tables.has(u.table) || o.owns.includes(u.table)) continue
        if (u.how === 'read' && o.reads?.includes(u.table)) continue
        if (o.writes?.[path.basename(u.file)]?.includes(u.table)) continue
        breaches.push(`${u.file}: ${u.how} ${u.table}`)
      }
    }
    expect([...new Set(breaches)].sort()).toEqual([])
  })
})
