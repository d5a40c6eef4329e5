import { accountGroupEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AccountGroupsService } from './account-groups.service.js'

export function accountGroupsRoutes(app: FastifyInstance, groups: AccountGroupsService): void {
  route(app, api.list, async (req) => ok({ list: await groups.list(callerOf(req).tenantId) }))
  route(app, api.create, async (req) =>
    ok({ id: await groups.create(callerOf(req).tenantId, req.body.name) }),
  )
  route(app, api.rename, async (req) => {
    await groups.rename(callerOf(req).tenantId, req.body.id, req.body.name)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await groups.remove(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
}
