import { Access, announcementBody, announcementPageBody, announcementUpdateBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AnnouncementsService } from './announcements.service.js'

export function announcementsRoutes(app: FastifyInstance, service: AnnouncementsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['announcement']
  r.post(
    '/damai/notice/announcement/page',
    {
      config: { roles: Access.platformAdmin },
      schema: { tags, summary: 'Page through announcements', body: announcementPageBody },
    },
    async (req) => {
      const { pageNo, pageSize, ...filter } = req.body
      return ok(await service.page(filter, pageNo, pageSize))
    },
  )
  r.get(
    '/damai/notice/announcement/enable',
    { config: { roles: Access.all }, schema: { tags, summary: 'Enabled announcements, newest first' } },
    async () => ok(await service.enabled()),
  )
  r.post(
    '/damai/notice/announcement',
    {
      config: { roles: Access.platformAdmin },
      schema: { tags, summary: 'Create an announcement', body: announcementBody },
    },
    async (req) => ok({ id: await service.create(callerOf(req).userId, req.body) }),
  )
  r.put(
    '/damai/notice/announcement',
    {
      config: { roles: Access.platformAdmin },
      schema: { tags, summary: 'Change an announcement', body: announcementUpdateBody },
    },
    async (req) => {
      const { id, ...values } = req.body
      await service.update(id, values)
      return ok(null)
    },
  )
  r.delete(
    '/damai/notice/announcement',
    {
      config: { roles: Access.platformAdmin },
      schema: {
        tags,
        summary: 'Delete an announcement',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      await service.remove(req.query.id)
      return ok(null)
    },
  )
}
