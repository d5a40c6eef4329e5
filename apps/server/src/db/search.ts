import { type RawBuilder, sql } from 'kysely'

/** `column` contains `text`, case-insensitively, with LIKE wildcards in `text` taken literally (both dialects). */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}
