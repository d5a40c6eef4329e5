import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.js'

/** Whether a request value (a parsed JSON body, the query, path parameters) holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v))
}

/**
 * Text holding a NUL character is refused as a bad request (400) before validation: PostgreSQL
 * cannot store it in a text column or take it as a query parameter, so it would end as a fault
 * (500) there, and no text of the product needs it. Runs after the auth hook, keeping the order
 * of answers 401 → 403 → 400.
 */
export function installTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      throw badRequest('invalid')
    }
  })
}
