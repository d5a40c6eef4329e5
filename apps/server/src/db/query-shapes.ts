import { type Compilable, CompiledQuery } from 'kysely'
import type { Db } from './index.js'

/** Shapes remembered; beyond this the first remembered is let go (a few shapes per query in practice). */
const SHAPES_MAX = 200

/**
 * The SQL text of a hot query kept per shape, so that it is built and compiled once instead of on
 * every call (building and compiling a wide join costs about as much as running it on SQLite).
 * Every value of the query must be a bound parameter, in the order `params` gives: the first
 * compile of each shape checks that, and a query that does not compile to exactly those
 * parameters is built every time instead.
 */
export class QueryShapes {
  private readonly texts = new Map<string, string | null>()

  constructor(private readonly db: Db) {}

  async rows<R>(shape: string, params: readonly unknown[], build: () => Compilable<R>): Promise<R[]> {
    const text = this.texts.get(shape)
    if (text) return (await this.db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows
    const compiled = build().compile()
    if (text === undefined)
      this.remember(shape, sameValues(compiled.parameters, params) ? compiled.sql : null)
    return (await this.db.executeQuery(compiled)).rows
  }

  private remember(shape: string, text: string | null): void {
    if (this.texts.size >= SHAPES_MAX) this.texts.delete(this.texts.keys().next().value as string)
    this.texts.set(shape, text)
  }
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}
