import { groupEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { GroupChangesService } from './groups.changes.js'
import type { GroupJoinService } from './groups.join.js'
import type { GroupsService } from './groups.service.js'

interface Services {
  groups: GroupsService
  changes: GroupChangesService
  join: GroupJoinService
}

/** Group chats of desk sessions; calls take `desk-id` and `customer-user-id` like every desk call. */
export function groupsRoutes(app: FastifyInstance, { groups, changes, join }: Services): void {
  route(app, api.info, async (req) =>
    ok(await groups.info(callerOf(req), req.body.sessionId, req.body.refresh ?? false)),
  )
  route(app, api.update, async (req) => ok(await changes.update(callerOf(req), req.body)))
  route(app, api.members, async (req) => ok(await groups.members(callerOf(req), req.body)))
  route(app, api.memberAction, async (req) => ok(await changes.members(callerOf(req), req.body)))
  route(app, api.link, async (req) => ok(await groups.link(callerOf(req), req.body.sessionId, false)))
  route(app, api.resetLink, async (req) => ok(await groups.link(callerOf(req), req.body.sessionId, true)))
  route(app, api.remark, async (req) => {
    await groups.remark(callerOf(req), req.body)
    return ok(null)
  })
  route(app, api.accounts, async (req) => ok({ list: await join.accounts(callerOf(req)) }))
  route(app, api.join, async (req) => ok(await join.join(callerOf(req), req.body)))
  route(app, api.systemGroups, async (req) => ok(await groups.systemGroups(callerOf(req))))
  route(app, api.setSystemGroups, async (req) =>
    ok(await groups.setSystemGroups(callerOf(req), req.body.show)),
  )
}
