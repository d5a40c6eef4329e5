import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { GroupDirectory, SessionDirectory } from '../sessions/index.js'
import { GroupChangesService } from './groups.changes.js'
import { GroupEvents } from './groups.events.js'
import { GroupJoinService } from './groups.join.js'
import { groupsRoutes } from './groups.routes.js'
import { GroupsService } from './groups.service.js'

export interface GroupsDeps {
  db: Db
  gateway: MessagingGateway
  hub: RealtimeHub
}

/**
 * Group chats on the desk: routes, and `group.updated` to the desk when WhatsApp's group changes
 * are stored. Install after the messaging module, so its inbound handlers run first.
 */
export function installGroups(app: FastifyInstance, { db, gateway, hub }: GroupsDeps) {
  const chats = new GroupDirectory(db)
  const events = new GroupEvents(db, chats, hub)
  const groups = new GroupsService(db, gateway, chats, events)
  const changes = new GroupChangesService(groups, gateway)
  const join = new GroupJoinService(db, gateway, new SessionDirectory(db), events)
  groupsRoutes(app, { groups, changes, join })
  const detach = events.attach(gateway)
  app.addHook('onClose', async () => detach())
  return { groups, changes, join, events }
}
