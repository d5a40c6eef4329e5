import { fanEndpoints as api, ErrorCode, FAN_EXPORT_MAX, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { FanBatches } from './fans.batch.js'
import { exportBatches, fansXlsx } from './fans.export.js'
import type { FanImporter } from './fans.import.js'
import type { FanListQuery } from './fans.list.js'

export interface FanRouteDeps {
  list: FanListQuery
  batches: FanBatches
  importer: FanImporter
}

/**
 * The customers list: the supervisor's whole tenant, an agent's (or a supervisor acting as one)
 * fans of the sessions they may see. The supervisor alone exports the list.
 */
export function fansRoutes(app: FastifyInstance, { list, batches, importer }: FanRouteDeps): void {
  route(app, api.page, async (req) =>
    ok(await list.page(callerOf(req), req.body.filter, req.body.cursor, req.body.pageSize)),
  )
  route(app, api.count, async (req) => ok({ total: await list.count(callerOf(req), req.body.filter) }))
  route(app, api.detail, async (req) => ok(await list.detail(callerOf(req), req.body.fanId)))
  route(app, api.labels, async (req) => ok(await batches.labelsBatch(callerOf(req), req.body)))
  route(app, api.massSend, async (req) => ok(await batches.massSend(callerOf(req), req.body)))
  route(app, api.invalid, async (req) =>
    ok(await batches.invalid(callerOf(req), req.body.fanIds, req.body.value)),
  )
  route(app, api.migrate, async (req) =>
    ok(await batches.migrate(callerOf(req), req.body.fanIds, req.body.userId)),
  )
  route(app, api.import, async (req) => ok(await importer.importPhones(callerOf(req), req.body)))
  route(app, api.export, async (req, reply) => {
    const caller = callerOf(req)
    const body = req.body
    const total = await list.count(caller, body.filter, body.fanIds)
    if (total === 0) throw new AppError(ErrorCode.exportEmpty)
    if (total > FAN_EXPORT_MAX)
      throw new AppError(ErrorCode.fanExportTooMany, { params: { max: FAN_EXPORT_MAX } })
    const lang = body.language ?? normalizeLanguage(req.headers.language)
    const name = `customers-${new Date().toISOString().slice(0, 10)}.xlsx`
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
    return reply.send(fansXlsx(exportBatches(list, caller, body), lang, body.utcOffsetMinutes))
  })
}
