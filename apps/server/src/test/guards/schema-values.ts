import type { JsonSchema, Operation, Param } from './surface.js'

/** Request values made from a route's JSON schema: valid samples, with chosen ids in the id-like slots. */

/** `id`, `ids`, `sessionId`, `labelIds`…: the fields that name rows. */
export const isIdName = (name: string): boolean => /^ids?$|Ids?$/.test(name)

export interface Slot {
  /** where it sits: `body.content.mediaId`, `query.ids`, `path.messageId` */
  where: string
  name: string
}

/** Chooses the ids for a slot; undefined leaves the slot to its plain sample. */
export type IdChooser = (slot: Slot) => number[] | undefined

/** Strings tried, in order, against a `pattern`. */
const PATTERN_SAMPLES = ['1', '1_1_1', 'https://example.com/a', '120363000000000001@g.us', 'abcdefgh']
/** A neutral text: twelve digits pass phone checks, nothing in it names another tenant's data. */
const TEXT = '123456789012'

const fits = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value)

function textOf(s: JsonSchema, blank: boolean): string | undefined {
  if (s.pattern) return PATTERN_SAMPLES.find((v) => fits(s.pattern as string, v))
  if (blank && !s.minLength) return ''
  const padded = TEXT.padEnd(s.minLength ?? 0, '9')
  return padded.slice(0, Math.max(1, s.maxLength ?? padded.length))
}

function numberOf(s: JsonSchema): number {
  const low = s.minimum === undefined ? 1 : s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum
  return s.maximum === undefined ? low : Math.min(low, s.maximum)
}

const alternatives = (s: JsonSchema): JsonSchema[] | undefined => s.oneOf ?? s.anyOf

/** The schemas of a value: alternatives of objects expanded (a message type, a material content); others take the first. */
function expand(s: JsonSchema): JsonSchema[] {
  const alts = alternatives(s)
  if (alts) {
    if (alts.every((a) => a.type === 'object')) return alts.flatMap(expand)
    return expand(alts[0] as JsonSchema)
  }
  if (s.type === 'array' && s.items) return expand(s.items).map((items) => ({ ...s, items }))
  if (s.type !== 'object' || !s.properties) return [s]
  let shapes: Record<string, JsonSchema>[] = [{}]
  for (const [name, prop] of Object.entries(s.properties)) {
    shapes = shapes.flatMap((shape) => expand(prop).map((p) => ({ ...shape, [name]: p })))
  }
  return shapes.map((properties) => ({ ...s, properties }))
}

/** The id slots of a concrete schema. */
export function idSlots(s: JsonSchema, where = 'body', name = ''): Slot[] {
  if (name && isIdName(name)) return [{ where, name }]
  if (s.type !== 'object' || !s.properties)
    return s.type === 'array' && s.items ? idSlots(s.items, where) : []
  return Object.entries(s.properties).flatMap(([n, p]) => idSlots(p, `${where}.${n}`, n))
}

/** One concrete body schema per distinct set of id slots (the first such variant). */
export function bodyShapes(body: JsonSchema | null): (JsonSchema | null)[] {
  if (!body) return [null]
  const seen = new Map<string, JsonSchema>()
  for (const shape of expand(body)) {
    const key = idSlots(shape)
      .map((s) => s.where)
      .join(',')
    if (!seen.has(key)) seen.set(key, shape)
  }
  return [...seen.values()]
}

/**
 * A valid sample of a concrete schema; id slots take the chooser's ids. `blank` leaves optional
 * texts empty (an empty proxy clears it, where a made-up one fails its format). Undefined: cannot be made.
 */
export function sampleOf(
  s: JsonSchema,
  choose: IdChooser,
  blank = false,
  where = 'body',
  name = '',
): unknown {
  if (name && isIdName(name)) {
    const ids = choose({ where, name })
    if (ids) return idValue(s, ids)
  }
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  const alts = alternatives(s)
  if (alts) return sampleOf(alts[0] as JsonSchema, choose, blank, where, name)
  switch (s.type) {
    case 'string':
      return textOf(s, blank)
    case 'integer':
    case 'number':
      return numberOf(s)
    case 'boolean':
      return true
    case 'array': {
      const item = s.items ? sampleOf(s.items, choose, blank, where) : TEXT
      return item === undefined ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item)
    }
    case 'object': {
      const out: Record<string, unknown> = {}
      // successive plain numbers rise by one, so a range (`from`, `to`) is not empty
      let nth = 0
      for (const [n, p] of Object.entries(s.properties ?? {})) {
        let v = sampleOf(p, choose, blank, `${where}.${n}`, n)
        const plain = (p.type === 'integer' || p.type === 'number') && !p.enum && !isIdName(n)
        if (plain && typeof v === 'number') v = Math.min(v + nth++, p.maximum ?? Number.POSITIVE_INFINITY)
        if (v !== undefined) out[n] = v
      }
      return out
    }
    default:
      return TEXT
  }
}

/** Ids in the slot's own form: an array, a comma list (`ids=1,2`), a string or a number. */
function idValue(s: JsonSchema, ids: number[]): unknown {
  const schema = alternatives(s)?.[0] ?? s
  if (schema.type === 'array') return ids.slice(0, schema.maxItems ?? ids.length)
  if (schema.type === 'string') return schema.pattern?.includes(',') ? ids.join(',') : String(ids[0])
  return ids[0]
}

export interface Request {
  path: Record<string, string>
  query: Record<string, string>
  body: unknown
}

/** A valid request of the operation for a concrete body schema. */
export function requestOf(op: Operation, body: JsonSchema | null, choose: IdChooser, blank = false): Request {
  const params = (where: Param['in']) => {
    const out: Record<string, string> = {}
    for (const p of op.params.filter((x) => x.in === where)) {
      const v = sampleOf(p.schema, choose, blank, `${where}.${p.name}`, p.name)
      if (v !== undefined && (p.required || isIdName(p.name))) out[p.name] = String(v)
    }
    return out
  }
  return {
    path: params('path'),
    query: params('query'),
    body: body ? sampleOf(body, choose, blank) : undefined,
  }
}

/** The id slots of an operation for one body shape: path, query and body. */
export function operationSlots(op: Operation, body: JsonSchema | null): Slot[] {
  const params = op.params
    .filter((p) => isIdName(p.name))
    .map((p) => ({ where: `${p.in}.${p.name}`, name: p.name }))
  return [...params, ...(body ? idSlots(body) : [])]
}
