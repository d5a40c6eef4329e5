/**
 * An inbound event without NUL characters in its text: WhatsApp may carry them, PostgreSQL cannot
 * store them in a text column, and a message it refused for good would be lost (and would hold up
 * every later event kept for replay). Bytes (media) are left as they are.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value
  if (Array.isArray(value)) return value.map(withoutNul) as T
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T
}
