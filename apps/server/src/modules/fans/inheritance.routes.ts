import { fanInheritanceEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { InheritanceService } from './inheritance.service.js'

/** Fan inheritance: the supervisor hands a lost account's fans to another account of the tenant. */
export function inheritanceRoutes(app: FastifyInstance, inheritance: InheritanceService): void {
  route(app, api.sources, async (req) => ok({ list: await inheritance.sources(callerOf(req).tenantId) }))
  route(app, api.fans, async (req) => ok(await inheritance.fans(callerOf(req).tenantId, req.body)))
  route(app, api.inherit, async (req) => ok(await inheritance.inherit(callerOf(req), req.body)))
  route(app, api.page, async (req) => ok(await inheritance.page(callerOf(req).tenantId, req.body)))
}
