import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/port.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { MediaQuota } from '../messages/media.quota.js'
import type { MediaStore } from '../messages/media.store.js'
import type { OutboxService } from '../outbox/outbox.service.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import { Background } from './background.js'
import { ChatHistory } from './chat.history.js'
import { ChatReads } from './chat.reads.js'
import { chatRoutes } from './chat.routes.js'
import { ChatService, type MaterialResolver } from './chat.service.js'
import { CountsCache } from './counts.cache.js'
import { DeskPresence } from './desk.presence.js'
import { deskRoutes } from './desk.routes.js'
import { SessionActions } from './session.actions.js'
import { SessionCreator } from './session.create.js'
import { SessionListQuery } from './session-list.query.js'

export interface DeskDeps {
  db: Db
  gateway: MessagingGateway
  hub: RealtimeHub
  outbox: OutboxService
  sessions: SessionsRepository
  media: MediaStore
  /** chat uploads, under the tenant's storage quota */
  uploads: MediaQuota
  logger: Logger
  /** what a material sends as (the material library); without it a material send is not found */
  materials?: MaterialResolver
}

/**
 * The agent desk's server side: presence, the session list and actions, the chat calls. Sends
 * go through the outbox; events through the realtime hub. `settled()` waits for the work a call
 * answered before finishing (revokes, read receipts).
 */
export function installDesk(app: FastifyInstance, deps: DeskDeps) {
  const { db, gateway, hub } = deps
  const background = new Background(deps.logger.child({ module: 'desk' }))
  const counts = new CountsCache()
  const list = new SessionListQuery(db, counts)
  const reads = new ChatReads(db, gateway, hub, background, counts)
  const chat = new ChatService(db, deps.outbox, gateway, hub, background, counts, deps.materials)
  const presence = new DeskPresence(db, hub)
  const actions = new SessionActions(db, list, reads, hub)
  const creator = new SessionCreator(db, gateway, deps.sessions, list)
  deskRoutes(app, { db, presence, list, actions, creator })
  chatRoutes(app, { db, media: deps.media, uploads: deps.uploads, history: new ChatHistory(db), chat, reads })
  return { list, reads, chat, presence, actions, creator, settled: () => background.settled() }
}

export type Desk = ReturnType<typeof installDesk>
