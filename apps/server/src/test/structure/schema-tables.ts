import type { Source } from './faces.js'

/** The interfaces declared in the sources, by name: their body text and the interfaces they extend. */
function interfaces(sources: Source[]): Map<string, { body: string; extends: string[] }> {
  const out = new Map<string, { body: string; extends: string[] }>()
  for (const s of sources)
    for (const m of s.text.matchAll(/export interface (\w+)(?: extends ([\w\s,]+))? \{([\s\S]*?)\n\}/g))
      out.set(m[1], {
        body: m[3],
        extends: (m[2] ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      })
  return out
}

/**
 * Every table of the Kysely `Database` interface, with whether its rows carry `tenant_id`: its own
 * members and those of the interfaces it extends (tables declared beside the code that uses them,
 * such as the gateway's auth store).
 */
export function schemaTables(sources: Source[]): Map<string, { tenant: boolean }> {
  const all = interfaces(sources)
  const tables = new Map<string, { tenant: boolean }>()
  const walk = (name: string) => {
    const i = all.get(name)
    if (!i) return
    for (const parent of i.extends) walk(parent)
    // a member per line: `name: RowInterface` or `name: { …inline row… }`
    for (const m of i.body.matchAll(/^ {2}([a-z_]+): (\w+|\{[^}]*\})/gm)) {
      const row = m[2].startsWith('{') ? m[2] : (all.get(m[2])?.body ?? '')
      tables.set(m[1], { tenant: /(^|[\s{;])tenant_id\??:/m.test(row) })
    }
  }
  walk('Database')
  return tables
}

/** Tables whose rows carry `tenant_id`. */
export const tenantTablesOf = (sources: Source[]): Set<string> =>
  new Set([...schemaTables(sources)].filter(([, t]) => t.tenant).map(([name]) => name))
