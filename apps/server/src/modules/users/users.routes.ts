import { profileEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { UsersService } from './users.service.js'

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  route(app, api.get, async (req) => ok(await users.profile(callerOf(req))))
  route(app, api.updatePassword, async (req) => {
    await users.changeOwnPassword(callerOf(req), req.body.oldPassword, req.body.password)
    return ok(null)
  })
  route(app, api.tenantRiskStatus, async (req) => ok(await users.tenantRiskStatus(callerOf(req))))
}
