import { materialGroupEndpoints as api, type MaterialOwnerTypeValue } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { MaterialGroupsService } from './material-groups.service.js'
import { materialCaller } from './materials.library.js'

/** Groups of the material libraries: the supervisor's and agents' (the team lead has no materials). */
export function materialGroupsRoutes(app: FastifyInstance, groups: MaterialGroupsService): void {
  route(app, api.list, async (req) =>
    ok({ list: await groups.list(materialCaller(req), req.query.ownerType as MaterialOwnerTypeValue) }),
  )
  route(app, api.create, async (req) =>
    ok({
      id: await groups.create(
        materialCaller(req),
        req.body.ownerType as MaterialOwnerTypeValue,
        req.body.name,
      ),
    }),
  )
  route(app, api.rename, async (req) => {
    await groups.rename(materialCaller(req), req.body.id, req.body.name)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await groups.remove(materialCaller(req), req.query.id)
    return ok(null)
  })
}
