import { Access, changePasswordBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { UsersService } from './users.service.js'

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/damai/system/user/profile/get',
    { config: { roles: Access.all }, schema: { tags: ['user'], summary: 'The current user' } },
    async (req) => ok(await users.profile(callerOf(req))),
  )
  r.put(
    '/damai/system/user/profile/update-password',
    {
      config: { roles: Access.all },
      schema: {
        tags: ['user'],
        summary: 'Change my password (the current one is asked); signs out everywhere',
        body: changePasswordBody,
      },
    },
    async (req) => {
      await users.changeOwnPassword(callerOf(req), req.body.oldPassword, req.body.password)
      return ok(null)
    },
  )
  r.get(
    '/damai/admin/user/getTenantRiskStatus',
    {
      config: { roles: Access.tenant },
      schema: { tags: ['user'], summary: 'Risk status of my tenant (1 under control)' },
    },
    async (req) => ok(await users.tenantRiskStatus(callerOf(req))),
  )
}
