import { Access } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { PortsRepository } from './ports.repository.js'

const pageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
})

/** The tenant's own ports (the port record screen). Selling and renewing ports is the admin side. */
export function portsRoutes(app: FastifyInstance, ports: PortsRepository): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/damai/customer/port/page',
    {
      config: { roles: Access.master },
      schema: { tags: ['port'], summary: 'My ports and the accounts on them', body: pageBody },
    },
    async (req) => {
      const now = Date.now()
      const { list, total } = await ports.page(callerOf(req).tenantId, req.body.pageNo, req.body.pageSize)
      return ok({
        total,
        list: list.map((p) => ({
          id: p.id,
          expiresAt: p.expires_at,
          expired: p.expires_at <= now,
          accountId: p.account_id,
          phone: p.phone,
          createdAt: p.created_at,
        })),
      })
    },
  )
}
