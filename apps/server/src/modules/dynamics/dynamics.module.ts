import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Engines } from '../../engines/engines.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { AccountDirectory } from '../accounts/index.js'
import type { MediaStore } from '../messages/index.js'
import { DynamicsEngine } from './dynamics.engine.js'
import { DynamicsRepository } from './dynamics.repository.js'
import { dynamicsRoutes } from './dynamics.routes.js'
import { DynamicsService } from './dynamics.service.js'

/** Gateway events: a status viewer by account. */
const system = openSystemScope('modules/dynamics/dynamics.module')

/** Where WhatsApp status posts are addressed. */
const STATUS_JID = 'status@broadcast'

export interface DynamicsDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  media: MediaStore
  engines: Engines
}

/**
 * WS dynamics: routes, the service and the engine that makes each account's part of a post.
 * Viewers come from WhatsApp's receipts of the post (read or played, per viewer).
 */
export function installDynamics(app: FastifyInstance, deps: DynamicsDeps) {
  const { db, config } = deps
  const log = deps.logger.child({ module: 'dynamics' })
  const repo = new DynamicsRepository(db)
  const accounts = new AccountDirectory(db)
  const engine = new DynamicsEngine(
    db,
    repo,
    accounts,
    deps.gateway,
    deps.media,
    {
      pollMs: config.OUTBOX_POLL_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      maxWaitMs: config.OUTBOX_MAX_WAIT_MS,
      maxAttempts: 5,
    },
    log,
  )
  let viewers = Promise.resolve()
  deps.gateway.on('message.status', (u) => {
    if (u.ref.chatId !== STATUS_JID || !u.ref.fromMe || !u.by) return
    if (u.status !== 'read' && u.status !== 'played') return
    const by = u.by
    // queued, never awaited: the gateway's handlers must not wait on this
    viewers = viewers
      .then(() => repo.systemAddViewer(system, Number(u.accountId), u.ref.id, by, u.at ?? Date.now()))
      .then(
        () => undefined,
        (err) => log.warn({ err }, 'status viewer not stored'),
      )
  })
  const service = new DynamicsService(db, repo, accounts, deps.media, () => engine.wake())
  dynamicsRoutes(app, service)
  deps.engines.add(engine)
  return { service, engine, viewersStored: () => viewers }
}
