import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Signals } from '../../cluster/signals.js'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/port.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import { ChatHistory } from '../messages/chat.history.js'
import { ChatMedia } from '../messages/chat.media.js'
import type { MediaQuota } from '../messages/media.quota.js'
import type { MediaStore } from '../messages/media.store.js'
import type { GatewayRequests } from '../outbox/gateway-requests.engine.js'
import type { OutboxService } from '../outbox/outbox.service.js'
import { CountsCache } from '../sessions/counts.cache.js'
import { SessionListQuery } from '../sessions/session-list.query.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import type { UsersService } from '../users/users.service.js'
import { ChatReads } from './chat.reads.js'
import { chatRoutes } from './chat.routes.js'
import { ChatService, type MaterialResolver } from './chat.service.js'
import { ChatUploads } from './chat.upload.js'
import { DeskPresence } from './desk.presence.js'
import { deskRoutes } from './desk.routes.js'
import { SessionActions } from './session.actions.js'
import { SessionCreator } from './session.create.js'

export interface DeskDeps {
  db: Db
  gateway: MessagingGateway
  hub: RealtimeHub
  outbox: OutboxService
  users: UsersService
  /** withdrawals and read receipts, stored and retried like sends */
  requests: GatewayRequests
  sessions: SessionsRepository
  media: MediaStore
  /** chat uploads, under the tenant's storage quota */
  uploads: MediaQuota
  logger: Logger
  /** what a material sends as (the material library); without it a material send is not found */
  materials?: MaterialResolver
  /** where a change of the sidebar counts is told to the other processes */
  signals?: Signals
}

/**
 * The agent desk's server side: presence, the session list and actions, the chat calls. Sends
 * go through the outbox; events through the realtime hub. `settled()` runs the withdrawals and read
 * receipts that are due (tests).
 */
export function installDesk(app: FastifyInstance, deps: DeskDeps) {
  const { db, gateway, hub } = deps
  const counts = new CountsCache(deps.signals)
  const list = new SessionListQuery(db, counts)
  const reads = new ChatReads(db, hub, deps.requests, counts)
  const chat = new ChatService(db, deps.outbox, hub, deps.requests, counts, deps.materials)
  const presence = new DeskPresence(db, hub, deps.users)
  const actions = new SessionActions(db, list, reads, hub, deps.outbox, deps.users)
  const creator = new SessionCreator(db, gateway, deps.sessions, list, new AccountsRepository(db))
  deskRoutes(app, { presence, list, actions, creator })
  chatRoutes(app, {
    media: new ChatMedia(db, deps.media),
    uploads: new ChatUploads(db, deps.uploads, chat),
    history: new ChatHistory(db, list.scopes),
    chat,
    reads,
  })
  return { list, reads, chat, presence, actions, creator, settled: () => deps.requests.drain() }
}

export type Desk = ReturnType<typeof installDesk>
