import { type Compilable, CompiledQuery } from 'kysely'
import type { Db } from './index.js'

/** Shapes remembered; beyond this the first remembered is let go (a few shapes per query in practice). */
const SHAPES_MAX = 200

type Scalar = string | number | bigint
/**
 * The values of one call, by name. A value is bound as a parameter; a list is bound element by
 * element (an `in` list); null and undefined are part of the shape, so the query may be built
 * differently for them.
 */
export type ShapeValues = Record<string, Scalar | readonly Scalar[] | null | undefined>

/** Where a compiled query's parameter comes from: a value's name, and the element of a list (or -1). */
type Source = readonly [name: string, index: number]

/** Stands for one value while a shape is compiled, so the parameters can be traced to the values. */
class StandIn {
  constructor(readonly source: Source) {}
}

interface Shape {
  sql: string
  sources: Source[]
}

/**
 * The SQL text of a hot query kept per shape, so that it is built and compiled once instead of on
 * every call (building and compiling a wide join costs about as much as running it on SQLite).
 *
 * The query is built from `values` alone, and may branch only on what makes its shape: the shape's
 * name, which values are null or undefined, and the lengths of the lists (the last two are added to
 * the name here). The first call of a shape builds it with stand-ins for the values and traces each
 * parameter of the compiled query to the value it came from; a later call binds its own values in
 * that order. A shape whose parameters are not all values (a constant bound rather than written as
 * a literal, a value captured from outside), or that leaves a value unbound (written into the
 * text), is built every time instead.
 */
export class QueryShapes {
  private readonly shapes = new Map<string, Shape | null>()

  constructor(private readonly db: Db) {}

  /** `shape` null: a query not worth remembering (built every time from the values). */
  async rows<V extends ShapeValues, R>(
    shape: string | null,
    values: V,
    build: (values: V) => Compilable<R>,
  ): Promise<R[]> {
    if (shape === null) return (await this.db.executeQuery(build(values))).rows
    const key = `${shape}|${keyOf(values)}`
    let known = this.shapes.get(key)
    if (known === undefined) {
      known = trace(values, () => build(standIns(values) as V).compile())
      if (this.shapes.size >= SHAPES_MAX) this.shapes.delete(this.shapes.keys().next().value as string)
      this.shapes.set(key, known)
    }
    if (known === null) return (await this.db.executeQuery(build(values))).rows
    const params = known.sources.map(([name, i]) => {
      const v = values[name]
      return i < 0 ? v : (v as readonly Scalar[])[i]
    })
    return (await this.db.executeQuery<R>(CompiledQuery.raw(known.sql, params))).rows
  }
}

function keyOf(values: ShapeValues): string {
  let key = ''
  for (const name in values) {
    const v = values[name]
    key += Array.isArray(v) ? `[${v.length}]` : v === null ? 'n' : v === undefined ? 'u' : '.'
  }
  return key
}

function standIns(values: ShapeValues): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name in values) {
    const v = values[name]
    out[name] = Array.isArray(v)
      ? v.map((_, i) => new StandIn([name, i]))
      : v === null || v === undefined
        ? v
        : new StandIn([name, -1])
  }
  return out
}

/**
 * The shape of a query compiled from stand-ins, or null when its parameters are not exactly the
 * values: each parameter a value, each value a parameter.
 */
function trace(
  values: ShapeValues,
  compile: () => { sql: string; parameters: readonly unknown[] },
): Shape | null {
  let compiled: { sql: string; parameters: readonly unknown[] }
  try {
    compiled = compile()
  } catch {
    // a stand-in where the query wanted a real value (a literal, an identifier)
    return null
  }
  const sources: Source[] = []
  const bound = new Set<StandIn>()
  for (const p of compiled.parameters) {
    if (!(p instanceof StandIn)) return null
    sources.push(p.source)
    bound.add(p)
  }
  let expected = 0
  for (const name in values) {
    const v = values[name]
    expected += Array.isArray(v) ? v.length : v === null || v === undefined ? 0 : 1
  }
  return bound.size === expected ? { sql: compiled.sql, sources } : null
}
