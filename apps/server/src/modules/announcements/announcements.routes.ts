import { announcementEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AnnouncementsService } from './announcements.service.js'

export function announcementsRoutes(app: FastifyInstance, service: AnnouncementsService): void {
  route(app, api.page, async (req) => {
    const { pageNo, pageSize, ...filter } = req.body
    return ok(await service.page(filter, pageNo, pageSize))
  })
  route(app, api.enabled, async () => ok(await service.enabled()))
  route(app, api.create, async (req) => ok({ id: await service.create(callerOf(req).userId, req.body) }))
  route(app, api.update, async (req) => {
    const { id, ...values } = req.body
    await service.update(id, values)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await service.remove(req.query.id)
    return ok(null)
  })
}
