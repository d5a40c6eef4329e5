import { billingEndpoints as api, ErrorCode, EXPORT_ROWS_MAX, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { BillingQueries } from './billing.queries.js'
import type { BillingService } from './billing.service.js'
import { ordersXlsx } from './orders.export.js'
import type { RenewalRequestsService } from './renewal-requests.service.js'

/** Ports and seats (the spec's userPort and customerSeats paths), orders, their history, statistics and export. */
export function billingRoutes(
  app: FastifyInstance,
  billing: BillingService,
  queries: BillingQueries,
  requests: RenewalRequestsService,
): void {
  for (const kind of ['port', 'seat'] as const) {
    const e = api.records[kind]
    route(app, e.query, async (req) => ok(await queries.records(callerOf(req), kind, req.body)))
    route(app, e.create, async (req) => ok(await billing.create(callerOf(req), kind, req.body)))
    route(app, e.renewal, async (req) => ok(await billing.renew(callerOf(req), kind, req.body)))
    route(app, e.refund, async (req) => ok(await billing.refund(callerOf(req), kind, req.body)))
    route(app, e.merge, async (req) => ok(await billing.merge(callerOf(req), kind, req.params.id, req.body)))
  }
  route(app, api.orderQuery, async (req) => ok(await queries.orderPage(callerOf(req), req.body)))
  route(app, api.orderExport, async (req, reply) => {
    const rows = await queries.exportRows(callerOf(req), req.body, EXPORT_ROWS_MAX)
    if (rows.length === 0) throw new AppError(ErrorCode.exportEmpty)
    const lang = req.body.language ?? normalizeLanguage(req.headers.language)
    const name = `orders-${new Date().toISOString().slice(0, 10)}.xlsx`
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
    return reply.send(ordersXlsx(rows, lang, req.body.utcOffsetMinutes))
  })
  route(app, api.recordChangeQuery, async (req) => ok(await queries.changePage(callerOf(req), req.body)))
  route(app, api.orderStatistics, async (req) => ok(await queries.statistics(callerOf(req), req.body)))
  route(app, api.renewalRequestQuery, async (req) => ok(await requests.page(callerOf(req), req.body)))
  route(app, api.renewalRequestHandle, async (req) => {
    await requests.handle(callerOf(req), req.body.id)
    return ok(null)
  })
}
