import { ErrorCode, Header, type RoleId, roleName } from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TokenService } from '../modules/auth/token.service.js'
import { AppError } from './errors.js'
import type { Actor } from './types.js'

export interface RouteAccess {
  method: string
  url: string
  access: string
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value : null
}

/**
 * The one gate: resolves the bearer token to an actor, checks the tenant-id header against it,
 * then the route's declared roles. Runs before body validation, so the order of answers is
 * 401 → 403 → 400.
 */
export function installAuth(app: FastifyInstance, tokens: TokenService): RouteAccess[] {
  const table: RouteAccess[] = []
  app.decorateRequest('actor', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/damai/')) return
    const cfg = route.config as { roles?: readonly number[]; public?: boolean } | undefined
    if (!cfg?.public && !cfg?.roles?.length) {
      throw new Error(`Route ${route.method} ${route.url} declares neither roles nor public`)
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      table.push({
        method,
        url: route.url,
        access: cfg.public ? 'public' : (cfg.roles ?? []).map((r) => roleName(r as RoleId)).join(','),
      })
    }
  })

  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config
    if (!request.routeOptions.url || cfg.public || !cfg.roles) return
    const raw = bearerToken(request)
    const actor: Actor | null = raw ? await tokens.resolve(raw) : null
    if (!actor) throw new AppError(ErrorCode.unauthorized)
    const tenantHeader = request.headers[Header.tenantId]
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== String(actor.tenantId)) {
      throw new AppError(ErrorCode.unauthorized, { messageCode: ErrorCode.tenantMismatch })
    }
    if (!cfg.roles.includes(actor.roleId)) throw new AppError(ErrorCode.forbidden)
    request.actor = actor
  })
  return table
}
