import { acquisitionEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AcquisitionService } from './acquisition.service.js'

export function acquisitionRoutes(
  app: FastifyInstance,
  service: AcquisitionService,
  ratePerMinute: number,
): void {
  route(app, api.stats, async (req) => ok(await service.stats(callerOf(req).tenantId, req.body)))
  route(app, api.createShare, async (req) => {
    const a = callerOf(req)
    return ok(await service.createShare(a.tenantId, a.userId, req.body.accountIds, req.body.expiresAt))
  })
  route(app, api.listShares, async (req) => ok({ list: await service.listShares(callerOf(req).tenantId) }))
  route(app, api.revokeShare, async (req) => {
    await service.revokeShare(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
  route(
    app,
    api.publicStats,
    async (req) => {
      const { c, ...q } = req.query
      return ok(await service.publicStats(c, q))
    },
    { config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } } },
  )
}
