import {
  Access,
  ErrorCode,
  MASS_SEND_BODY_LIMIT_BYTES,
  massSendAudienceCountBody,
  massSendChartBody,
  massSendCreateBody,
  massSendExportBody,
  massSendGroupsBody,
  massSendPageBody,
  massSendRecipientsBody,
  massSendTaskBody,
  massSendTaskQuery,
  normalizeLanguage,
  MassSendPath as P,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import { recipientsXlsx } from './massSend.export.js'
import { parsePhoneFile } from './massSend.phones.js'
import type { MassSendService } from './massSend.service.js'
import type { RecipientLogQuery } from './recipient-log.query.js'

/** Mass send: the supervisor's /marketing pages and the desk's fanGroupSend, for the supervisor and agents. */
const roles = Access.desk
const tags = ['massSend']

export function massSendRoutes(app: FastifyInstance, service: MassSendService, log: RecipientLogQuery): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.create,
    {
      bodyLimit: MASS_SEND_BODY_LIMIT_BYTES,
      config: { roles },
      schema: {
        tags,
        summary:
          'Create a mass-send task (strangers, customers or groups); it prepares, then runs or waits for its appointment',
        body: massSendCreateBody,
      },
    },
    async (req) => ok(await service.create(callerOf(req), req.body)),
  )
  r.post(
    P.page,
    {
      config: { roles },
      schema: { tags, summary: 'Tasks, newest first, with their counters', body: massSendPageBody },
    },
    async (req) => ok(await service.page(callerOf(req), req.body)),
  )
  r.get(
    P.detail,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'A task with its sentences, accounts, log and fresh counters',
        querystring: massSendTaskQuery,
      },
    },
    async (req) => ok(await service.detail(callerOf(req), req.query.taskId)),
  )
  const actions = [
    [P.start, 'Run a pending task now', (id: number, c: ReturnType<typeof callerOf>) => service.start(c, id)],
    [
      P.pause,
      'Pause an executing task',
      (id: number, c: ReturnType<typeof callerOf>) => service.pause(c, id),
    ],
    [
      P.resume,
      'Resume a paused task where it stopped',
      (id: number, c: ReturnType<typeof callerOf>) => service.resume(c, id),
    ],
    [
      P.terminate,
      'Stop a task for good',
      (id: number, c: ReturnType<typeof callerOf>) => service.terminate(c, id),
    ],
  ] as const
  for (const [path, summary, act] of actions)
    r.put(path, { config: { roles }, schema: { tags, summary, body: massSendTaskBody } }, async (req) => {
      await act(req.body.taskId, callerOf(req))
      return ok(null)
    })
  r.delete(
    P.remove,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Delete a task that is not executing or preparing',
        querystring: massSendTaskQuery,
      },
    },
    async (req) => {
      await service.remove(callerOf(req), req.query.taskId)
      return ok(null)
    },
  )
  r.post(
    P.recipients,
    {
      config: { roles },
      schema: {
        tags,
        summary: "A page of a task's recipients with each sentence's status",
        body: massSendRecipientsBody,
      },
    },
    async (req) => ok(await service.recipients(callerOf(req), req.body)),
  )
  r.post(
    P.export,
    {
      config: { roles },
      schema: { tags, summary: "The task's recipient log as an XLSX file", body: massSendExportBody },
    },
    async (req, reply) => {
      const caller = callerOf(req)
      const task = await service.visible(caller, req.body.taskId)
      if (JSON.parse(task.counters).total === 0) throw new AppError(ErrorCode.exportEmpty)
      const lang = req.body.language ?? normalizeLanguage(req.headers.language)
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="mass-send-${task.id}.xlsx"`)
        .header('cache-control', 'no-store')
      return reply.send(recipientsXlsx(log, caller.tenantId, req.body, lang))
    },
  )
  r.post(
    P.chart,
    {
      config: { roles },
      schema: { tags, summary: 'Sends over time per sending account', body: massSendChartBody },
    },
    async (req) => ok(await service.chart(callerOf(req), req.body.taskId, req.body.bucketMinutes)),
  )
  r.post(
    P.audienceCount,
    {
      config: { roles },
      schema: { tags, summary: 'How many recipients an audience has now', body: massSendAudienceCountBody },
    },
    async (req) =>
      ok({ count: await service.audienceCount(callerOf(req), req.body.audience, req.body.accountIds) }),
  )
  r.post(
    P.groups,
    {
      config: { roles },
      schema: { tags, summary: "The group chats of the caller's accounts", body: massSendGroupsBody },
    },
    async (req) => ok(await service.groups(callerOf(req), req.body)),
  )
  r.post(
    P.parsePhones,
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Read a phone list file (CSV, TXT or XLSX, first column): valid, invalid lines, duplicates',
      },
    },
    async (req) => ok(await parsePhoneFile(req)),
  )
}
