import {
  Access,
  normalizeLanguage,
  StatisticsPath as P,
  statisticsExportBody,
  statisticsRangeBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { HomeService } from './home.service.js'
import { overviewXlsx } from './statistics.export.js'
import type { StatisticsService } from './statistics.service.js'

const tags = ['statistics']

/** The supervisor's /dataStatistics (figures and their XLSX) and every role's /home figures. */
export function statisticsRoutes(app: FastifyInstance, service: StatisticsService, home: HomeService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.overview,
    {
      config: { roles: Access.master },
      schema: {
        tags,
        summary: 'Messages, new customers, sessions, replies and first-response times of a range of days',
        body: statisticsRangeBody,
      },
    },
    async (req) => ok(await service.overview(callerOf(req), req.body)),
  )
  r.post(
    P.export,
    {
      config: { roles: Access.master },
      schema: {
        tags,
        summary: 'The figures of a range as an XLSX file (by day, account, agent)',
        body: statisticsExportBody,
      },
    },
    async (req, reply) => {
      const overview = await service.overview(callerOf(req), req.body)
      const lang = req.body.language ?? normalizeLanguage(req.headers.language)
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="statistics-${overview.from}-${overview.to}.xlsx"`,
        )
        .header('cache-control', 'no-store')
      return reply.send(overviewXlsx(overview, lang))
    },
  )
  r.get(
    P.home,
    {
      config: { roles: Access.all },
      schema: { tags, summary: "The figures /home shows for the caller's role" },
    },
    async (req) => ok(await home.figures(callerOf(req))),
  )
}
