import { integrationEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { WebhooksService } from './webhooks.service.js'

export function webhooksRoutes(app: FastifyInstance, webhooks: WebhooksService): void {
  route(app, api.webhooks, async (req) => ok({ list: await webhooks.list(callerOf(req).tenantId) }))
  route(app, api.webhookCreate, async (req) => ok(await webhooks.create(callerOf(req).tenantId, req.body)))
  route(app, api.webhookUpdate, async (req) => ok(await webhooks.update(callerOf(req).tenantId, req.body)))
  route(app, api.webhookDelete, async (req) => {
    await webhooks.remove(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
  route(app, api.webhookDeliveries, async (req) =>
    ok(await webhooks.deliveries(callerOf(req).tenantId, req.query)),
  )
  route(app, api.webhookRedeliver, async (req) =>
    ok(await webhooks.redeliver(callerOf(req).tenantId, req.body.id)),
  )
}
