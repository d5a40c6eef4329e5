import { Access, acquisitionBody, acquisitionShareBody, publicAcquisitionQuery } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AcquisitionService } from './acquisition.service.js'

const base = '/damai/customer/wsAccount'

export function acquisitionRoutes(
  app: FastifyInstance,
  service: AcquisitionService,
  ratePerMinute: number,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['acquisition']
  const config = { roles: Access.master }
  r.post(
    `${base}/acquisitionStatistics`,
    { config, schema: { tags, summary: 'New fans per account per day', body: acquisitionBody } },
    async (req) => ok(await service.stats(callerOf(req).tenantId, req.body)),
  )
  r.post(
    `${base}/acquisitionShare`,
    { config, schema: { tags, summary: 'Create a read-only share code', body: acquisitionShareBody } },
    async (req) => {
      const a = callerOf(req)
      return ok(await service.createShare(a.tenantId, a.userId, req.body.accountIds, req.body.expiresAt))
    },
  )
  r.get(
    `${base}/acquisitionShare/list`,
    { config, schema: { tags, summary: 'Share codes of the tenant' } },
    async (req) => ok({ list: await service.listShares(callerOf(req).tenantId) }),
  )
  r.delete(
    `${base}/acquisitionShare`,
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a share code',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      await service.revokeShare(callerOf(req).tenantId, req.query.id)
      return ok(null)
    },
  )
  r.get(
    '/damai/public/acquisitionStatistics',
    {
      config: { public: true, rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Statistics behind a share code (no sign-in, read-only)',
        querystring: publicAcquisitionQuery,
      },
    },
    async (req) => {
      const { c, ...q } = req.query
      return ok(await service.publicStats(c, q))
    },
  )
}
