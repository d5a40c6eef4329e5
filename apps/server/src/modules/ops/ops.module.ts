import type { MessageUpdatedEvent } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/port.js'
import type { HubRelay } from '../../realtime/hub.js'
import type { StoredInbound } from '../messages/inbound.service.js'
import { type MetricSources, OpsMetrics } from './ops.metrics.js'
import { Readiness, type RedisPing } from './ops.readiness.js'
import { opsRoutes } from './ops.routes.js'

export interface OpsDeps {
  db: Db
  logger: Logger
  metricsToken: string | undefined
  redisUrl: string | undefined
  hub: HubRelay
  sources: MetricSources
  /** a Redis client for the readiness check instead of one made from `redisUrl` (tests) */
  redis?: RedisPing
}

/**
 * Operability: /healthz, /readyz and /metrics, and the counters fed by what the server already
 * announces (responses, realtime message updates, stored inbound messages, gateway sends).
 */
export function installOps(app: FastifyInstance, deps: OpsDeps) {
  const metrics = new OpsMetrics(deps.sources)
  const redis = deps.redis ?? (deps.redisUrl ? connectRedis(deps.redisUrl, deps.logger) : null)
  const readiness = new Readiness(deps.db, redis)
  if (redis && !deps.redis) app.addHook('onClose', async () => redis.disconnect())
  opsRoutes(app, { metrics, readiness, metricsToken: deps.metricsToken })

  app.addHook('onResponse', async (_request, reply) => {
    metrics.response(reply.statusCode)
  })
  // a message that ends failed is announced once to its rooms, with its reason
  deps.hub.observe((_rooms, event, payload) => {
    if (event !== 'message.updated') return
    const m = payload as MessageUpdatedEvent
    if (m.status === 'failed') metrics.failed(m.failureReason ?? 'unknown')
  })

  return {
    metrics,
    /** the readiness engine: add it after every other engine */
    readiness,
    /** inbound lag of live messages, from WhatsApp's timestamp to the commit that stored them */
    inboundStored: (e: StoredInbound) => {
      if (e.live) metrics.inbound(Date.now() - e.message.timestamp)
    },
    /** the gateway as the outbox sees it: every send counted by its result */
    countSends: (gateway: MessagingGateway): MessagingGateway => countingSends(gateway, metrics),
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
