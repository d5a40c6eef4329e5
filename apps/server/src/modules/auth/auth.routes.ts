import { authEndpoints as api } from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AuthService, ClientMeta } from './auth.service.js'
import type { TokenService } from './token.service.js'

const meta = (req: FastifyRequest): ClientMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' })

export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  tokens: TokenService,
  ratePerMinute: number,
): void {
  // sign-ins and the tenant lookup are open: each address is held to a rate
  const limited = { config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } } }
  route(app, api.login, async (req) => ok(await auth.login(req.body, meta(req))), limited)
  route(app, api.adminLogin, async (req) => ok(await auth.adminLogin(req.body, meta(req))), limited)
  route(app, api.tenantIdByName, async (req) => ok(await auth.tenantIdByName(req.query.name)), limited)
  route(app, api.logout, async (req) => {
    await tokens.revoke(callerOf(req).tenantId, callerOf(req).tokenId)
    return ok(null)
  })
}
