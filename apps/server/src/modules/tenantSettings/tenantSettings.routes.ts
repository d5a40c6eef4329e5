import { tenantSettingsEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { TenantSettingsService } from './tenantSettings.service.js'

/** The supervisor's settings page (/Setting/index), and what the tenant's people read of it. */
export function tenantSettingsRoutes(app: FastifyInstance, service: TenantSettingsService): void {
  route(app, api.get, async (req) => ok(await service.view(callerOf(req).tenantId)))
  route(app, api.update, async (req) => ok(await service.update(callerOf(req), req.body)))
  route(app, api.display, async (req) => ok(await service.display(callerOf(req).tenantId)))
}
