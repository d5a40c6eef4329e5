import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { EventBus } from '../../events/bus.js'
import type { AccountAssignments } from '../accounts/index.js'
import type { TokenService } from '../auth/index.js'
import type { SeatsService } from '../billing/index.js'
import { AgentRoster } from '../users/index.js'
import { AgentGroupsRepository } from './agent-groups.repository.js'
import { agentsAdminRoutes } from './agents.routes.js'
import { AgentsService } from './agents.service.js'

/** The supervisor's agents and agent groups (/customerServiceManage). */
export function installAgents(
  app: FastifyInstance,
  deps: {
    db: Db
    seats: SeatsService
    assignments: AccountAssignments
    tokens: TokenService
    events: EventBus
  },
): AgentsService {
  const service = new AgentsService(
    deps.db,
    new AgentRoster(deps.db),
    new AgentGroupsRepository(deps.db),
    deps.seats,
    deps.assignments,
    deps.tokens,
    deps.events,
  )
  agentsAdminRoutes(app, service)
  return service
}
