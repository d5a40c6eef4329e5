import { riskEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { RiskService } from './risk.service.js'

/** Risk management: the supervisor's /riskManage pages and the header's warnings badge. */
export function riskRoutes(app: FastifyInstance, service: RiskService): void {
  route(app, api.config, async (req) => ok(await service.config(callerOf(req))))
  route(app, api.saveConfig, async (req) => ok(await service.saveConfig(callerOf(req), req.body)))
  route(app, api.warnings, async (req) => ok(await service.warnings(callerOf(req), req.body)))
  route(app, api.warningCount, async (req) => ok(await service.unhandled(callerOf(req))))
  route(app, api.handle, async (req) => ok(await service.handle(callerOf(req), req.body.ids)))
  route(app, api.statistics, async (req) => ok(await service.statistics(callerOf(req), req.body)))
}
