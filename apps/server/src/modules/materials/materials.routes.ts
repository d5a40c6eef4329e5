import {
  Access,
  type MaterialOwnerTypeValue,
  materialCreateBody,
  materialDeleteQuery,
  materialEnabledBody,
  materialIdQuery,
  materialLibraryQuery,
  materialPageBody,
  materialUpdateBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ok } from '../../http/envelope.js'
import { materialCaller } from './materials.library.js'
import type { MaterialsService } from './materials.service.js'

/**
 * Everyone of the tenant reads the public library and keeps a personal one; only the supervisor
 * changes the public library (checked in the service). A supervisor at the desk as an agent
 * (customer-user-id) works on that agent's personal library.
 */
const base = '/damai/customer/material'

export function materialsRoutes(app: FastifyInstance, materials: MaterialsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['material']
  r.post(
    `${base}/page`,
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary:
          'A page of one library (ownerType 1 public, 2 personal) by usage, type, group, enabled, name',
        body: materialPageBody,
      },
    },
    async (req) => ok(await materials.page(materialCaller(req), req.body)),
  )
  r.get(
    `${base}/get`,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'One material', querystring: materialIdQuery },
    },
    async (req) => ok(await materials.get(materialCaller(req), req.query.id)),
  )
  r.get(
    `${base}/typeCounts`,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Materials per type in a library', querystring: materialLibraryQuery },
    },
    async (req) =>
      ok({
        list: await materials.typeCounts(
          materialCaller(req),
          req.query.ownerType as MaterialOwnerTypeValue,
          req.query.usage,
        ),
      }),
  )
  r.post(
    base,
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Create a material (files are uploaded first and named by mediaId)',
        body: materialCreateBody,
      },
    },
    async (req) => ok({ id: await materials.create(materialCaller(req), req.body) }),
  )
  r.put(
    base,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Change a material', body: materialUpdateBody },
    },
    async (req) => {
      await materials.update(materialCaller(req), req.body)
      return ok(null)
    },
  )
  r.put(
    `${base}/enabled`,
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'Enable or disable materials (all or nothing)', body: materialEnabledBody },
    },
    async (req) => {
      await materials.setEnabled(materialCaller(req), req.body.ids, req.body.enabled)
      return ok(null)
    },
  )
  r.delete(
    base,
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Delete materials: ids=1,2,3 (all or nothing)',
        querystring: materialDeleteQuery,
      },
    },
    async (req) => {
      await materials.remove(materialCaller(req), req.query.ids)
      return ok(null)
    },
  )
}
