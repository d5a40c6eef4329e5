import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import { EngineStage, type Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import { type MetricSources, OpsMetrics } from './ops.metrics.js'
import { Readiness, type RedisPing } from './ops.readiness.js'
import { opsRoutes } from './ops.routes.js'

export interface OpsDeps {
  db: Db
  logger: Logger
  /** METRICS_TOKEN guards /metrics; REDIS_URL is checked by /readyz */
  config: Pick<Config, 'METRICS_TOKEN' | 'REDIS_URL'>
  events: EventBus
  engines: Engines
  sources: MetricSources
  /** a Redis client for the readiness check instead of one made from REDIS_URL (tests) */
  redis?: RedisPing
}

/**
 * Operability: /healthz, /readyz and /metrics, and the counters fed by what the server already
 * announces (responses, realtime message updates, stored inbound messages, gateway sends).
 */
export function installOps(app: FastifyInstance, deps: OpsDeps) {
  const metrics = new OpsMetrics(deps.sources)
  const redis =
    deps.redis ?? (deps.config.REDIS_URL ? connectRedis(deps.config.REDIS_URL, deps.logger) : null)
  const readiness = new Readiness(deps.db, redis)
  if (redis && !deps.redis) app.addHook('onClose', async () => redis.disconnect())
  opsRoutes(app, { metrics, readiness, metricsToken: deps.config.METRICS_TOKEN })

  app.addHook('onResponse', async (_request, reply) => {
    metrics.response(reply.statusCode)
  })
  // a message that ends failed is announced once to its rooms, with its reason
  deps.events.subscribe('message.updated', (m) => {
    if (m.status === 'failed') metrics.failed(m.failureReason ?? 'unknown')
  })
  // inbound lag of live messages, from WhatsApp's timestamp to the commit that stored them
  deps.events.subscribe('message.stored', (e) => {
    if (e.live) metrics.inbound(Date.now() - e.message.timestamp)
  })
  // ready once every other engine has started
  deps.engines.addAt(EngineStage.ready, readiness)

  return {
    metrics,
    readiness,
    /** the gateway as the outbox sees it: every send counted by its result */
    countSends: (gateway: MessagingGateway): MessagingGateway => countingSends(gateway, metrics),
    /** the links' statuses counted (refused client versions) */
    watchLinks: (gateway: MessagingGateway) =>
      gateway.on('status', ({ status }) => metrics.linkStatus(status)),
  }
}

function connectRedis(url: string, logger: Logger): RedisPing {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  let reported = false
  // a lost connection is retried by the client and shows on /readyz; it is logged once per outage
  client.on('error', (err) => {
    if (!reported) logger.warn({ err: err.message }, 'redis unavailable')
    reported = true
  })
  client.on('ready', () => {
    reported = false
  })
  return client
}

function countingSends(gateway: MessagingGateway, metrics: OpsMetrics): MessagingGateway {
  return new Proxy(gateway, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof value !== 'function') return value
      if (key !== 'send') return value.bind(target)
      return async (...args: Parameters<MessagingGateway['send']>) => {
        try {
          const sent = await target.send(...args)
          metrics.sent('sent')
          return sent
        } catch (err) {
          metrics.sent(isGatewayError(err) ? err.code : 'error')
          throw err
        }
      }
    },
  })
}
