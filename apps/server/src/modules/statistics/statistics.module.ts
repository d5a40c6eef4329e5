import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import { HomeRepository } from './home.repository.js'
import { HomeService, type HomeSources } from './home.service.js'
import { RollupEngine, type RollupOptions } from './rollup.engine.js'
import type { TenantClock } from './rollup.fold.js'
import { RollupRepository } from './rollup.repository.js'
import { StatisticsRepository } from './statistics.repository.js'
import { statisticsRoutes } from './statistics.routes.js'
import { StatisticsService } from './statistics.service.js'

/** How often the rollup engine looks for new rows, and how long a fresh row waits. */
const DEFAULTS: RollupOptions = { everyMs: 5_000, settleMs: 2_000 }

export interface StatisticsDeps {
  db: Db
  logger: Logger
  /** the platform module: the caller's reach over tenants and how many tenants there are */
  platform: { scope: { reach: HomeSources['reach'] }; tenantCount: HomeSources['tenantCount'] }
  /** the billing module: a tenant's ports and seats ending soon */
  billing: { expiring: HomeSources['expiring'] }
  /** the support module: tenants' calendars (their business hours' time zone) and response targets */
  support: {
    serviceClocks(tenantIds: number[]): Promise<Map<number, TenantClock>>
    timeZone(tenantId: number): Promise<string>
  }
  rollup?: Partial<RollupOptions>
  engines: Engines
}

/** Dashboards: the rollup engine, /dataStatistics and /home's figures. */
export function installStatistics(app: FastifyInstance, deps: StatisticsDeps) {
  const repo = new StatisticsRepository(deps.db)
  const timeZoneOf = (tenantId: number) => deps.support.timeZone(tenantId)
  const service = new StatisticsService(repo, timeZoneOf)
  const home = new HomeService(
    deps.db,
    repo,
    {
      reach: (caller) => deps.platform.scope.reach(caller),
      tenantCount: deps.platform.tenantCount,
      expiring: deps.billing.expiring,
    },
    new HomeRepository(deps.db),
    timeZoneOf,
  )
  statisticsRoutes(app, service, home)
  const engine = new RollupEngine(
    deps.db,
    new RollupRepository(deps.db),
    { ...DEFAULTS, ...deps.rollup },
    deps.logger.child({ module: 'statistics' }),
    (tenantIds) => deps.support.serviceClocks(tenantIds),
  )
  deps.engines.add(engine)
  return { service, home, engine }
}

type Statistics = ReturnType<typeof installStatistics>
