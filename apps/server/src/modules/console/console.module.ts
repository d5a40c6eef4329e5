import type { FastifyInstance } from 'fastify'
import type { Server } from 'socket.io'
import type { Db } from '../../db/index.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { AccountAgentsRepository } from '../accounts/account-agents.repository.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import type { Desk } from '../desk/desk.module.js'
import { SessionAllocationQuery } from '../sessions/session-allocation.query.js'
import type { UserAdminRepository } from '../users/user-admin.repository.js'
import type { UsersService } from '../users/users.service.js'
import { consoleRoutes } from './console.routes.js'
import { ConsoleService } from './console.service.js'
import { ConsoleSockets } from './console.sockets.js'

/**
 * The session console (/sessionConsole). It owns no table: sessions, accounts and people are read
 * and changed through their owners; moves are the desk's migration.
 */
export function installConsole(
  app: FastifyInstance,
  deps: {
    db: Db
    hub: RealtimeHub
    desk: Pick<Desk, 'actions' | 'list'>
    users: UsersService
    people: UserAdminRepository
    accountAgents: AccountAgentsRepository
    io: Pick<Server, 'in'>
    accountChanged: (accountId: number) => void
  },
): ConsoleService {
  const service = new ConsoleService({
    hub: deps.hub,
    actions: deps.desk.actions,
    counts: deps.desk.list.countsCache,
    users: deps.users,
    allocation: new SessionAllocationQuery(deps.db, deps.desk.list),
    accounts: new AccountsRepository(deps.db),
    accountAgents: deps.accountAgents,
    people: deps.people,
    sockets: new ConsoleSockets(deps.db, deps.io),
    accountChanged: deps.accountChanged,
  })
  consoleRoutes(app, service)
  return service
}
