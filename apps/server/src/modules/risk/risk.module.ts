import { type AccountStatusEvent, roomOf } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { HubRelay } from '../../realtime/hub.js'
import type { InboundService } from '../messages/inbound.service.js'
import { RiskConfigs } from './risk.config.js'
import { RiskEngine } from './risk.engine.js'
import { RiskGate } from './risk.gate.js'
import { RiskRepository } from './risk.repository.js'
import { riskRoutes } from './risk.routes.js'
import { RiskService, type TenantRiskFlags } from './risk.service.js'
import { RiskWarnings } from './risk.warnings.js'

const TENANT_ROOM = roomOf.tenant(0).slice(0, -1)

export interface RiskDeps {
  db: Db
  logger: Logger
  hub: HubRelay
  flags: TenantRiskFlags
  /** the platform's pacing per account (config SEND_RATE_PER_MINUTE, SEND_BURST) */
  pacing?: { perMinute: number; burst: number }
  /** the clock of windows, days and warnings (tests move it) */
  clock?: () => number
}

/**
 * Risk management: the gate the outbox dispatcher asks before each send, the warnings, and the
 * supervisor's pages. Account status changes reach it through the hub, customer messages through
 * `listenTo(inbound)`.
 */
export function installRisk(app: FastifyInstance, deps: RiskDeps) {
  let now = deps.clock ?? Date.now
  const clock = () => now()
  const repo = new RiskRepository(deps.db)
  const configs = new RiskConfigs(repo, clock)
  const warnings = new RiskWarnings(
    deps.db,
    repo,
    configs,
    deps.hub,
    clock,
    deps.logger.child({ module: 'risk' }),
  )
  const gate = new RiskGate(repo, configs, warnings, clock)
  const service = new RiskService(
    repo,
    configs,
    deps.flags,
    clock,
    deps.pacing ?? { perMinute: 20, burst: 5 },
  )
  riskRoutes(app, service)
  deps.hub.observe((rooms, event, payload) => {
    if (event !== 'account.status') return
    const tenant = rooms.find((r) => r.startsWith('tenant:'))
    const tenantId = tenant ? Number(tenant.slice(TENANT_ROOM.length)) : 0
    if (tenantId > 0) warnings.onAccountStatus(tenantId, payload as AccountStatusEvent)
  })
  const engine = new RiskEngine(repo, warnings, clock, deps.logger.child({ module: 'risk' }))
  return {
    gate,
    engine,
    warnings,
    service,
    repo,
    listenTo(inbound: InboundService): void {
      inbound.onStored((e) => warnings.onInbound(e))
    },
    /** move the clock (tests) */
    setClock(fn: () => number): void {
      now = fn
    },
  }
}
export type Risk = ReturnType<typeof installRisk>
