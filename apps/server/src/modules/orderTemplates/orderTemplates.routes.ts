import {
  Access,
  orderTemplateCreateBody,
  orderTemplateForChatBody,
  orderTemplateIdQuery,
  orderTemplatePageBody,
  orderTemplateUpdateBody,
  OrderTemplatePath as P,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { OrderTemplatesService } from './orderTemplates.service.js'

export function orderTemplatesRoutes(app: FastifyInstance, service: OrderTemplatesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['orderTemplates']
  const config = { roles: Access.master }
  r.post(
    P.page,
    { config, schema: { tags, summary: 'Order templates of the tenant', body: orderTemplatePageBody } },
    async (req) => ok(await service.page(callerOf(req).tenantId, req.body)),
  )
  r.post(
    P.create,
    { config, schema: { tags, summary: 'Add an order template', body: orderTemplateCreateBody } },
    async (req) => {
      const c = callerOf(req)
      return ok(await service.create(c.tenantId, c.userId, req.body))
    },
  )
  r.put(
    P.update,
    { config, schema: { tags, summary: 'Change an order template', body: orderTemplateUpdateBody } },
    async (req) => {
      await service.update(callerOf(req).tenantId, req.body)
      return ok(null)
    },
  )
  r.delete(
    P.remove,
    { config, schema: { tags, summary: 'Delete an order template', querystring: orderTemplateIdQuery } },
    async (req) => {
      await service.remove(callerOf(req).tenantId, req.query.id)
      return ok(null)
    },
  )
  r.post(
    P.forChat,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'The order templates filled for a chat of the desk',
        body: orderTemplateForChatBody,
      },
    },
    async (req) =>
      ok({ list: await service.forChat(callerOf(req), req.body.sessionId, req.body.utcOffsetMinutes) }),
  )
}
