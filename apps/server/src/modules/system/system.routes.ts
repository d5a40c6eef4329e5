import { systemEndpoints as api, type PublicConfig, RELEASES } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'

export type { PublicConfig }

/** /version.json: the release notes the client compares with its own version; the public settings. */
export function systemRoutes(app: FastifyInstance, config: PublicConfig): void {
  route(app, api.config, async () => ok(config))
  app.get('/version.json', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return RELEASES
  })
}
