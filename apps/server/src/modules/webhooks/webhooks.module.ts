import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { DeliveryQueue } from './delivery-queue.repository.js'
import { WebhookDelivery } from './webhook.delivery.js'
import { WebhookPublisher } from './webhook.publisher.js'
import { WebhooksRepository } from './webhooks.repository.js'
import { webhooksRoutes } from './webhooks.routes.js'
import { WebhooksService } from './webhooks.service.js'

export interface WebhooksDeps {
  db: Db
  config: Pick<Config, 'WEBHOOK_LEASE_MS'>
  events: EventBus
  engines: Engines
  outbound: OutboundGuard
  logger: Logger
}

/**
 * Webhooks: the supervisor's endpoints (settings), the events they hear stored as a durable queue
 * of deliveries, and the engine that posts them signed. Its engines start with the others.
 */
export function installWebhooks(app: FastifyInstance, deps: WebhooksDeps) {
  const repo = new WebhooksRepository(deps.db)
  const log = deps.logger.child({ module: 'webhooks' })
  const delivery = new WebhookDelivery({
    repo: new DeliveryQueue(deps.db),
    outbound: deps.outbound,
    events: deps.events,
    log,
    leaseMs: deps.config.WEBHOOK_LEASE_MS,
  })
  const publisher = new WebhookPublisher(deps.db, repo, (ids) => delivery.wake(ids), log)
  const consumer = publisher.subscribe(deps.events)
  const service = new WebhooksService(
    repo,
    deps.outbound,
    (tenantId) => publisher.forget(tenantId),
    (ids) => delivery.wake(ids),
  )
  webhooksRoutes(app, service)
  deps.engines.add(consumer, delivery)
  return {
    service,
    delivery,
    /** resolves once every event heard so far is stored as deliveries (tests) */
    async settled(): Promise<void> {
      await consumer.settled()
      await publisher.flushed()
    },
  }
}
export type Webhooks = ReturnType<typeof installWebhooks>
