import { consoleEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { ConsoleService } from './console.service.js'

/** /sessionConsole: the supervisor's alone (agents and team leads are refused). */
export function consoleRoutes(app: FastifyInstance, service: ConsoleService): void {
  route(app, api.overview, async (req) => ok(await service.overview(callerOf(req))))
  route(app, api.sessionPage, async (req) => ok(await service.page(callerOf(req), req.body)))
  route(app, api.sessionMove, async (req) =>
    ok(await service.move(callerOf(req), req.body.sessionIds, req.body.userId)),
  )
  route(app, api.accountAssign, async (req) =>
    ok(await service.assign(callerOf(req), req.body.accountIds, req.body.userId)),
  )
  route(app, api.accountUnassign, async (req) =>
    ok(await service.unassign(callerOf(req), req.body.accountIds)),
  )
}
