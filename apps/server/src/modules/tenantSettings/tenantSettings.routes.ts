import { Access, TenantSettingsPath as P, tenantSettingsBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { TenantSettingsService } from './tenantSettings.service.js'

/** The supervisor's settings page (/Setting/index), and what the tenant's people read of it. */
export function tenantSettingsRoutes(app: FastifyInstance, service: TenantSettingsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['tenantSettings']
  r.get(
    P.get,
    {
      config: { roles: Access.master },
      schema: {
        tags,
        summary: "The tenant's settings (the AI key only as set or not, and its last four characters)",
      },
    },
    async (req) => ok(await service.view(callerOf(req).tenantId)),
  )
  r.put(
    P.update,
    {
      config: { roles: Access.master },
      schema: {
        tags,
        summary: "Save the tenant's settings; `ai.apiKey` left out keeps the stored key",
        body: tenantSettingsBody,
      },
    },
    async (req) => ok(await service.update(callerOf(req), req.body)),
  )
  r.get(
    P.display,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Page title, desk notifications and translation defaults of the tenant' },
    },
    async (req) => ok(await service.display(callerOf(req).tenantId)),
  )
}
