import { labelEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { LabelsService } from './labels.service.js'

export function labelsRoutes(app: FastifyInstance, labels: LabelsService): void {
  route(app, api.page, async (req) => ok(await labels.page(callerOf(req).tenantId, req.body)))
  route(app, api.list, async (req) => ok({ list: await labels.list(callerOf(req).tenantId) }))
  route(app, api.create, async (req) => ok({ id: await labels.create(callerOf(req), req.body.name) }))
  route(app, api.rename, async (req) => {
    await labels.rename(callerOf(req).tenantId, req.body.id, req.body.name)
    return ok(null)
  })
  route(app, api.remove, async (req) => ok(await labels.deleteLabel(callerOf(req).tenantId, req.query.id)))
  route(app, api.ofFan, async (req) => ok({ list: await labels.ofFan(callerOf(req), req.query.fanId) }))
  route(app, api.setOnFan, async (req) =>
    ok(await labels.setOnFan(callerOf(req), req.body.fanId, req.body.labelIds)),
  )
  route(app, api.addToFans, async (req) =>
    ok(await labels.addToFans(callerOf(req), req.body.fanIds, req.body.labelIds)),
  )
  route(app, api.removeFromFans, async (req) =>
    ok(await labels.removeFromFans(callerOf(req), req.body.fanIds, req.body.labelIds)),
  )
}
