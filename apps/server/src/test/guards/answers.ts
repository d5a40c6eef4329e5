import type { LightMyRequestResponse } from 'fastify'
import { isIdName } from './schema-values.js'

/** What an answer shows of a tenant: its marker strings, and ids of its rows under id-like keys. */

export interface Shown {
  markers: string[]
  ids: number[]
}

/** The ids under `id`, `tenantId`, `sessionIds`… anywhere in a JSON value. */
function idsIn(value: unknown, key = '', out: number[] = []): number[] {
  if (Array.isArray(value)) {
    for (const v of value) idsIn(v, key, out)
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) idsIn(v, k, out)
  } else if (key && isIdName(key)) {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
    if (typeof n === 'number') out.push(n)
  }
  return out
}

/** What of the tenant (its markers, its row ids) the answer shows; empty lists when nothing. */
export function shownOf(res: LightMyRequestResponse, markers: string[], rowIds: Set<number>): Shown {
  const text = res.rawPayload.toString('latin1').toLowerCase()
  const found = markers.filter((m) => text.includes(m))
  let ids: number[] = []
  if (res.headers['content-type']?.toString().includes('json')) {
    ids = idsIn(JSON.parse(res.body) as unknown).filter((id) => rowIds.has(id))
  }
  return { markers: found, ids: [...new Set(ids)] }
}

/** A JSON column's value; null for plain text. */
function jsonOf(text: string): unknown {
  if (!/^[[{]/.test(text)) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/**
 * What of a tenant the rows of another tenant hold: its markers anywhere, its row ids in number
 * columns (other than the row's own id) and under id-like keys of JSON columns.
 */
export function tracesIn(rows: Record<string, string[]>, markers: string[], rowIds: Set<number>): string[] {
  const out: string[] = []
  for (const [table, lines] of Object.entries(rows)) {
    for (const line of lines) {
      const row = JSON.parse(line) as Record<string, unknown>
      const found: unknown[] = markers.filter((m) => line.toLowerCase().includes(m))
      for (const [column, value] of Object.entries(row)) {
        if (column !== 'id' && typeof value === 'number' && rowIds.has(value))
          found.push(`${column}=${value}`)
        const ids = typeof value === 'string' ? idsIn(jsonOf(value)).filter((id) => rowIds.has(id)) : []
        found.push(...ids.map((id) => `${column} holds ${id}`))
      }
      if (found.length) out.push(`${table} ${String(row.id ?? '')}: ${found.join(', ')}`)
    }
  }
  return out
}
