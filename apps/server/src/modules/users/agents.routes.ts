import { Access, type AgentView, type DeskAccountView } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Caller, callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'

const tags = ['desk']

/**
 * The desk's people and accounts: the tenant's agents (the supervisor's "act as" picker and the
 * migrate dialog, which agents use too) and the WS accounts of the desk with the viewer's unread.
 */
export interface AgentsQueries {
  agents(tenantId: number): Promise<AgentView[]>
  deskAccounts(caller: Caller): Promise<DeskAccountView[]>
}

export function agentsRoutes(app: FastifyInstance, queries: AgentsQueries): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/damai/customer/user/agents',
    {
      config: { roles: Access.desk },
      schema: { tags, summary: "The tenant's enabled agents (id, username, nickname)" },
    },
    async (req) => ok(await queries.agents(callerOf(req).tenantId)),
  )
  r.get(
    '/damai/customer/user/deskAccounts',
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: "The desk's WS accounts with status and the viewer's unread (customer-user-id: acting)",
      },
    },
    async (req) => ok(await queries.deskAccounts(callerOf(req))),
  )
}
