import { randomBytes } from 'node:crypto'
import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { HubRelay } from '../../realtime/hub.js'
import { AccountDirectory } from '../accounts/index.js'
import type { VisibleSessions } from '../fans/index.js'
import { MassAudienceQuery } from '../fans/index.js'
import type { MediaStore } from '../messages/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { GroupDirectory } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { LaneSender } from './lane.sender.js'
import { LaneWorker } from './lane.worker.js'
import { LanesRepository } from './lanes.repository.js'
import { MassSendEngine } from './massSend.engine.js'
import { TaskLifecycle } from './massSend.lifecycle.js'
import { Preparer } from './massSend.prepare.js'
import { MassSendProgress } from './massSend.progress.js'
import { MassSendRepository } from './massSend.repository.js'
import { massSendRoutes } from './massSend.routes.js'
import type { MaterialLookup } from './massSend.sentences.js'
import { MassSendService, type TenantLabels } from './massSend.service.js'
import { TaskCache } from './massSend.tasks.js'
import { RecipientLogQuery } from './recipient-log.query.js'
import { RecipientsRepository } from './recipients.repository.js'

/**
 * Lanes stepped per engine round. Small rounds keep timed sends on time (a lane falling due waits
 * for the round in progress at most); more rounds follow at once while lanes are due.
 */
const LANES_PER_ROUND = 10

export interface MassSendDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: HubRelay
  outbox: OutboxService
  users: UsersService
  sessions: SessionDirectory
  media: MediaStore
  /** the material libraries' "send a material as" (the creator must see the material) */
  material: MaterialLookup
  /** the labels module's list of a tenant's labels */
  labels: { list: TenantLabels }
  /** the sessions module's visibility rule: an agent's customers are the fans of the sessions they see */
  visibleSessions: VisibleSessions
  events: EventBus
  engines: Engines
  /** draws of the intervals and round sizes (tests pass a fixed one) */
  random?: () => number
}

/**
 * Mass send: routes, the service, and the engine that runs tasks through the outbox. Installed
 * after the outbox, the fans, the desk and the materials, whose services it calls; adds its engine
 * to the app's engines.
 */
export function installMassSend(app: FastifyInstance, deps: MassSendDeps) {
  const { db, config } = deps
  const random = deps.random ?? Math.random
  const tasks = new MassSendRepository(db)
  const recipients = new RecipientsRepository(db)
  const lanes = new LanesRepository(db)
  const log = new RecipientLogQuery(db)
  const progress = new MassSendProgress(tasks, log, deps.users, deps.hub)
  const lifecycle = new TaskLifecycle(db, tasks, recipients, lanes, progress, random, deps.events)
  const audience = new MassAudienceQuery(db, deps.visibleSessions)
  const cache = new TaskCache(tasks)
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  const leaseMs = config.OUTBOX_LEASE_MS
  const sender = new LaneSender(
    db,
    recipients,
    lanes,
    deps.sessions,
    new GroupDirectory(db),
    deps.outbox,
    owner,
    random,
  )
  const worker = new LaneWorker(
    db,
    recipients,
    lanes,
    cache,
    lifecycle,
    deps.users,
    deps.gateway,
    sender,
    { leaseMs, accountMaxWaitMs: config.OUTBOX_MAX_WAIT_MS },
    owner,
    random,
    deps.logger.child({ module: 'mass-send' }),
  )
  const preparer = new Preparer(db, tasks, recipients, audience, lifecycle, owner, leaseMs)
  const engine = new MassSendEngine(
    tasks,
    lanes,
    cache,
    preparer,
    lifecycle,
    worker,
    progress,
    { pollMs: config.OUTBOX_POLL_MS, leaseMs, batch: LANES_PER_ROUND, countersEveryMs: 2_000 },
    deps.logger.child({ module: 'mass-send' }),
    owner,
  )
  // a recipient's message that changed status moves its task's counters
  deps.events.subscribe('message.updated', (m) => engine.noteMessage(m))
  deps.engines.add(engine)
  const service = new MassSendService({
    db,
    tasks,
    recipients,
    log,
    progress,
    lifecycle,
    accounts: new AccountDirectory(db),
    audience,
    labels: (tenantId) => deps.labels.list(tenantId),
    media: deps.media,
    materials: deps.material,
    users: deps.users,
    wake: () => engine.wake(),
  })
  massSendRoutes(app, service, log)
  return { service, engine, progress }
}
