import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { OpsMetrics } from './ops.metrics.js'
import type { Readiness } from './ops.readiness.js'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Who may scrape: with METRICS_TOKEN set, a request bearing that token (401 otherwise); without
 * it, loopback clients only (403 otherwise). Behind TRUST_PROXY the client is the first address
 * that is not a trusted proxy, read from the right of X-Forwarded-For, so a proxied outsider is
 * never taken for the local machine, whatever it writes into the header itself.
 */
function mayScrape(request: FastifyRequest, reply: FastifyReply, token: string | undefined): boolean {
  if (token) {
    const [scheme, value] = (request.headers.authorization ?? '').split(' ')
    if (scheme?.toLowerCase() === 'bearer' && value && sameSecret(value, token)) return true
    reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n')
    return false
  }
  if (LOOPBACK.has(request.ip)) return true
  reply.code(403).type('text/plain').send('forbidden: set METRICS_TOKEN to scrape from another host\n')
  return false
}

/**
 * The load balancer's and the monitoring's endpoints, outside /damai and outside sign-in:
 * /healthz (the process answers; no I/O), /readyz (database, Redis when configured, engines
 * started), /metrics (Prometheus text format).
 */
export function opsRoutes(
  app: FastifyInstance,
  deps: { metrics: OpsMetrics; readiness: Readiness; metricsToken: string | undefined },
): void {
  const hidden = { config: { public: true }, schema: { hide: true } } as const
  app.get('/healthz', hidden, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { ok: true }
  })
  app.get('/readyz', hidden, async (_req, reply) => {
    const checks = await deps.readiness.check()
    const ok = Object.values(checks).every((c) => c === 'ok' || c === 'not configured')
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok, checks })
  })
  app.get('/metrics', hidden, async (request, reply) => {
    if (!mayScrape(request, reply, deps.metricsToken)) return reply
    const body = await deps.metrics.text()
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(body)
  })
}
