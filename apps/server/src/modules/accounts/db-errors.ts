/** A unique-index violation on SQLite (better-sqlite3) or PostgreSQL (pg). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return (
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === '23505'
  )
}

/** A foreign-key violation on either dialect. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503'
}
