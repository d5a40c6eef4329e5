// State as JSON: plain objects, arrays, Maps, Sets, Buffers and numbers JSON cannot hold, with
// shared references kept (a message in its chat's list and in the id index is one object once
// read back). Functions and class instances are machinery (connected devices, timers, sessions),
// not state: they are left out.

export type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded }

const isBytes = (v: object): v is Uint8Array => v instanceof Uint8Array
const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/** Whether `encodeState` writes this value (everything else is left out). */
export function isData(v: unknown): boolean {
  if (v === null) return true
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      return true
    case 'object':
      return Array.isArray(v) || v instanceof Map || v instanceof Set || isBytes(v) || isPlain(v)
    default:
      return false
  }
}

function children(v: object): unknown[] {
  if (Array.isArray(v)) return v
  if (v instanceof Map) return [...v.keys(), ...v.values()]
  if (v instanceof Set) return [...v]
  if (isBytes(v)) return []
  return Object.values(v)
}

/** Counts how often each object is reached, so objects reached twice are written once. */
function countReferences(root: unknown): Map<object, number> {
  const counts = new Map<object, number>()
  const stack: unknown[] = [root]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || !isData(v)) continue
    const n = counts.get(v) ?? 0
    counts.set(v, n + 1)
    if (n === 0) for (const c of children(v)) stack.push(c)
  }
  return counts
}

/** Encodes a tree of state as JSON-ready values; see `decodeState`. */
export function encodeState(root: unknown): Encoded {
  const counts = countReferences(root)
  const ids = new Map<object, number>()

  const encode = (v: unknown): Encoded | undefined => {
    if (!isData(v)) return undefined
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
    if (typeof v === 'number') return Number.isFinite(v) ? v : { $num: String(v) }
    if (typeof v === 'bigint') return { $bigint: v.toString() }
    const o = v as object
    const seen = ids.get(o)
    if (seen !== undefined) return { $ref: seen }
    if ((counts.get(o) ?? 0) < 2) return body(o)
    const id = ids.size
    ids.set(o, id)
    return { $id: id, $def: body(o) }
  }

  const list = (items: Iterable<unknown>): Encoded[] => [...items].map((x) => encode(x) ?? null)

  const body = (o: object): Encoded => {
    if (Array.isArray(o)) return list(o)
    if (o instanceof Map) {
      const entries: Encoded[] = []
      for (const [k, x] of o) if (isData(k) && isData(x)) entries.push([encode(k) ?? null, encode(x) ?? null])
      return { $map: entries }
    }
    if (o instanceof Set) return { $set: list([...o].filter(isData)) }
    if (isBytes(o)) return { $bytes: Buffer.from(o.buffer, o.byteOffset, o.byteLength).toString('base64') }
    const out: { [key: string]: Encoded } = {}
    const keys = Object.keys(o)
    // a key of ours would be read as a tag: such an object is written as its entries
    if (keys.some((k) => k.startsWith('$'))) {
      const entries: Encoded[] = []
      for (const k of keys) {
        const x = encode((o as Record<string, unknown>)[k])
        if (x !== undefined) entries.push([k, x])
      }
      return { $entries: entries }
    }
    for (const k of keys) {
      const x = encode((o as Record<string, unknown>)[k])
      if (x !== undefined) out[k] = x
    }
    return out
  }

  return encode(root) ?? null
}

const setKey = (o: Record<string, unknown>, k: string, v: unknown) => {
  // a stored key never changes an object's prototype
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true })
  else o[k] = v
}

/** Reads back what `encodeState` wrote. Throws on anything it did not write. */
export function decodeState(root: unknown): unknown {
  const defined = new Map<number, unknown>()

  const decode = (v: unknown, register?: (x: unknown) => void): unknown => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v
    if (typeof v !== 'object') throw new Error(`unexpected ${typeof v} in stored state`)
    if (Array.isArray(v)) {
      const out: unknown[] = []
      register?.(out)
      for (const x of v) out.push(decode(x))
      return out
    }
    const o = v as Record<string, unknown>
    if ('$ref' in o) {
      if (!defined.has(o.$ref as number)) throw new Error(`unknown reference ${String(o.$ref)}`)
      return defined.get(o.$ref as number)
    }
    if ('$def' in o) {
      if (typeof o.$id !== 'number') throw new Error('a shared value without its id')
      const id = o.$id
      return decode(o.$def, (x) => defined.set(id, x))
    }
    if ('$num' in o) return Number(o.$num)
    if ('$bigint' in o) return BigInt(String(o.$bigint))
    if ('$bytes' in o) {
      const b = Buffer.from(String(o.$bytes), 'base64')
      register?.(b)
      return b
    }
    if ('$map' in o) {
      const m = new Map<unknown, unknown>()
      register?.(m)
      for (const e of pairs(o.$map)) m.set(decode(e[0]), decode(e[1]))
      return m
    }
    if ('$set' in o) {
      const s = new Set<unknown>()
      register?.(s)
      for (const x of asArray(o.$set)) s.add(decode(x))
      return s
    }
    const out: Record<string, unknown> = {}
    register?.(out)
    if ('$entries' in o) {
      for (const e of pairs(o.$entries)) setKey(out, String(e[0]), decode(e[1]))
      return out
    }
    for (const [k, x] of Object.entries(o)) {
      if (k.startsWith('$')) throw new Error(`unknown tag ${k} in stored state`)
      setKey(out, k, decode(x))
    }
    return out
  }

  return decode(root)
}

function asArray(v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new Error('expected a list in stored state')
  return v
}

function pairs(v: unknown): [unknown, unknown][] {
  return asArray(v).map((e) => {
    if (!Array.isArray(e) || e.length !== 2) throw new Error('expected a pair in stored state')
    return [e[0], e[1]]
  })
}
