import { RELEASES } from '@app/core'
import type { FastifyInstance } from 'fastify'

/** /version.json: the release notes the client compares with its own version. */
export function systemRoutes(app: FastifyInstance): void {
  app.get('/version.json', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return RELEASES
  })
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ ok: true }))
}
