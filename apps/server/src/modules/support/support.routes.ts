import { supportEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { SatisfactionReports } from './satisfaction.report.js'
import type { SupportSettingsService } from './support.service.js'

/** The service settings (service levels, business hours, satisfaction) and the satisfaction report. */
export function supportRoutes(
  app: FastifyInstance,
  service: SupportSettingsService,
  reports: SatisfactionReports,
): void {
  route(app, api.serviceLevelGet, async (req) => ok(await service.serviceLevel(callerOf(req).tenantId)))
  route(app, api.serviceLevelUpdate, async (req) =>
    ok(await service.saveServiceLevel(callerOf(req), req.body)),
  )
  route(app, api.businessHoursGet, async (req) => ok(await service.businessHours(callerOf(req).tenantId)))
  route(app, api.businessHoursUpdate, async (req) =>
    ok(await service.saveBusinessHours(callerOf(req), req.body)),
  )
  route(app, api.satisfactionGet, async (req) => ok(await service.satisfaction(callerOf(req).tenantId)))
  route(app, api.satisfactionUpdate, async (req) =>
    ok(await service.saveSatisfaction(callerOf(req), req.body)),
  )
  route(app, api.satisfactionReport, async (req) =>
    ok(await reports.report(callerOf(req).tenantId, req.query)),
  )
}
