import { orderTemplateEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { OrderTemplatesService } from './orderTemplates.service.js'

export function orderTemplatesRoutes(app: FastifyInstance, service: OrderTemplatesService): void {
  route(app, api.page, async (req) => ok(await service.page(callerOf(req).tenantId, req.body)))
  route(app, api.create, async (req) => {
    const c = callerOf(req)
    return ok(await service.create(c.tenantId, c.userId, req.body))
  })
  route(app, api.update, async (req) => {
    await service.update(callerOf(req).tenantId, req.body)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await service.remove(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
  route(app, api.forChat, async (req) =>
    ok({ list: await service.forChat(callerOf(req), req.body.sessionId, req.body.utcOffsetMinutes) }),
  )
}
