import { DESK_ID_HEADER, ErrorCode, Header, Role, type RoleId, roleName } from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TokenService } from '../modules/auth/index.js'
import type { Caller } from './caller.js'
import { AppError, badRequest } from './errors.js'
import type { Actor } from './types.js'

/** What the auth hook asks of the modules that own users and desk presence. */
export interface CallerChecks {
  /** whether `userId` is an enabled agent (customerUser) of the tenant */
  isActiveAgent(tenantId: number, userId: number): Promise<boolean>
  /** whether `deskId` is the live desk of the user (one live desk per agent) */
  isLiveDesk(tenantId: number, userId: number, deskId: string): Promise<boolean>
}

export interface RouteAccess {
  method: string
  url: string
  access: string
}

function bearerToken(request: FastifyRequest): string | null {
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
export function installAuth(app: FastifyInstance, tokens: TokenService, checks: CallerChecks): RouteAccess[] {
  const table: RouteAccess[] = []
  app.decorateRequest('actor', null)
  app.decorateRequest('caller', null)

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
    request.caller = await resolveCaller(request, actor, checks, cfg.deskEnter === true)
  })

  // Entering the desk names the agent in its body: the same check as the header, once the body is read.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.deskEnter !== true || !request.caller) return
    const wanted = (request.body as { customerUserId?: number } | undefined)?.customerUserId
    if (wanted === undefined) return
    const header = headerValue(request, Header.customerUserId)
    if (header !== undefined && header !== String(wanted)) throw badRequest('invalid')
    request.caller = await actAs(request.caller, wanted, checks)
  })
  return table
}

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name]
  const value = Array.isArray(raw) ? raw[0] : raw
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/**
 * The caller of the request. A supervisor at the desk as one of their agents sends
 * `customer-user-id: <agent userId>`; every other role's header is ignored. A desk call carries
 * `desk-id`: one that is not the acting user's live desk was replaced by a newer one (433),
 * except on the route that enters the desk.
 */
async function resolveCaller(
  request: FastifyRequest,
  actor: Actor,
  checks: CallerChecks,
  entersDesk: boolean,
): Promise<Caller> {
  const self: Caller = { ...actor, actingUserId: actor.userId, agentId: null }
  const acting =
    actor.roleId === Role.customerMaster ? headerValue(request, Header.customerUserId) : undefined
  const caller = await actAs(
    actor.roleId === Role.customerUser ? { ...self, agentId: actor.userId } : self,
    acting === undefined ? undefined : Number(acting),
    checks,
  )
  const deskId = headerValue(request, DESK_ID_HEADER)
  if (
    deskId !== undefined &&
    !entersDesk &&
    !(await checks.isLiveDesk(caller.tenantId, caller.actingUserId, deskId))
  )
    throw new AppError(ErrorCode.deskTaken)
  return caller
}

/** The caller acting as agent `id`: it must be an enabled customerUser of the caller's tenant, else 403. */
async function actAs(caller: Caller, id: number | undefined, checks: CallerChecks): Promise<Caller> {
  if (id === undefined || caller.roleId !== Role.customerMaster || id === caller.userId) return caller
  if (!Number.isSafeInteger(id) || id <= 0) throw actingUserInvalid()
  if (!(await checks.isActiveAgent(caller.tenantId, id))) throw actingUserInvalid()
  return { ...caller, actingUserId: id, agentId: id }
}

const actingUserInvalid = () =>
  new AppError(ErrorCode.forbidden, { messageCode: ErrorCode.actingUserInvalid })
