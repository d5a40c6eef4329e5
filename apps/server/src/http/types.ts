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
