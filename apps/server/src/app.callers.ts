import type { FastifyInstance } from 'fastify'
import type { Cluster } from './cluster/cluster.js'
import type { Config } from './config.js'
import type { Db } from './db/index.js'
import { installAuth } from './http/auth.js'
import { callerOfActor } from './http/caller.js'
import { LoginLimiter, TokenService } from './modules/auth/index.js'
import { DeskPresence } from './modules/desk/index.js'
import { platformCore } from './modules/platform/index.js'
import { canFollowSession } from './modules/sessions/index.js'
import { UsersService } from './modules/users/index.js'
import type { HubRelay, RealtimeHub } from './realtime/hub.js'
import { installRealtime } from './realtime/socket.js'

/**
 * Who calls: sign-in tokens, the failed sign-in limiter, users (with the platform's profile
 * settings), the agents' open desks, and the auth hook every route runs behind (installed before
 * any route).
 */
export function installCallers(
  app: FastifyInstance,
  { db, config, hub }: { db: Db; config: Config; hub: RealtimeHub },
) {
  const tokens = new TokenService(db, config.TOKEN_TTL_HOURS * 3_600_000)
  const limiter = new LoginLimiter(db, config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_MINUTES * 60_000)
  const platform = platformCore(db)
  const users = new UsersService(db, tokens, limiter, (actor) => platform.settings.profileForUser(actor))
  const presence = new DeskPresence(db, hub, users)
  const routes = installAuth(app, tokens, {
    isActiveAgent: (tenantId, userId) => users.isActiveAgent(tenantId, userId),
    isLiveDesk: (tenantId, userId, deskId) => presence.isLive(tenantId, userId, deskId),
  })
  return { tokens, limiter, platform, users, presence, routes }
}

/** Socket.IO: a socket signs in with its token and follows only the sessions its user may see. */
export function installSockets(
  app: FastifyInstance,
  { db, hub, cluster, tokens }: { db: Db; hub: HubRelay; cluster: Cluster; tokens: TokenService },
) {
  return installRealtime(app, {
    resolveToken: (t) => tokens.resolve(t),
    canJoinSession: (actor, id) => canFollowSession(db, callerOfActor(actor), id),
    relay: hub,
    adapt: (io) => cluster.adapt(io),
  })
}
