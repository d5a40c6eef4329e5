import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { InheritanceEngine } from './inheritance.engine.js'
import { InheritanceRepository } from './inheritance.repository.js'
import { inheritanceRoutes } from './inheritance.routes.js'
import { type InheritAccount, type InheritanceDeps, InheritanceService } from './inheritance.service.js'

/** How often running hand-overs are checked for a stopped worker. */
const RESUME_EVERY_MS = 30_000

export interface InheritanceModuleDeps {
  db: Db
  hub: RealtimeHub
  logger: Logger
  engines: Engines
  /** the accounts module: an account of the tenant, deleted ones included */
  accounts: { findAny(tenantId: number, id: number): Promise<InheritAccount | undefined> }
  /** the labels module: a tenant's labels */
  labels: { list(tenantId: number): Promise<{ id: number; name: string }[]> }
  /** the sessions module: one personal session per account and fan */
  sessions: { openPersonal: InheritanceDeps['openSession'] }
}

/** Fan inheritance: routes, and the engine that finishes hand-overs a restart cut short. */
export function installInheritance(app: FastifyInstance, deps: InheritanceModuleDeps) {
  const service = new InheritanceService(
    {
      db: deps.db,
      hub: deps.hub,
      log: deps.logger.child({ module: 'inheritance' }),
      account: (tenantId, id) => deps.accounts.findAny(tenantId, id),
      labelNames: async (tenantId, ids) =>
        new Map(
          (await deps.labels.list(tenantId)).filter((l) => ids.includes(l.id)).map((l) => [l.id, l.name]),
        ),
      openSession: (q, tenantId, accountId, fanId, at, newFan) =>
        deps.sessions.openPersonal(q, tenantId, accountId, fanId, at, newFan),
    },
    new InheritanceRepository(deps.db),
  )
  inheritanceRoutes(app, service)
  const engine = new InheritanceEngine(service, RESUME_EVERY_MS, deps.logger.child({ module: 'inheritance' }))
  deps.engines.add(engine)
  return { service, engine }
}
