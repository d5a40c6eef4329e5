import type { RoleId } from '@app/core'

/** Who is calling: resolved from the bearer token by the auth hook. */
export interface Actor {
  userId: number
  tenantId: number
  roleId: RoleId
  username: string
  tokenId: number
  isPlatform: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on this route. Every /damai route declares roles or `public: true`. */
    roles?: readonly RoleId[]
    public?: boolean
    /** the route that enters the desk: its desk-id is not checked against the live desk */
    deskEnter?: boolean
  }
  interface FastifyRequest {
    actor: Actor | null
  }
}

/** The signed-in caller; the auth hook guarantees it on non-public routes. */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new Error('actorOf called on a public route')
  return request.actor
}
