import { autoReplyEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AutoReplyService } from './autoReply.service.js'

/** Keyword auto-reply: the supervisor's marketing page and the desk's, for the supervisor and agents. */
export function autoReplyRoutes(app: FastifyInstance, service: AutoReplyService): void {
  route(app, api.page, async (req) => ok(await service.page(callerOf(req), req.body)))
  route(app, api.create, async (req) => ok(await service.create(callerOf(req), req.body)))
  route(app, api.update, async (req) => {
    const { id, ...body } = req.body
    await service.update(callerOf(req), id, body)
    return ok(null)
  })
  route(app, api.enable, async (req) => {
    await service.enable(callerOf(req), req.body.id, req.body.enabled)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await service.remove(callerOf(req), req.query.id)
    return ok(null)
  })
}
