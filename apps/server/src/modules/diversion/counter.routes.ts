import {
  Access,
  counterBody,
  counterIdQuery,
  counterPageBody,
  counterRevokeBody,
  counterShareBody,
  counterUpdateBody,
  CounterPath as P,
  publicCounterQuery,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { CounterService } from './counter.service.js'

const tags = ['counter']
const config = { roles: Access.master }

/** The supervisor's /counter/index and the counter's public share page. */
export function counterRoutes(app: FastifyInstance, service: CounterService, ratePerMinute: number): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.create,
    { config, schema: { tags, summary: 'Create a counter', body: counterBody } },
    async (req) => {
      const c = callerOf(req)
      return ok(await service.create(c.tenantId, c.userId, req.body))
    },
  )
  r.put(
    P.update,
    { config, schema: { tags, summary: "Change a counter's accounts and window", body: counterUpdateBody } },
    async (req) => ok(await service.update(callerOf(req).tenantId, req.body.id, req.body)),
  )
  r.delete(
    P.remove,
    { config, schema: { tags, summary: 'Delete a counter', querystring: counterIdQuery } },
    async (req) => {
      await service.remove(callerOf(req).tenantId, req.query.id)
      return ok(null)
    },
  )
  r.post(
    P.page,
    { config, schema: { tags, summary: 'Counters, newest first', body: counterPageBody } },
    async (req) => ok(await service.page(callerOf(req).tenantId, req.body)),
  )
  r.get(
    P.tally,
    {
      config,
      schema: { tags, summary: 'New fans per account in the window, now', querystring: counterIdQuery },
    },
    async (req) => ok(await service.tally(callerOf(req).tenantId, req.query.id)),
  )
  r.post(
    P.share,
    { config, schema: { tags, summary: 'Share read-only behind a fresh code', body: counterShareBody } },
    async (req) => ok(await service.share(callerOf(req).tenantId, req.body.id, req.body.expiresAt)),
  )
  r.put(
    P.revoke,
    { config, schema: { tags, summary: 'Revoke the share code', body: counterRevokeBody } },
    async (req) => {
      await service.revoke(callerOf(req).tenantId, req.body.id)
      return ok(null)
    },
  )
  r.get(
    P.publicTally,
    {
      config: { public: true, rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The tally behind a share code (no sign-in)',
        querystring: publicCounterQuery,
      },
    },
    async (req) => ok(await service.publicTally(req.query.c)),
  )
}
