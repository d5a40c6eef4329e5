import { dynamicEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { DynamicsService } from './dynamics.service.js'

/** WS dynamics: the supervisor's /dynamicManage/index. */
export function dynamicsRoutes(app: FastifyInstance, service: DynamicsService): void {
  route(app, api.create, async (req) => ok({ id: await service.create(callerOf(req), req.body) }))
  route(app, api.page, async (req) =>
    ok(await service.page(callerOf(req), req.body.pageNo, req.body.pageSize)),
  )
  route(app, api.detail, async (req) => ok(await service.detail(callerOf(req), req.query.id)))
  route(app, api.cancel, async (req) => {
    await service.cancel(callerOf(req), req.body.id)
    return ok(null)
  })
}
