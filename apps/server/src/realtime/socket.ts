import {
  type ClientToServerEvents,
  DESK_ROLES,
  ErrorCode,
  type JoinAck,
  Role,
  type RoleId,
  roomOf,
  type ServerToClientEvents,
  SOCKET_PATH,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import { Server, type Socket } from 'socket.io'
import { valueTooDeep } from '../http/json-depth.js'
import type { Actor } from '../http/types.js'
import type { HubRelay } from './hub.js'

/** how often connected sockets' tokens are checked again */
const SWEEP_MS = 60_000

/**
 * Roles that work every chat of their tenant at the desk, and so hear the tenant room (an agent
 * hears its own sessions). The team lead reads chat history only, which is not live: it hears
 * its own user room and joins no session.
 */
const TENANT_ROOM_ROLES: readonly RoleId[] = [Role.customerMaster]

interface SocketData {
  actor: Actor
  token: string
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>

export interface RealtimeDeps {
  /** The same resolution as the REST auth hook (TokenService.resolve). */
  resolveToken: (token: string) => Promise<Actor | null>
  /** The same check a REST call on the session would make. */
  canJoinSession: (actor: Actor, sessionId: number) => Promise<boolean>
  relay: HubRelay
  /** rooms shared across processes (the Redis adapter), when there are several */
  adapt?: (io: Server) => void
}

/**
 * Socket.IO on the Fastify server at /socket.io. A socket authenticates with the bearer token in
 * `handshake.auth.token`; it joins `user:<id>` and, for supervisors and team leads (who may read
 * every chat of the tenant), `tenant:<id>`; agents hear their sessions through `user:<id>`. It joins
 * `session:<id>` on request after the session check. The token is resolved again on every join,
 * so a revoked token cannot join new rooms, and every minute for every socket, so a revoked or
 * expired token stops hearing its rooms. With several processes (REDIS_URL) the rooms are shared
 * through the Redis adapter, so an event emitted in one process reaches sockets on every one.
 */
export function installRealtime(
  app: FastifyInstance,
  deps: RealtimeDeps,
): { io: Server; sweep: () => Promise<number> } {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    app.server,
    {
      path: SOCKET_PATH,
      serveClient: false,
    },
  )
  deps.adapt?.(io as unknown as Server)

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token
    const actor = typeof token === 'string' && token ? await deps.resolveToken(token).catch(() => null) : null
    if (!actor) {
      const err = new Error('unauthorized') as Error & { data?: unknown }
      err.data = { code: ErrorCode.unauthorized }
      return next(err)
    }
    socket.data.actor = actor
    socket.data.token = token as string
    next()
  })

  io.on('connection', (socket: AppSocket) => {
    const actor = socket.data.actor
    const rooms = [roomOf.user(actor.userId)]
    if (TENANT_ROOM_ROLES.includes(actor.roleId)) rooms.push(roomOf.tenant(actor.tenantId))
    void socket.join(rooms)

    // an event nested past JSON_DEPTH_MAX reaches no listener (a listener walking it could run out
    // of stack); its acknowledgement, if it asks for one, answers a bad request
    socket.use((packet, next) => {
      if (!valueTooDeep(packet)) return next()
      const ack: unknown = packet.at(-1)
      if (typeof ack === 'function') ack({ ok: false, code: ErrorCode.badRequest } satisfies JoinAck)
    })

    socket.on('session.join', async (req, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined
      // a rejected listener would be an unhandled rejection: answer the fault instead
      reply(
        await join(socket, req?.sessionId).catch((): JoinAck => ({ ok: false, code: ErrorCode.internal })),
      )
    })
    socket.on('session.leave', async (req, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined
      const id = Number(req?.sessionId)
      if (Number.isSafeInteger(id) && id > 0) await socket.leave(roomOf.session(id))
      reply({ ok: true })
    })
  })

  async function join(socket: AppSocket, sessionId: unknown): Promise<JoinAck> {
    const id = Number(sessionId)
    if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, code: ErrorCode.badRequest }
    const actor = await deps.resolveToken(socket.data.token).catch(() => null)
    if (!actor) {
      // after the answer has gone out
      setImmediate(() => socket.disconnect(true))
      return { ok: false, code: ErrorCode.unauthorized }
    }
    // a session's live events are the desk's: roles without the desk hear none of them
    if (!DESK_ROLES.includes(actor.roleId)) return { ok: false, code: ErrorCode.forbidden }
    if (!(await deps.canJoinSession(actor, id))) return { ok: false, code: ErrorCode.notFound }
    await socket.join(roomOf.session(id))
    return { ok: true }
  }

  /** Drop sockets whose token was revoked or expired since they connected (they would keep hearing their rooms). */
  async function sweep(): Promise<number> {
    let dropped = 0
    for (const socket of io.of('/').sockets.values()) {
      if (await deps.resolveToken(socket.data.token).catch(() => null)) continue
      socket.disconnect(true)
      dropped++
    }
    return dropped
  }
  const sweeper = setInterval(() => void sweep(), SWEEP_MS)
  sweeper.unref()

  deps.relay.attach({
    emit: (rooms, event, payload) =>
      io.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>)),
  })
  app.addHook('preClose', async () => {
    clearInterval(sweeper)
    io.local.disconnectSockets(true)
  })
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      io.close(() => resolve())
    })
  })
  return { io, sweep }
}
