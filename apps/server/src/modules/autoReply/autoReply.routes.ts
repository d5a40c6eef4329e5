import {
  Access,
  autoReplyEnableBody,
  autoReplyIdQuery,
  autoReplyPageBody,
  autoReplySaveBody,
  autoReplyUpdateBody,
  AutoReplyPath as P,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AutoReplyService } from './autoReply.service.js'

/** Keyword auto-reply: the supervisor's marketing page and the desk's, for the supervisor and agents. */
const roles = Access.desk
const tags = ['autoReply']

export function autoReplyRoutes(app: FastifyInstance, service: AutoReplyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.page,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'The rules the caller sees, newest first, with statistics and what the caller may do',
        body: autoReplyPageBody,
      },
    },
    async (req) => ok(await service.page(callerOf(req), req.body)),
  )
  r.post(
    P.create,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Create a rule (agents: personal rules for themselves)',
        body: autoReplySaveBody,
      },
    },
    async (req) => ok(await service.create(callerOf(req), req.body)),
  )
  r.put(
    P.update,
    {
      config: { roles },
      schema: { tags, summary: "Replace a rule's settings (its creator only)", body: autoReplyUpdateBody },
    },
    async (req) => {
      const { id, ...body } = req.body
      await service.update(callerOf(req), id, body)
      return ok(null)
    },
  )
  r.put(
    P.enable,
    {
      config: { roles },
      schema: { tags, summary: 'Enable or disable a rule (its creator only)', body: autoReplyEnableBody },
    },
    async (req) => {
      await service.enable(callerOf(req), req.body.id, req.body.enabled)
      return ok(null)
    },
  )
  r.delete(
    P.remove,
    {
      config: { roles },
      schema: { tags, summary: 'Delete a rule (its creator only)', querystring: autoReplyIdQuery },
    },
    async (req) => {
      await service.remove(callerOf(req), req.query.id)
      return ok(null)
    },
  )
}
