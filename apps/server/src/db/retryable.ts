/**
 * The code of a database error that concurrency causes and that a second try of the same
 * transaction gets past: a deadlock (40P01) or a serialization failure (40001) on PostgreSQL, a
 * busy database (SQLITE_BUSY and its variants) on SQLite. Null for anything else.
 */
export function retryableCode(err: unknown): string | null {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined
  if (code === '40P01' || code === '40001') return code
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return code
  return null
}

/** The wait before try `attempt + 1` of a write that failed: doubling from `firstMs` up to `maxMs`, with jitter so two writers that collided do not collide again in step. */
export function backoffMs(attempt: number, firstMs = 50, maxMs = 5_000): number {
  const base = Math.min(maxMs, firstMs * 2 ** attempt)
  return Math.round(base * (0.5 + Math.random() * 0.5))
}
