import { ErrorCode, JSON_DEPTH_MAX } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { AppError } from './errors.js'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/**
 * Whether JSON text opens more than `max` objects or arrays inside one another. One pass over
 * the characters with a counter, no recursion and no parse: brackets inside strings are skipped
 * the way JSON reads strings, so for valid JSON the count is exact; invalid JSON is left to the
 * parser to refuse.
 */
export function jsonTextTooDeep(text: string, max: number = JSON_DEPTH_MAX): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) inString = true
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
  }
  return false
}

/**
 * Whether a decoded value nests objects and arrays more than `max` deep, walked with a list
 * instead of recursion so a hostile value cannot exhaust the stack. Binary data counts as a leaf.
 */
export function valueTooDeep(value: unknown, max: number = JSON_DEPTH_MAX): boolean {
  const pending: [unknown, number][] = [[value, 0]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [v, depth] = next
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue
    if (depth >= max) return true
    for (const child of Object.values(v)) pending.push([child, depth + 1])
  }
  return false
}

const jsonTooDeep = () =>
  new AppError(ErrorCode.badRequest, { messageCode: ErrorCode.jsonTooDeep, params: { max: JSON_DEPTH_MAX } })

/**
 * JSON bodies nested past JSON_DEPTH_MAX are refused as a bad request while the body is parsed,
 * before any hook, validator or handler walks them: a few hundred kilobytes of brackets would
 * otherwise exhaust the stack of whatever walks the value first and end as a fault (500). The
 * rest is Fastify's own JSON parser, with its defaults (empty body, `__proto__` keys). Installed
 * before any plugin, since a plugin's context keeps the parsers it was created with.
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  )
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (jsonTextTooDeep(text)) return done(jsonTooDeep(), undefined)
    parse(request, text, done)
  })
}
