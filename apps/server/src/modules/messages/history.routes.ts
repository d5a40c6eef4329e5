import {
  Access,
  ErrorCode,
  type HistoryOptionsView,
  historyConversationBody,
  historyExportBody,
  historySearchBody,
  normalizeLanguage,
  ChatHistoryPath as P,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { roles: Access.chatHistory }
  const tags = ['chatHistory']
  r.post(
    P.search,
    {
      config,
      schema: {
        tags,
        summary: "A page of the tenant's messages by the filters, newest first (keyset cursor)",
        body: historySearchBody,
      },
    },
    async (req) => {
      const { cursor, pageSize, ...filters } = req.body
      return ok(await deps.search.page(callerOf(req).tenantId, filters, cursor, pageSize))
    },
  )
  r.post(
    P.conversation,
    {
      config,
      schema: {
        tags,
        summary: 'The conversation of a message: around it, or the page older or newer than it',
        body: historyConversationBody,
      },
    },
    async (req) => ok(await deps.conversation.page(callerOf(req).tenantId, req.body)),
  )
  r.get(
    P.options,
    { config, schema: { tags, summary: 'The WS accounts and agents the search form offers' } },
    async (req) => ok(await deps.options(callerOf(req).tenantId)),
  )
  r.post(
    P.export,
    {
      config,
      schema: {
        tags,
        summary: 'The matching messages as an XLSX file, newest first',
        body: historyExportBody,
      },
    },
    async (req, reply) => {
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
    },
  )
}
