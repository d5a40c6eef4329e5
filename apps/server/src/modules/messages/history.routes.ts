import { chatHistoryEndpoints as api, ErrorCode, type HistoryOptionsView, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { HistoryConversation } from './history.conversation.js'
import { historyBatches, historyXlsx } from './history.export.js'
import type { HistorySearch } from './history.search.js'

export interface HistoryRouteDeps {
  search: HistorySearch
  conversation: HistoryConversation
  options(tenantId: number): Promise<HistoryOptionsView>
}

/**
 * /chatHistory/index: the tenant's whole chat history for the supervisor and the team lead. Every
 * route only reads (the team lead's scope is the tenant, read-only); agents are refused.
 */
export function historyRoutes(app: FastifyInstance, deps: HistoryRouteDeps): void {
  route(app, api.search, async (req) => {
    const { cursor, pageSize, ...filters } = req.body
    return ok(await deps.search.page(callerOf(req).tenantId, filters, cursor, pageSize))
  })
  route(app, api.conversation, async (req) =>
    ok(await deps.conversation.page(callerOf(req).tenantId, req.body)),
  )
  route(app, api.options, async (req) => ok(await deps.options(callerOf(req).tenantId)))
  route(app, api.export, async (req, reply) => {
    const { utcOffsetMinutes, language, ...filters } = req.body
    const batches = historyBatches(deps.search, callerOf(req).tenantId, filters)
    const first = await batches.next()
    if (first.done) throw new AppError(ErrorCode.exportEmpty)
    const lang = language ?? normalizeLanguage(req.headers.language)
    const name = `chat-history-${new Date().toISOString().slice(0, 10)}.xlsx`
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
    return reply.send(historyXlsx(first.value, batches, lang, utcOffsetMinutes))
  })
}
