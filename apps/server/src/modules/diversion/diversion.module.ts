import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import { AccountDirectory } from '../accounts/index.js'
import { Attribution } from './attribution.js'
import { counterRoutes } from './counter.routes.js'
import { CounterService } from './counter.service.js'
import { DiversionConsumer } from './diversion.consumer.js'
import { diversionRoutes } from './diversion.routes.js'
import { Interactions } from './interactions.js'
import { LinksRepository } from './links.repository.js'
import { LinksService } from './links.service.js'
import { VisitService } from './visits.js'

export interface DiversionDeps {
  db: Db
  config: Config
  logger: Logger
  events: EventBus
  engines: Engines
  /** how old a stored message must be before it is attributed (default: by dialect) */
  settleMs?: number
}

/**
 * Diversion links with their public /s visit, attribution of new fans to links, the counter and
 * the desk's marketing interaction. Installed after the inbound path, whose stored messages it
 * listens to.
 */
export function installDiversion(app: FastifyInstance, deps: DiversionDeps) {
  const { db, config } = deps
  const accounts = new AccountDirectory(db)
  const repo = new LinksRepository(db)
  const links = new LinksService(db, repo, accounts)
  const visits = new VisitService(repo)
  const attribution = new Attribution((t, a) => accounts.agentOf(t, a))
  const interactions = new Interactions(db)
  const consumer = new DiversionConsumer(db, deps.events, attribution, interactions, deps.settleMs)
  deps.engines.add(consumer)
  diversionRoutes(app, {
    links,
    visits,
    interactions,
    visitsPerMinute: config.DIVERSION_VISITS_PER_MINUTE,
    webDist: config.webDist,
  })
  const counter = new CounterService(db, accounts)
  counterRoutes(app, counter, config.LOGIN_RATE_PER_MINUTE)
  return {
    links,
    visits,
    counter,
    interactions,
    /** the durable consumer of stored messages (attribution, interactions) */
    engine: consumer,
    /** resolves when the stored messages are attributed and their interactions recorded */
    settled: () => consumer.settled(),
  }
}
