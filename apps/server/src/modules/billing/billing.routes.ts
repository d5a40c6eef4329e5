import {
  Access,
  BillingPath as B,
  ErrorCode,
  EXPORT_ROWS_MAX,
  normalizeLanguage,
  type OrderKindValue,
  orderCreateBody,
  orderExportBody,
  orderQueryBody,
  orderStatisticsBody,
  recordChangeQueryBody,
  recordIdParams,
  recordMergeBody,
  recordQueryBody,
  recordRefundBody,
  recordRenewalBody,
  renewalRequestHandleBody,
  renewalRequestQueryBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { BillingQueries } from './billing.queries.js'
import type { BillingService } from './billing.service.js'
import { ordersXlsx } from './orders.export.js'
import type { RenewalRequestsService } from './renewal-requests.service.js'

/** /orderManage: operations, and business for their own tenants; admin sees every tenant. */
const SALES = Access.platform
/** /orderStatistics/index */
const STATISTICS = Access.platformLeads
const tags = ['billing']

const PATHS: Record<
  OrderKindValue,
  { query: string; create: string; renewal: string; refund: string; merge: string }
> = {
  port: {
    query: B.portQuery,
    create: B.portCreate,
    renewal: B.portRenewal,
    refund: B.portRefund,
    merge: B.portMerge,
  },
  seat: {
    query: B.seatQuery,
    create: B.seatCreate,
    renewal: B.seatRenewal,
    refund: B.seatRefund,
    merge: B.seatMerge,
  },
}

/** Ports and seats (the spec's userPort and customerSeats paths), orders, their history, statistics and export. */
export function billingRoutes(
  app: FastifyInstance,
  billing: BillingService,
  queries: BillingQueries,
  requests: RenewalRequestsService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  for (const kind of ['port', 'seat'] as const) {
    const p = PATHS[kind]
    const what = kind === 'port' ? 'ports' : 'seats'
    r.post(
      p.query,
      {
        config: { roles: SALES },
        schema: { tags, summary: `Records of ${what}, soonest end first`, body: recordQueryBody },
      },
      async (req) => ok(await queries.records(callerOf(req), kind, req.body)),
    )
    r.post(
      p.create,
      {
        config: { roles: SALES },
        schema: { tags, summary: `An order of ${what}: its records start now`, body: orderCreateBody },
      },
      async (req) => ok(await billing.create(callerOf(req), kind, req.body)),
    )
    r.put(
      p.renewal,
      {
        config: { roles: SALES },
        schema: { tags, summary: `Extend ${what} by N days`, body: recordRenewalBody },
      },
      async (req) => ok(await billing.renew(callerOf(req), kind, req.body)),
    )
    r.put(
      p.refund,
      {
        config: { roles: SALES },
        schema: { tags, summary: `Refund ${what}: end them now or shorten them`, body: recordRefundBody },
      },
      async (req) => ok(await billing.refund(callerOf(req), kind, req.body)),
    )
    r.put(
      p.merge,
      {
        config: { roles: SALES },
        schema: {
          tags,
          summary: `Move the remaining time of ${what} into record {id}`,
          params: recordIdParams,
          body: recordMergeBody,
        },
      },
      async (req) => ok(await billing.merge(callerOf(req), kind, req.params.id, req.body)),
    )
  }
  r.post(
    B.orderQuery,
    {
      config: { roles: SALES },
      schema: { tags, summary: 'Orders of my tenants, newest first', body: orderQueryBody },
    },
    async (req) => ok(await queries.orderPage(callerOf(req), req.body)),
  )
  r.post(
    B.orderExport,
    {
      config: { roles: SALES },
      schema: { tags, summary: 'The filtered orders as an XLSX file', body: orderExportBody },
    },
    async (req, reply) => {
      const rows = await queries.exportRows(callerOf(req), req.body, EXPORT_ROWS_MAX)
      if (rows.length === 0) throw new AppError(ErrorCode.exportEmpty)
      const lang = req.body.language ?? normalizeLanguage(req.headers.language)
      const name = `orders-${new Date().toISOString().slice(0, 10)}.xlsx`
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
      return reply.send(ordersXlsx(rows, lang, req.body.utcOffsetMinutes))
    },
  )
  r.post(
    B.recordChangeQuery,
    {
      config: { roles: SALES },
      schema: {
        tags,
        summary: 'Who changed which record, when, before and after',
        body: recordChangeQueryBody,
      },
    },
    async (req) => ok(await queries.changePage(callerOf(req), req.body)),
  )
  r.post(
    B.orderStatistics,
    {
      config: { roles: STATISTICS },
      schema: { tags, summary: 'Revenue and quantities by day, seller and kind', body: orderStatisticsBody },
    },
    async (req) => ok(await queries.statistics(callerOf(req), req.body)),
  )
  r.post(
    B.renewalRequestQuery,
    {
      config: { roles: SALES },
      schema: { tags, summary: 'Renewal requests of my tenants', body: renewalRequestQueryBody },
    },
    async (req) => ok(await requests.page(callerOf(req), req.body)),
  )
  r.put(
    B.renewalRequestHandle,
    {
      config: { roles: SALES },
      schema: { tags, summary: 'Mark a renewal request handled', body: renewalRequestHandleBody },
    },
    async (req) => {
      await requests.handle(callerOf(req), req.body.id)
      return ok(null)
    },
  )
}
