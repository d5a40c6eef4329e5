import type { Logger } from 'pino'
import type { Signals } from '../../cluster/signals.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { MediaStore } from '../messages/index.js'
import type { RiskGate } from '../risk/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { GatewayRequests } from './gateway-requests.engine.js'
import { OutboxDispatcher } from './outbox.engine.js'
import { OutboxService } from './outbox.service.js'
import { SendPacer } from './send-pacer.js'

export interface OutboxDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: RealtimeHub
  /** where a message's new status, edit or withdrawal is announced to the modules */
  events: Pick<EventBus, 'publish'>
  users: UsersService
  media: MediaStore
  sessions: SessionDirectory
  /** the risk gate the dispatcher asks before each send */
  risk?: RiskGate
  /** several processes sharing the accounts (a lease): this process's id, and where a queued send wakes the others */
  cluster: { lease?: unknown; self: string; signals: Signals }
  engines: Engines
}

const WAKE_TOPIC = 'outbox.wake'

/**
 * The one outbound path: every message is queued here and sent by the dispatcher; withdrawals
 * and read receipts are requests stored and retried on the same terms.
 */
export function installOutbox(deps: OutboxDeps) {
  const { db, config, logger, gateway, hub, events } = deps
  const shared = deps.cluster.lease ? { self: deps.cluster.self, signals: deps.cluster.signals } : undefined
  const outbox = new OutboxService(db, deps.sessions, deps.users, gateway, hub, deps.media)
  const dispatcher = new OutboxDispatcher(
    db,
    gateway,
    deps.users,
    new SendPacer(db, { perMinute: config.SEND_RATE_PER_MINUTE, burst: config.SEND_BURST }),
    deps.media,
    hub,
    events,
    {
      pollMs: config.OUTBOX_POLL_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      batch: 50,
      maxWaitMs: config.OUTBOX_MAX_WAIT_MS,
      maxAttempts: 5,
      sendTimeoutMs: config.OUTBOX_SEND_TIMEOUT_MS,
      clusterSelf: shared?.self,
    },
    logger.child({ module: 'outbox' }),
    deps.risk ?? null,
  )
  // a send queued here may be for an account another process holds: that process is woken too
  outbox.onEnqueued = () => {
    dispatcher.wake()
    shared?.signals.publish(WAKE_TOPIC, null)
  }
  shared?.signals.subscribe(WAKE_TOPIC, (_payload, fromSelf) => {
    if (!fromSelf) dispatcher.wake()
  })
  const requests = new GatewayRequests(
    db,
    gateway,
    hub,
    events,
    {
      pollMs: config.OUTBOX_POLL_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      maxWaitMs: config.OUTBOX_MAX_WAIT_MS,
      maxAttempts: 5,
      clusterSelf: shared?.self,
    },
    logger.child({ module: 'gateway-requests' }),
  )
  deps.engines.add(dispatcher, requests)
  return { outbox, dispatcher, requests }
}
