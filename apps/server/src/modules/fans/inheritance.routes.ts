import { Access, fanInheritBody, fanInheritPageBody, inheritFansBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { InheritanceService } from './inheritance.service.js'

/** Fan inheritance: the supervisor hands a lost account's fans to another account of the tenant. */
const base = '/damai/customer/fanInheritance'

export function inheritanceRoutes(app: FastifyInstance, inheritance: InheritanceService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['fan inheritance']
  const config = { roles: Access.master }
  r.get(
    `${base}/sources`,
    {
      config,
      schema: { tags, summary: 'Accounts that may hand their fans over (banned, logged out, deleted)' },
    },
    async (req) => ok({ list: await inheritance.sources(callerOf(req).tenantId) }),
  )
  r.post(
    `${base}/fans`,
    {
      config,
      schema: { tags, summary: "A page of a source account's valid fans, by id", body: inheritFansBody },
    },
    async (req) => ok(await inheritance.fans(callerOf(req).tenantId, req.body)),
  )
  r.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Hand fans (chosen one by one, by label, or all) to another account; repeats are flagged',
        body: fanInheritBody,
      },
    },
    async (req) => ok(await inheritance.inherit(callerOf(req), req.body)),
  )
  r.post(
    `${base}/page`,
    {
      config,
      schema: { tags, summary: 'Records of hand-overs, newest first', body: fanInheritPageBody },
    },
    async (req) => ok(await inheritance.page(callerOf(req).tenantId, req.body)),
  )
}
