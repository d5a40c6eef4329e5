import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { AccountAgentsRepository } from '../accounts/account-agents.repository.js'
import type { TokenService } from '../auth/token.service.js'
import type { SeatsService } from '../billing/seats.service.js'
import type { UserAdminRepository } from '../users/user-admin.repository.js'
import { AgentGroupsRepository } from './agent-groups.repository.js'
import { agentsAdminRoutes } from './agents.routes.js'
import { AgentsService } from './agents.service.js'

/** The supervisor's agents and agent groups (/customerServiceManage). */
export function installAgents(
  app: FastifyInstance,
  deps: {
    db: Db
    users: UserAdminRepository
    seats: SeatsService
    accounts: AccountAgentsRepository
    tokens: TokenService
  },
): AgentsService {
  const service = new AgentsService(
    deps.db,
    deps.users,
    new AgentGroupsRepository(deps.db),
    deps.seats,
    deps.accounts,
    deps.tokens,
  )
  agentsAdminRoutes(app, service)
  return service
}
