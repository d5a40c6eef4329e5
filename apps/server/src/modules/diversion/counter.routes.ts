import { counterEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { CounterService } from './counter.service.js'

/** The supervisor's /counter/index and the counter's public share page. */
export function counterRoutes(app: FastifyInstance, service: CounterService, ratePerMinute: number): void {
  route(app, api.create, async (req) => {
    const c = callerOf(req)
    return ok(await service.create(c.tenantId, c.userId, req.body))
  })
  route(app, api.update, async (req) =>
    ok(await service.update(callerOf(req).tenantId, req.body.id, req.body)),
  )
  route(app, api.remove, async (req) => {
    await service.remove(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
  route(app, api.page, async (req) => ok(await service.page(callerOf(req).tenantId, req.body)))
  route(app, api.tally, async (req) => ok(await service.tally(callerOf(req).tenantId, req.query.id)))
  route(app, api.share, async (req) =>
    ok(await service.share(callerOf(req).tenantId, req.body.id, req.body.expiresAt)),
  )
  route(app, api.revoke, async (req) => {
    await service.revoke(callerOf(req).tenantId, req.body.id)
    return ok(null)
  })
  // open to everyone: each address is held to a rate
  route(app, api.publicTally, async (req) => ok(await service.publicTally(req.query.c)), {
    config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
  })
}
