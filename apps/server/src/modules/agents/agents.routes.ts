import { agentEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AgentsService } from './agents.service.js'

/** /customerServiceManage: the supervisor's. */
export function agentsAdminRoutes(app: FastifyInstance, agents: AgentsService): void {
  const done = (_: unknown) => ok(null)
  route(app, api.query, async (req) => ok(await agents.page(callerOf(req), req.body)))
  route(app, api.create, async (req) => ok(await agents.create(callerOf(req), req.body)))
  route(app, api.update, async (req) => done(await agents.update(callerOf(req), req.body)))
  route(app, api.setStatus, async (req) =>
    done(await agents.setStatus(callerOf(req), req.body.id, req.body.status)),
  )
  route(app, api.resetPassword, async (req) =>
    done(await agents.resetPassword(callerOf(req), req.body.userId, req.body.password)),
  )
  route(app, api.bindAccounts, async (req) =>
    done(await agents.bindAccounts(callerOf(req), req.body.id, req.body.accountIds)),
  )
  route(app, api.remove, async (req) => done(await agents.remove(callerOf(req), req.query.id)))
  route(app, api.groupList, async (req) => ok(await agents.groupList(callerOf(req))))
  route(app, api.groupCreate, async (req) => ok(await agents.groupCreate(callerOf(req), req.body.name)))
  route(app, api.groupRename, async (req) =>
    done(await agents.groupRename(callerOf(req), req.body.id, req.body.name)),
  )
  route(app, api.groupServiceLevel, async (req) =>
    done(await agents.groupServiceLevel(callerOf(req), req.body)),
  )
  route(app, api.groupDelete, async (req) => done(await agents.groupDelete(callerOf(req), req.query.id)))
}
