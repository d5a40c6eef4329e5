import { multipartBody } from '../../modules/materials/materials.fixtures.js'
import type { JsonSchema } from './surface.js'

/** Malformed requests made from a route's schema: whole bodies, and each field spoiled in turn. */

export interface RawCase {
  what: string
  /** the raw payload; undefined sends none */
  payload?: string | Buffer
  contentType?: string
}

const MB = 'x'.repeat(1024 * 1024)
/** quotes and LIKE wildcards; a NUL apart, since it is refused before any of these is read */
const QUOTES = `%_'"\\`
const NUL = 'a\u0000b'
/** bodies under the 1 MB limit that nest far past any depth a walk of the value could recurse through */
const DEEP_OBJECTS = `${'{"a":'.repeat(80_000)}1${'}'.repeat(80_000)}`
const DEEP_ARRAYS = `${'['.repeat(100_000)}${']'.repeat(100_000)}`

/** Whole bodies that are not the object the route reads. */
export function bodyCases(valid: unknown): RawCase[] {
  const json = 'application/json'
  const text = JSON.stringify(valid ?? {})
  const prefixed = (key: string) => (text === '{}' ? `{${key}}` : `{${key},${text.slice(1)}`)
  return [
    { what: 'no body' },
    { what: 'empty body', payload: '', contentType: json },
    { what: 'invalid JSON', payload: '{"a":', contentType: json },
    { what: 'JSON null', payload: 'null', contentType: json },
    { what: 'JSON text', payload: '"text"', contentType: json },
    { what: 'JSON number', payload: '-1e309', contentType: json },
    { what: 'JSON array', payload: '[]', contentType: json },
    { what: 'array of the body', payload: `[${text}]`, contentType: json },
    {
      what: '__proto__ key',
      payload: prefixed('"__proto__":{"polluted":1,"tenantId":1}'),
      contentType: json,
    },
    {
      what: 'constructor key',
      payload: prefixed('"constructor":{"prototype":{"polluted":1}}'),
      contentType: json,
    },
    { what: 'JSON as text/plain', payload: text, contentType: 'text/plain' },
    { what: '1 MB string body', payload: JSON.stringify(MB), contentType: json },
    { what: 'objects nested 80,000 deep', payload: DEEP_OBJECTS, contentType: json },
    { what: 'arrays nested 100,000 deep', payload: DEEP_ARRAYS, contentType: json },
  ]
}

/** Values that break a field of this schema: wrong types, extremes, odd text. */
export function fieldValues(s: JsonSchema): unknown[] {
  const common: unknown[] = [null, [], {}, { a: 1 }, true]
  const type = s.type ?? s.oneOf?.[0]?.type ?? s.anyOf?.[0]?.type
  switch (type) {
    case 'string':
      return [...common, 123, -1, '', ' ', QUOTES, NUL, 'NaN', MB, 'x'.repeat((s.maxLength ?? 100) + 1)]
    case 'integer':
    case 'number':
      return [
        ...common,
        'x',
        '1',
        'NaN',
        'Infinity',
        '1e999',
        QUOTES,
        -1,
        0,
        1.5,
        -(2 ** 63),
        2 ** 53 + 2,
        1e308,
        -1e308,
        s.maximum ?? 2 ** 31,
        s.minimum ?? -(2 ** 31),
      ]
    case 'boolean':
      return [...common, 'true', 1, 0, 'NaN']
    case 'array':
      return [
        ...common.filter((v) => !Array.isArray(v)),
        'x',
        1,
        [null],
        [{}],
        ['x'],
        [-1],
        [1e308],
        [QUOTES],
        [NUL],
        Array.from({ length: 10_001 }, (_, i) => i + 1),
      ]
    default:
      return [...common.filter((v) => v !== null && typeof v !== 'object'), 'x', 1, QUOTES]
  }
}

export interface FieldCase {
  what: string
  body: unknown
}

/** The valid body with one field spoiled, or missing, for every field (nested objects too). */
export function fieldCases(schema: JsonSchema, valid: unknown, path: string[] = []): FieldCase[] {
  if (schema.type !== 'object' || !schema.properties || !isObject(valid)) return []
  const out: FieldCase[] = []
  for (const [name, prop] of Object.entries(schema.properties)) {
    const at = [...path, name]
    const where = at.join('.')
    const { [name]: inner, ...rest } = valid
    out.push({ what: `${where} missing`, body: rest })
    for (const v of fieldValues(prop))
      out.push({ what: `${where}=${label(v)}`, body: { ...valid, [name]: v } })
    for (const c of fieldCases(prop, inner, at))
      out.push({ what: c.what, body: { ...valid, [name]: c.body } })
  }
  return out
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

function label(v: unknown): string {
  const text = JSON.stringify(v)
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} chars)` : text
}

/** Query strings that break a parameter: odd text, numbers out of range, the parameter twice. */
export function queryValues(): (string | string[])[] {
  return [
    '',
    ' ',
    'NaN',
    '-1',
    '0',
    '1.5',
    '1e999',
    '99999999999999999999',
    QUOTES,
    NUL,
    'x'.repeat(8_000),
    ['1', '2'],
  ]
}

/** Multipart bodies that are not a well-formed form. */
export function multipartCases(): RawCase[] {
  const good = multipartBody({ type: 'file', chatType: '11', sessionId: '1' }, [
    { name: 'a.txt', data: Buffer.from('some text') },
  ])
  const boundary = good.contentType.split('boundary=')[1] as string
  const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']))
  const files = Array.from({ length: 40 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }))
  return [
    { what: 'multipart without a boundary', payload: 'garbage', contentType: 'multipart/form-data' },
    {
      what: 'boundary not in the body',
      payload: 'garbage',
      contentType: 'multipart/form-data; boundary=zzz',
    },
    {
      what: 'multipart cut short',
      payload: good.body.subarray(0, good.body.length - 30),
      contentType: good.contentType,
    },
    {
      what: 'multipart with no closing line',
      payload: good.body.subarray(0, good.body.indexOf(`--${boundary}--`)),
      contentType: good.contentType,
    },
    { what: 'empty multipart', payload: '', contentType: good.contentType },
    { what: 'too many fields', ...asCase(multipartBody(fields)) },
    { what: 'too many files', ...asCase(multipartBody({}, files)) },
  ]
}

const asCase = (m: { body: Buffer; contentType: string }) => ({ payload: m.body, contentType: m.contentType })
