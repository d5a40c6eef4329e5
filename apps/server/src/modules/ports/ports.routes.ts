import { portEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { PortsRepository } from './ports.repository.js'

/** The tenant's own ports (the port record screen). Selling and renewing ports is the admin side. */
export function portsRoutes(app: FastifyInstance, ports: PortsRepository): void {
  route(app, api.page, async (req) => {
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
  })
}
