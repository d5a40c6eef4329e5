import fs from 'node:fs'
import path from 'node:path'

export const srcDir = path.resolve(import.meta.dirname, '../..')

export interface Source {
  /** relative to apps/server/src, with '/' separators */
  path: string
  text: string
}

/** Test code (tests, their fixtures and the shared test helpers) may reach anywhere. */
const isTestCode = (p: string): boolean =>
  /\.test\.tsx?$/.test(p) || p.includes('.fixtures.') || p.startsWith('test/') || p.includes('/test/')

/** The server's product source, read from disk. */
export function productSources(dir = srcDir): Source[] {
  const out: Source[] = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.ts')) {
        const rel = path.relative(dir, p).split(path.sep).join('/')
        if (!isTestCode(rel)) out.push({ path: rel, text: fs.readFileSync(p, 'utf8') })
      }
    }
  }
  walk(dir)
  return out
}

const moduleOf = (p: string): string | null => (p.startsWith('modules/') ? p.split('/')[1] : null)

/**
 * Every import or re-export that reaches into another module past its face (`modules/<x>/index`):
 * from another module, or from the rest of the server (http/, gateway/, engines/, app.ts…).
 */
export function importsPastFaces(sources: Source[]): string[] {
  const found: string[] = []
  for (const s of sources) {
    for (const m of s.text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(s.path), m[1]))
      const into = moduleOf(target)
      if (!into || into === moduleOf(s.path)) continue
      const inside = target.slice(`modules/${into}/`.length)
      if (/^index(\.js|\.ts)?$/.test(inside)) continue
      found.push(`${s.path} -> ${target}`)
    }
  }
  return found
}

/** The module folders a module's product source imports. */
export function moduleImports(sources: Source[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const s of sources) {
    const from = moduleOf(s.path)
    if (!from) continue
    if (!out.has(from)) out.set(from, new Set())
    for (const m of s.text.matchAll(/from\s+['"]\.\.\/([A-Za-z-]+)\//g))
      if (m[1] !== from) out.get(from)?.add(m[1])
  }
  return out
}
