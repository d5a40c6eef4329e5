import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'

/** The tenant-owned tables as the database lists them: their ids, row snapshots and which slots name them. */

export interface TableInfo {
  name: string
  hasId: boolean
  /** has a tenant_id column */
  scoped: boolean
}

/** Every table of the schema (the migrator's own left out). */
export async function tablesOf(db: Db): Promise<TableInfo[]> {
  const tables = await db.introspection.getTables()
  return tables
    .filter((t) => !t.isView)
    .map((t) => ({
      name: t.name,
      hasId: t.columns.some((c) => c.name === 'id'),
      scoped: t.columns.some((c) => c.name === 'tenant_id'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Ids of table k start at (k+1) * ID_BAND, so an id tells its table (no test makes this many rows). */
const ID_BAND = 100_000

/**
 * Moves every table's id sequence to a band of its own: an id seen in an answer then names one
 * row of one table, and a row of the first tenant cannot be mistaken for a row of the second.
 */
export async function spreadIds(db: Db, tables: TableInfo[]): Promise<void> {
  const postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  const withId = tables.filter((t) => t.hasId)
  for (const [k, t] of withId.entries()) {
    const start = (k + 1) * ID_BAND
    if (postgres) {
      await sql`select setval(pg_get_serial_sequence(${t.name}, 'id'), ${start})`.execute(db)
      continue
    }
    const r = await sql`update sqlite_sequence set seq = ${start} where name = ${t.name}`.execute(db)
    if (!r.numAffectedRows)
      await sql`insert into sqlite_sequence (name, seq) values (${t.name}, ${start})`.execute(db)
  }
}

/** The ids of a tenant's rows, per table (the tenant's own row under `tenants`). */
export async function tenantIds(
  db: Db,
  tables: TableInfo[],
  tenantId: number,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>([['tenants', [tenantId]]])
  for (const t of tables.filter((x) => x.scoped && x.hasId)) {
    const rows = await sql<{
      id: number
    }>`select id from ${sql.table(t.name)} where tenant_id = ${tenantId} order by id`.execute(db)
    if (rows.rows.length)
      out.set(
        t.name,
        rows.rows.map((r) => Number(r.id)),
      )
  }
  return out
}

/** Every row of the tenant in every tenant-owned table (and its own row), as sorted JSON lines per table. */
export async function snapshotTenant(
  db: Db,
  tables: TableInfo[],
  tenantId: number,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  const own = await sql`select * from tenants where id = ${tenantId}`.execute(db)
  out.tenants = own.rows.map((r) => JSON.stringify(r))
  for (const t of tables.filter((x) => x.scoped)) {
    const rows = await sql`select * from ${sql.table(t.name)} where tenant_id = ${tenantId}`.execute(db)
    out[t.name] = rows.rows.map((r) => JSON.stringify(r)).sort()
  }
  return out
}

const wordOf = (s: string) => s.replace(/[_-]/g, '').toLowerCase().replace(/s$/, '')

/**
 * The tables a field or path segment names, closest first: `sessionId` → sessions,
 * `quotedMessageId` → messages, `groupId` → account_groups and material_groups.
 */
export function tablesNamed(name: string, tables: TableInfo[]): string[] {
  const base = wordOf(name.replace(/Ids?$/, ''))
  if (!base || base === 'id') return []
  const ranked = tables
    .filter((t) => t.hasId)
    .map((t) => {
      const w = wordOf(t.name)
      const rank = w === base ? 0 : w.endsWith(base) || base.endsWith(w) ? 1 : w.startsWith(base) ? 2 : 3
      return { name: t.name, rank }
    })
    .filter((x) => x.rank < 3)
  return ranked.sort((a, b) => a.rank - b.rank).map((x) => x.name)
}

/** The tables a route's path names, read from its last segment back: `/damai/customer/material/get` → materials. */
export function tablesOfPath(url: string, tables: TableInfo[]): string[] {
  const segments = url
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .reverse()
  for (const s of segments) {
    const named = tablesNamed(s, tables)
    if (named.length) return named
  }
  return []
}

/** The tables an id slot names: by its own name, or (`id`, `ids`) by the route's path. */
export function slotTables(url: string, slot: string, tables: TableInfo[]): string[] {
  return /^ids?$/.test(slot) ? tablesOfPath(url, tables) : tablesNamed(slot, tables)
}

/** A tenant's first row of the tables an id slot names; undefined when it has none. */
export function ownIdOf(
  url: string,
  slot: string,
  tables: TableInfo[],
  ids: Map<string, number[]>,
): number[] | undefined {
  const id = slotTables(url, slot, tables)
    .map((t) => ids.get(t)?.[0])
    .find((x) => x !== undefined)
  return id === undefined ? undefined : [id]
}
