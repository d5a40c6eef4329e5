import { statisticsEndpoints as api, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { HomeService } from './home.service.js'
import { overviewXlsx } from './statistics.export.js'
import type { StatisticsService } from './statistics.service.js'

/**
 * The supervisor's /dataStatistics (figures and their XLSX), every role's /home figures, and the
 * supervisor's first-run checklist on /home.
 */
export function statisticsRoutes(app: FastifyInstance, service: StatisticsService, home: HomeService): void {
  route(app, api.overview, async (req) => ok(await service.overview(callerOf(req), req.body)))
  route(app, api.export, async (req, reply) => {
    const overview = await service.overview(callerOf(req), req.body)
    const lang = req.body.language ?? normalizeLanguage(req.headers.language)
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="statistics-${overview.from}-${overview.to}.xlsx"`)
      .header('cache-control', 'no-store')
    return reply.send(overviewXlsx(overview, lang))
  })
  route(app, api.home, async (req) => ok(await home.figures(callerOf(req))))
  route(app, api.checklist, async (req) => ok(await home.checklist(callerOf(req))))
}
