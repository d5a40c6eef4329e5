import { deskEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { SessionListQuery } from '../sessions/index.js'
import type { DeskPresence } from './desk.presence.js'
import type { SessionActions } from './session.actions.js'
import type { SessionCreator } from './session.create.js'

export interface DeskRouteDeps {
  presence: DeskPresence
  list: SessionListQuery
  actions: SessionActions
  creator: SessionCreator
}

/** Entering the desk, the session list and counts, and the session actions. */
export function deskRoutes(app: FastifyInstance, { presence, list, actions, creator }: DeskRouteDeps): void {
  route(app, api.enter, async (req) => ok(await presence.enter(callerOf(req))), {
    config: { deskEnter: true },
  })
  route(app, api.page, async (req) => ok(await list.page(callerOf(req), req.body)))
  route(app, api.counts, async (req) => ok(await list.counts(callerOf(req), req.body.accountId)))
  route(app, api.detail, async (req) => ok(await actions.detail(callerOf(req), req.body.sessionId)))
  route(app, api.create, async (req) => ok({ session: await creator.create(callerOf(req), req.body) }))
  route(app, api.flag, async (req) => ok(await actions.flag(callerOf(req), req.body)))
  route(app, api.migrate, async (req) => {
    await actions.migrate(callerOf(req), req.body.sessionId, req.body.userId)
    return ok(null)
  })
  route(app, api.updateFan, async (req) => ok(await actions.updateFan(callerOf(req), req.body)))
  route(app, api.remove, async (req) => {
    await actions.remove(callerOf(req), req.query.sessionId, req.query.reason)
    return ok(null)
  })
  route(app, api.deletions, async (req) => ok(await actions.deletions(callerOf(req), req.body)))
}
