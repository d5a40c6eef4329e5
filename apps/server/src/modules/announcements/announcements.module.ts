import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { AnnouncementsRepository } from './announcements.repository.js'
import { announcementsRoutes } from './announcements.routes.js'
import { AnnouncementsService } from './announcements.service.js'

/** The platform's announcements and what each tenant's people read of them. */
export function installAnnouncements(app: FastifyInstance, db: Db): AnnouncementsService {
  const service = new AnnouncementsService(new AnnouncementsRepository(db))
  announcementsRoutes(app, service)
  return service
}
