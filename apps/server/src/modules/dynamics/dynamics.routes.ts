import {
  Access,
  dynamicCreateBody,
  dynamicIdBody,
  dynamicIdQuery,
  dynamicPageBody,
  DynamicPath as P,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { DynamicsService } from './dynamics.service.js'

/** WS dynamics: the supervisor's /dynamicManage/index. */
const roles = Access.master
const tags = ['dynamics']

export function dynamicsRoutes(app: FastifyInstance, service: DynamicsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.create,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Post a status (text, image or video) from chosen accounts, now or at an appointment time',
        body: dynamicCreateBody,
      },
    },
    async (req) => ok({ id: await service.create(callerOf(req), req.body) }),
  )
  r.post(
    P.page,
    {
      config: { roles },
      schema: { tags, summary: 'Status posts, newest first, with counts', body: dynamicPageBody },
    },
    async (req) => ok(await service.page(callerOf(req), req.body.pageNo, req.body.pageSize)),
  )
  r.get(
    P.detail,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'A status post with each account’s result and viewers',
        querystring: dynamicIdQuery,
      },
    },
    async (req) => ok(await service.detail(callerOf(req), req.query.id)),
  )
  r.put(
    P.cancel,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Cancel the accounts of a post that have not posted yet',
        body: dynamicIdBody,
      },
    },
    async (req) => {
      await service.cancel(callerOf(req), req.body.id)
      return ok(null)
    },
  )
}
