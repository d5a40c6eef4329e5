import { massSendEndpoints as api, ErrorCode, MASS_SEND_BODY_LIMIT_BYTES, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import { recipientsXlsx } from './massSend.export.js'
import { parsePhoneFile } from './massSend.phones.js'
import type { MassSendService } from './massSend.service.js'
import type { RecipientLogQuery } from './recipient-log.query.js'

/** Mass send: the supervisor's /marketing pages and the desk's fanGroupSend, for the supervisor and agents. */

export function massSendRoutes(app: FastifyInstance, service: MassSendService, log: RecipientLogQuery): void {
  route(app, api.create, async (req) => ok(await service.create(callerOf(req), req.body)), {
    bodyLimit: MASS_SEND_BODY_LIMIT_BYTES,
  })
  route(app, api.page, async (req) => ok(await service.page(callerOf(req), req.body)))
  route(app, api.detail, async (req) => ok(await service.detail(callerOf(req), req.query.taskId)))
  route(app, api.start, async (req) => {
    await service.start(callerOf(req), req.body.taskId)
    return ok(null)
  })
  route(app, api.pause, async (req) => {
    await service.pause(callerOf(req), req.body.taskId)
    return ok(null)
  })
  route(app, api.resume, async (req) => {
    await service.resume(callerOf(req), req.body.taskId)
    return ok(null)
  })
  route(app, api.terminate, async (req) => {
    await service.terminate(callerOf(req), req.body.taskId)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await service.remove(callerOf(req), req.query.taskId)
    return ok(null)
  })
  route(app, api.recipients, async (req) => ok(await service.recipients(callerOf(req), req.body)))
  route(app, api.export, async (req, reply) => {
    const caller = callerOf(req)
    const task = await service.visible(caller, req.body.taskId)
    if (JSON.parse(task.counters).total === 0) throw new AppError(ErrorCode.exportEmpty)
    const lang = req.body.language ?? normalizeLanguage(req.headers.language)
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="mass-send-${task.id}.xlsx"`)
      .header('cache-control', 'no-store')
    return reply.send(recipientsXlsx(log, caller.tenantId, req.body, lang))
  })
  route(app, api.chart, async (req) =>
    ok(await service.chart(callerOf(req), req.body.taskId, req.body.bucketMinutes)),
  )
  route(app, api.audienceCount, async (req) =>
    ok(await service.audienceCount(callerOf(req), req.body.audience, req.body.accountIds)),
  )
  route(app, api.groups, async (req) => ok(await service.groups(callerOf(req), req.body)))
  route(app, api.parsePhones, async (req) => ok(await parsePhoneFile(req)))
}
