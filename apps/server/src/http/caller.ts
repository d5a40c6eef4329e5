import { Role, type RoleId } from '@app/core'
import type { Actor } from './types.js'

/**
 * Who is calling, resolved once per request by the auth hook and handed to handlers: the
 * signed-in user, and for desk calls the agent the call works for. No handler resolves identity
 * itself.
 */
export interface Caller {
  tenantId: number
  /** the signed-in user */
  userId: number
  roleId: RoleId
  username: string
  tokenId: number
  isPlatform: boolean
  /**
   * Whose desk, read state and personal library the call works on: the agent a supervisor acts
   * as (`customer-user-id`, checked to be an enabled agent of the tenant), else the caller.
   */
  actingUserId: number
  /**
   * Limits sessions to one agent's: set for an agent (customerUser) and for a supervisor acting
   * as an agent; null means the whole tenant.
   */
  agentId: number | null
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null
  }
}

/** The caller of a non-public route; the auth hook guarantees it there. */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw new Error('callerOf called on a public route')
  return request.caller
}

/** The caller a token alone makes (a socket): acting as nobody else, an agent limited to their own sessions. */
export function callerOfActor(actor: Actor): Caller {
  return {
    ...actor,
    actingUserId: actor.userId,
    agentId: actor.roleId === Role.customerUser ? actor.userId : null,
  }
}
