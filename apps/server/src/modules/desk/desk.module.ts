import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Signals } from '../../cluster/signals.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { AccountDirectory } from '../accounts/index.js'
import type { MediaQuota, MediaStore } from '../messages/index.js'
import { ChatHistory, ChatMedia } from '../messages/index.js'
import type { GatewayRequests, OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { CountsCache, SessionListQuery, SessionStatusUpdates } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { ChatReads } from './chat.reads.js'
import { chatRoutes } from './chat.routes.js'
import { ChatService, type KeywordCheck, type MaterialResolver } from './chat.service.js'
import { ChatUploads } from './chat.upload.js'
import type { DeskPresence } from './desk.presence.js'
import { deskRoutes } from './desk.routes.js'
import { noteRoutes } from './notes.routes.js'
import { SessionActions } from './session.actions.js'
import { SessionCreator } from './session.create.js'
import { DeskNotes } from './session.notes.js'
import { SessionStatusActions } from './session.status.js'
import { SnoozeEngine } from './snooze.engine.js'

/** How often the snooze engine looks for snoozes that have ended: a session opens at most this late. */
const SNOOZE_CHECK_MS = 15_000

export interface DeskDeps {
  db: Db
  gateway: MessagingGateway
  hub: RealtimeHub
  /** where a message withdrawn before it was sent is announced to the modules */
  events: Pick<EventBus, 'publish'>
  outbox: OutboxService
  users: UsersService
  /** withdrawals, edits and read receipts, stored and retried like sends */
  requests: GatewayRequests
  sessions: SessionDirectory
  media: MediaStore
  /** chat uploads, under the tenant's storage quota */
  uploads: MediaQuota
  logger: Logger
  /** what a material sends as (the material library); without it a material send is not found */
  material?: MaterialResolver
  /** risk control: the tenant's blocked keywords, checked on an edit as on a send */
  risk?: { gate: { blockedKeywordIn: KeywordCheck } }
  /** where a change of the sidebar counts is told to the other processes */
  signals?: Signals
  /** who is at a desk (made before the auth hook, which asks it) */
  presence: DeskPresence
  /** the tenant's AI provider: the AI reply switch is refused while it has none */
  tenantSettings: { service: { aiProvider(tenantId: number): Promise<unknown> } }
  /** where the snooze engine runs */
  engines: Engines
}

/**
 * The agent desk's server side: presence, the session list and actions, the sessions' status and
 * internal notes (with the engine that ends snoozes), the chat calls. Sends
 * go through the outbox; events through the realtime hub. `settled()` runs the withdrawals, edits and read
 * receipts that are due (tests).
 */
export function installDesk(app: FastifyInstance, deps: DeskDeps) {
  const { db, gateway, hub } = deps
  const counts = new CountsCache(deps.signals)
  const list = new SessionListQuery(db, counts)
  const reads = new ChatReads(db, hub, deps.requests, counts)
  const gate = deps.risk?.gate
  const keywords: KeywordCheck | undefined = gate && ((t, text) => gate.blockedKeywordIn(t, text))
  const chat = new ChatService(
    db,
    deps.outbox,
    hub,
    deps.events,
    deps.requests,
    counts,
    deps.material,
    keywords,
  )
  const { presence } = deps
  const aiReplyReady = async (tenantId: number) =>
    (await deps.tenantSettings.service.aiProvider(tenantId)) !== null
  const actions = new SessionActions(db, list, reads, hub, deps.outbox, deps.users, aiReplyReady, deps.events)
  const creator = new SessionCreator(db, gateway, deps.sessions, list, new AccountDirectory(db))
  deskRoutes(app, { presence, list, actions, creator })
  // a session's status is announced where it changes: here, the inbound path and the snooze engine
  const statusUpdates = new SessionStatusUpdates(hub, deps.events)
  const statuses = new SessionStatusActions(db, deps.sessions, statusUpdates)
  const notes = new DeskNotes(db, hub, deps.users)
  noteRoutes(app, { statuses, notes })
  const snooze = new SnoozeEngine(
    deps.sessions,
    statusUpdates,
    SNOOZE_CHECK_MS,
    deps.logger.child({ module: 'snooze' }),
  )
  deps.engines.add(snooze)
  const uploads = new ChatUploads(db, deps.uploads, chat)
  chatRoutes(app, {
    media: new ChatMedia(db, deps.media),
    uploads,
    history: new ChatHistory(db, list.scopes),
    chat,
    reads,
  })
  return {
    list,
    reads,
    chat,
    uploads,
    presence,
    actions,
    creator,
    statuses,
    notes,
    snooze,
    settled: () => deps.requests.drain(),
  }
}

export type Desk = ReturnType<typeof installDesk>
