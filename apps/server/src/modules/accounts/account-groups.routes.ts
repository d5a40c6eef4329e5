import { Access, accountGroupCreateBody, accountGroupUpdateBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AccountGroupsService } from './account-groups.service.js'

const base = '/damai/customer/wsAccountGroup'

export function accountGroupsRoutes(app: FastifyInstance, groups: AccountGroupsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['wsAccountGroup']
  r.get(
    `${base}/list`,
    {
      config: { roles: Access.master },
      schema: { tags, summary: 'Account groups with their account counts' },
    },
    async (req) => ok({ list: await groups.list(callerOf(req).tenantId) }),
  )
  r.post(
    base,
    {
      config: { roles: Access.master },
      schema: { tags, summary: 'Create an account group', body: accountGroupCreateBody },
    },
    async (req) => ok({ id: await groups.create(callerOf(req).tenantId, req.body.name) }),
  )
  r.put(
    base,
    {
      config: { roles: Access.master },
      schema: { tags, summary: 'Rename an account group', body: accountGroupUpdateBody },
    },
    async (req) => {
      await groups.rename(callerOf(req).tenantId, req.body.id, req.body.name)
      return ok(null)
    },
  )
  r.delete(
    base,
    {
      config: { roles: Access.master },
      schema: {
        tags,
        summary: 'Delete an empty account group',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      await groups.remove(callerOf(req).tenantId, req.query.id)
      return ok(null)
    },
  )
}
