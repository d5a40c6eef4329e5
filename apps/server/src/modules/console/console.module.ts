import type { FastifyInstance } from 'fastify'
import type { Server } from 'socket.io'
import type { Db } from '../../db/index.js'
import type { EventBus } from '../../events/bus.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { type AccountAssignments, AccountDirectory } from '../accounts/index.js'
import type { Desk } from '../desk/index.js'
import { SessionAllocationQuery } from '../sessions/index.js'
import { AgentRoster, type UsersService } from '../users/index.js'
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
    assignments: AccountAssignments
    /** the socket server: the console reads who is connected */
    realtime: { io: Pick<Server, 'in'> }
    /** the inbound path forgets an account's cached agent when it changes */
    inbound: { forgetAccount(accountId: number): void }
    events: EventBus
  },
): ConsoleService {
  const service = new ConsoleService({
    hub: deps.hub,
    actions: deps.desk.actions,
    counts: deps.desk.list.countsCache,
    users: deps.users,
    allocation: new SessionAllocationQuery(deps.db, deps.desk.list),
    accounts: new AccountDirectory(deps.db),
    assignments: deps.assignments,
    people: new AgentRoster(deps.db),
    sockets: new ConsoleSockets(deps.db, deps.realtime.io),
    accountChanged: (id) => deps.inbound.forgetAccount(id),
  })
  consoleRoutes(app, service)
  // an account handed over on the agents page reaches the desks as one handed over in the console
  deps.events.subscribe('accounts.assigned', (e) => service.announce(e.tenantId, e.changes))
  return service
}
