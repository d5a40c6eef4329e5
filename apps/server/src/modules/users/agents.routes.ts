import { type AgentView, deskPeopleEndpoints as api, type DeskAccountView } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { type Caller, callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'

/**
 * The desk's people and accounts: the tenant's agents (the supervisor's "act as" picker and the
 * migrate dialog, which agents use too) and the WS accounts of the desk with the viewer's unread.
 */
export interface AgentsQueries {
  agents(tenantId: number): Promise<AgentView[]>
  deskMembers(tenantId: number): Promise<AgentView[]>
  deskAccounts(caller: Caller): Promise<DeskAccountView[]>
}

export function agentsRoutes(app: FastifyInstance, queries: AgentsQueries): void {
  route(app, api.agents, async (req) => ok(await queries.agents(callerOf(req).tenantId)))
  route(app, api.deskMembers, async (req) => ok(await queries.deskMembers(callerOf(req).tenantId)))
  route(app, api.deskAccounts, async (req) => ok(await queries.deskAccounts(callerOf(req))))
}
