import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { HomeService, type HomeSources } from './home.service.js'
import { RollupEngine, type RollupOptions } from './rollup.engine.js'
import { RollupRepository } from './rollup.repository.js'
import { StatisticsRepository } from './statistics.repository.js'
import { statisticsRoutes } from './statistics.routes.js'
import { StatisticsService } from './statistics.service.js'

/** How often the rollup engine looks for new rows, and how long a fresh row waits. */
const DEFAULTS: RollupOptions = { everyMs: 5_000, settleMs: 2_000 }

export interface StatisticsDeps {
  db: Db
  logger: Logger
  home: HomeSources
  rollup?: Partial<RollupOptions>
}

/** Dashboards: the rollup engine, /dataStatistics and /home's figures. */
export function installStatistics(app: FastifyInstance, deps: StatisticsDeps) {
  const repo = new StatisticsRepository(deps.db)
  const service = new StatisticsService(repo)
  const home = new HomeService(deps.db, repo, deps.home)
  statisticsRoutes(app, service, home)
  const engine = new RollupEngine(
    deps.db,
    new RollupRepository(deps.db),
    { ...DEFAULTS, ...deps.rollup },
    deps.logger.child({ module: 'statistics' }),
  )
  return { service, home, engine }
}

export type Statistics = ReturnType<typeof installStatistics>
