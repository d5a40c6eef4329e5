import {
  Access,
  ErrorCode,
  FAN_EXPORT_MAX,
  fanBatchInvalidBody,
  fanBatchLabelsBody,
  fanBatchMassSendBody,
  fanBatchMigrateBody,
  fanCountBody,
  fanExportBody,
  fanIdBody,
  fanImportBody,
  fanPageBody,
  normalizeLanguage,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['customers']
  const base = '/damai/customer/fans'
  const desk = { roles: Access.desk }

  r.post(
    `${base}/page`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Customers, newest added first; filters, search; keyset cursor',
        body: fanPageBody,
      },
    },
    async (req) => ok(await list.page(callerOf(req), req.body.filter, req.body.cursor, req.body.pageSize)),
  )
  r.post(
    `${base}/count`,
    { config: desk, schema: { tags, summary: 'How many customers a filter matches', body: fanCountBody } },
    async (req) => ok({ total: await list.count(callerOf(req), req.body.filter) }),
  )
  r.post(
    `${base}/detail`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'A customer with labels and sessions (account, agent, activity)',
        body: fanIdBody,
      },
    },
    async (req) => ok(await list.detail(callerOf(req), req.body.fanId)),
  )
  r.put(
    `${base}/labels`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Labels on or off the chosen customers (per customer) or every matching one (counts)',
        body: fanBatchLabelsBody,
      },
    },
    async (req) => ok(await batches.labelsBatch(callerOf(req), req.body)),
  )
  r.put(
    `${base}/massSend`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Mass sends allowed or forbidden: the chosen customers or every matching one',
        body: fanBatchMassSendBody,
      },
    },
    async (req) => ok(await batches.massSend(callerOf(req), req.body)),
  )
  r.put(
    `${base}/invalid`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'The chosen customers marked invalid, or restored',
        body: fanBatchInvalidBody,
      },
    },
    async (req) => ok(await batches.invalid(callerOf(req), req.body.fanIds, req.body.value)),
  )
  r.put(
    `${base}/migrate`,
    {
      config: desk,
      schema: {
        tags,
        summary: "The chosen customers' sessions handed to another agent (as the desk's migrate)",
        body: fanBatchMigrateBody,
      },
    },
    async (req) => ok(await batches.migrate(callerOf(req), req.body.fanIds, req.body.userId)),
  )
  r.post(
    `${base}/import`,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Active add: phones checked on WhatsApp become customers of one account, per line',
        body: fanImportBody,
      },
    },
    async (req) => ok(await importer.importPhones(callerOf(req), req.body)),
  )
  r.post(
    `${base}/export`,
    {
      config: { roles: Access.master },
      schema: { tags, summary: 'The matching (or chosen) customers as an XLSX file', body: fanExportBody },
    },
    async (req, reply) => {
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
    },
  )
}
