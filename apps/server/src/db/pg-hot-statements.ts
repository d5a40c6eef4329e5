import type pg from 'pg'

/** Runs of one SQL text after which it is a named prepared statement. */
const HOT_AFTER = 3
/** Texts named at most: each connection keeps a plan per name it has run. */
const NAMED_MAX = 300
/** Texts counted at most before counting starts over (most run once or twice: lists of every length). */
const COUNTED_MAX = 10_000

/**
 * Which SQL texts run often enough to be named: a named statement is parsed and planned once per
 * connection instead of on every call, and planning a join costs PostgreSQL more than running it
 * for a page of rows (the desk list's walk: 1.5 ms to plan, 0.4 ms to run).
 */
export class HotStatements {
  private readonly counts = new Map<string, number>()
  private readonly names = new Map<string, string>()

  /** The name to run this text under, once it is hot; undefined before, or when too many are named. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text)
    if (named !== undefined || this.names.size >= NAMED_MAX) return named
    const runs = (this.counts.get(text) ?? 0) + 1
    if (runs < HOT_AFTER) {
      if (this.counts.size >= COUNTED_MAX) this.counts.clear()
      this.counts.set(text, runs)
      return undefined
    }
    this.counts.delete(text)
    const name = `hot_${this.names.size + 1}`
    this.names.set(text, name)
    return name
  }
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown

/** Every connection of the pool runs the hot texts with parameters as named statements. */
export function runHotStatementsNamed(pool: pg.Pool, hot = new HotStatements()): void {
  pool.on('connect', (client) => {
    const target = client as unknown as { query: Query }
    const query = target.query.bind(client)
    target.query = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values)) {
        const name = hot.nameOf(config)
        if (name !== undefined) return query({ name, text: config, values }, callback)
      }
      return query(config, values, callback)
    }
  })
}
