import type { RecordStatusValue } from '@app/core'
import { type Expression, type SqlBool, sql } from 'kysely'

/**
 * The record status as a condition on a record table's own columns (ports and seats name them
 * alike): running, past its end, or ended early by a refund or a merge.
 */
export function statusIs(alias: string, status: RecordStatusValue, now: number): Expression<SqlBool> {
  const ended = sql.ref(`${alias}.ended_reason`)
  const expires = sql.ref(`${alias}.expires_at`)
  switch (status) {
    case 'active':
      return sql<SqlBool>`(${ended} is null and ${expires} > ${now})`
    case 'expired':
      return sql<SqlBool>`(${ended} is null and ${expires} <= ${now})`
    default:
      return sql<SqlBool>`(${ended} = ${status})`
  }
}

/** Running: not ended early and not past its end. */
export const running = (alias: string, now: number) => statusIs(alias, 'active', now)

/** Even shares of an amount in cents over `n` records; the first records take the remainder. */
export function shares(amount: number, n: number): number[] {
  const base = Math.floor(amount / n)
  const rest = amount - base * n
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0))
}
