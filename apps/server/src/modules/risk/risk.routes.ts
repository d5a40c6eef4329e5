import {
  Access,
  RiskPath as P,
  riskConfigBody,
  riskHandleBody,
  riskStatisticsBody,
  riskWarningPageBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { RiskService } from './risk.service.js'

/** Risk management: the supervisor's /riskManage pages and the header's warnings badge. */
const roles = Access.master
const tags = ['risk']

export function riskRoutes(app: FastifyInstance, service: RiskService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    P.config,
    { config: { roles }, schema: { tags, summary: "The tenant's risk limits, keyword blocks and bounds" } },
    async (req) => ok(await service.config(callerOf(req))),
  )
  r.put(
    P.config,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Save the risk limits (each within the bounds) and keyword blocks',
        body: riskConfigBody,
      },
    },
    async (req) => ok(await service.saveConfig(callerOf(req), req.body)),
  )
  r.post(
    P.warnings,
    {
      config: { roles },
      schema: { tags, summary: 'Warnings, newest first', body: riskWarningPageBody },
    },
    async (req) => ok(await service.warnings(callerOf(req), req.body)),
  )
  r.get(
    P.warningCount,
    { config: { roles }, schema: { tags, summary: 'Unhandled warnings (the header badge)' } },
    async (req) => ok(await service.unhandled(callerOf(req))),
  )
  r.put(
    P.handle,
    { config: { roles }, schema: { tags, summary: 'Mark warnings handled', body: riskHandleBody } },
    async (req) => ok(await service.handle(callerOf(req), req.body.ids)),
  )
  r.post(
    P.statistics,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Sends, new chats, failures, bans, warnings and replies per account and day',
        body: riskStatisticsBody,
      },
    },
    async (req) => ok(await service.statistics(callerOf(req), req.body)),
  )
}
