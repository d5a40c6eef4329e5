import {
  Access,
  type MaterialOwnerTypeValue,
  materialGroupCreateBody,
  materialGroupUpdateBody,
  materialLibraryQuery,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../http/envelope.js'
import type { MaterialGroupsService } from './material-groups.service.js'
import { materialCaller } from './materials.library.js'

const base = '/damai/customer/materialGroup'

export function materialGroupsRoutes(app: FastifyInstance, groups: MaterialGroupsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['materialGroup']
  r.get(
    `${base}/list`,
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Groups of a library (ownerType 1 public, 2 personal) with material counts',
        querystring: materialLibraryQuery,
      },
    },
    async (req) =>
      ok({ list: await groups.list(materialCaller(req), req.query.ownerType as MaterialOwnerTypeValue) }),
  )
  r.post(
    base,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Create a material group', body: materialGroupCreateBody },
    },
    async (req) =>
      ok({
        id: await groups.create(
          materialCaller(req),
          req.body.ownerType as MaterialOwnerTypeValue,
          req.body.name,
        ),
      }),
  )
  r.put(
    base,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Rename a material group', body: materialGroupUpdateBody },
    },
    async (req) => {
      await groups.rename(materialCaller(req), req.body.id, req.body.name)
      return ok(null)
    },
  )
  r.delete(
    base,
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Delete an empty material group',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      await groups.remove(materialCaller(req), req.query.id)
      return ok(null)
    },
  )
}
