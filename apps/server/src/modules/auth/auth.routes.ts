import { Access, adminLoginBody, loginBody, USERNAME_MAX } from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const rateLimit = { max: ratePerMinute, timeWindow: '1 minute' }

  r.post(
    '/damai/system/auth/login',
    {
      config: { public: true, rateLimit },
      schema: { tags: ['auth'], summary: 'Sign in (tenant users)', body: loginBody },
    },
    async (req) => ok(await auth.login(req.body, meta(req))),
  )
  r.post(
    '/damai/system/auth/admin/login',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with enterprise account and captcha',
        body: adminLoginBody,
      },
    },
    async (req) => ok(await auth.adminLogin(req.body, meta(req))),
  )
  r.get(
    '/damai/admin/user/getUserTenantIdByName',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Tenant id of an enterprise account name',
        querystring: z.object({ name: z.string().trim().min(1, 'required').max(USERNAME_MAX, 'tooLong') }),
      },
    },
    async (req) => ok(await auth.tenantIdByName(req.query.name)),
  )
  r.post(
    '/damai/system/auth/logout',
    { config: { roles: Access.all }, schema: { tags: ['auth'], summary: 'Sign out: revokes this token' } },
    async (req) => {
      await tokens.revoke(callerOf(req).tenantId, callerOf(req).tokenId)
      return ok(null)
    },
  )
}
