import { RELEASES } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope.js'

/** What the browser needs to know of the server's settings before anyone signs in. */
export interface PublicConfig {
  /** tile server of the location picker and location messages ({z}/{x}/{y}) */
  mapTileUrl: string
}

/** /version.json: the release notes the client compares with its own version; the public settings. */
export function systemRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get(
    '/damai/public/config',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Settings the browser needs' } },
    async () => ok(config),
  )
  app.get('/version.json', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return RELEASES
  })
}
