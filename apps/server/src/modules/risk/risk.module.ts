import { RiskWarningKind } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { HubRelay } from '../../realtime/hub.js'
import { tenantRiskFlags } from '../users/index.js'
import { RiskConfigs } from './risk.config.js'
import { RiskEngine } from './risk.engine.js'
import { RiskGate } from './risk.gate.js'
import { RiskRepository } from './risk.repository.js'
import { riskRoutes } from './risk.routes.js'
import { RiskService } from './risk.service.js'
import { RiskWarnings } from './risk.warnings.js'

export interface RiskDeps {
  db: Db
  logger: Logger
  hub: HubRelay
  events: EventBus
  engines: Engines
  /** the platform's pacing per account (SEND_RATE_PER_MINUTE, SEND_BURST) */
  config: Pick<Config, 'SEND_RATE_PER_MINUTE' | 'SEND_BURST'>
  /** the clock of windows, days and warnings (tests move it) */
  clock?: () => number
  /** the tenant's time zone (the support settings'): the windows' days and hours are its */
  timeZoneOf: (tenantId: number, q?: Db) => Promise<string>
}

/**
 * Risk management: the gate the outbox dispatcher asks before each send, the warnings, and the
 * supervisor's pages. It reacts to account status changes and stored customer messages.
 */
export function installRisk(app: FastifyInstance, deps: RiskDeps) {
  let now = deps.clock ?? Date.now
  const clock = () => now()
  const repo = new RiskRepository(deps.db)
  const configs = new RiskConfigs(repo, clock, deps.timeZoneOf)
  const warnings = new RiskWarnings(
    deps.db,
    repo,
    configs,
    deps.hub,
    clock,
    deps.logger.child({ module: 'risk' }),
    deps.events,
  )
  const gate = new RiskGate(repo, configs, warnings, clock)
  const service = new RiskService(repo, configs, tenantRiskFlags(deps.db), clock, {
    perMinute: deps.config.SEND_RATE_PER_MINUTE,
    burst: deps.config.SEND_BURST,
  })
  riskRoutes(app, service)
  deps.events.subscribe('account.status', (e) => warnings.onAccountStatus(e.tenantId, e.status))
  deps.events.subscribe('message.stored', (e) => warnings.onInbound(e))
  deps.events.subscribe('webhook.disabled', (e) =>
    warnings.later(() =>
      warnings.raise(e.tenantId, 0, RiskWarningKind.webhookFailing, { endpointId: e.endpointId, url: e.url }),
    ),
  )
  const engine = new RiskEngine(repo, warnings, clock, deps.logger.child({ module: 'risk' }))
  deps.engines.add(engine)
  return {
    gate,
    engine,
    warnings,
    service,
    /** move the clock (tests) */
    setClock(fn: () => number): void {
      now = fn
    },
  }
}
type Risk = ReturnType<typeof installRisk>

/** How many of the tenant's risk warnings nobody has handled yet (the home page's figure). */
export function unhandledWarnings(db: Db, tenantId: number): Promise<number> {
  return new RiskRepository(db).unhandled(tenantId)
}
