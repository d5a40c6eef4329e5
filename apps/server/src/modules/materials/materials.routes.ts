import { materialEndpoints as api, type MaterialOwnerTypeValue } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { materialCaller } from './materials.library.js'
import type { MaterialsService } from './materials.service.js'

/**
 * The supervisor and agents read the public library and keep a personal one; only the supervisor
 * changes the public library (checked in the service). The team lead has none: it reads the chat
 * history and home only. A supervisor at the desk as an agent
 * (customer-user-id) works on that agent's personal library.
 */
export function materialsRoutes(app: FastifyInstance, materials: MaterialsService): void {
  route(app, api.page, async (req) => ok(await materials.page(materialCaller(req), req.body)))
  route(app, api.get, async (req) => ok(await materials.get(materialCaller(req), req.query.id)))
  route(app, api.typeCounts, async (req) =>
    ok({
      list: await materials.typeCounts(
        materialCaller(req),
        req.query.ownerType as MaterialOwnerTypeValue,
        req.query.usage,
      ),
    }),
  )
  route(app, api.create, async (req) => ok({ id: await materials.create(materialCaller(req), req.body) }))
  route(app, api.update, async (req) => {
    await materials.update(materialCaller(req), req.body)
    return ok(null)
  })
  route(app, api.setEnabled, async (req) => {
    await materials.setEnabled(materialCaller(req), req.body.ids, req.body.enabled)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await materials.remove(materialCaller(req), req.query.ids)
    return ok(null)
  })
}
