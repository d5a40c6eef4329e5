import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { AccountDirectory } from '../accounts/index.js'
import { AgentGroupTargets } from '../agents/index.js'
import type { OutboxService } from '../outbox/index.js'
import { type SessionDirectory, SessionStatusUpdates } from '../sessions/index.js'
import { AwayMessageConsumer } from './away.consumer.js'
import { AwaySendsRepository } from './away.repository.js'
import { SatisfactionAnswers } from './satisfaction.consumer.js'
import { SatisfactionReports } from './satisfaction.report.js'
import { SatisfactionRepository } from './satisfaction.repository.js'
import { SatisfactionSurveys } from './satisfaction.survey.js'
import { SupportSettingsRepository } from './support.repository.js'
import { supportRoutes } from './support.routes.js'
import { SupportSettingsService } from './support.service.js'

export interface SupportDeps {
  db: Db
  /** the settings' service, made before the modules that read the tenant's time zone (supportSettings) */
  settings: SupportSettingsService
  hub: RealtimeHub
  events: EventBus
  engines: Engines
  outbox: OutboxService
  sessions: SessionDirectory
  /** the users module: the tenant's subscription */
  users: { tenantValidity(tenantId: number): Promise<[number | null, number | null]> }
  /** how old a stored message must be before the consumers take it (default: by dialect) */
  settleMs?: number
}

/** The service settings, read by modules installed before support (the risk windows' time zone). */
export function supportSettings(db: Db): SupportSettingsService {
  return new SupportSettingsService(new SupportSettingsRepository(db), new AgentGroupTargets(db))
}

/**
 * Customer service settings and what they set going: the routes of the service levels, business
 * hours and satisfaction survey; the away message to customers writing outside business hours and
 * the answers to surveys (durable consumers of stored messages, added to the engines); the survey
 * sent when a user resolves a conversation. Installed after the outbox and the desk.
 */
export function installSupport(app: FastifyInstance, deps: SupportDeps) {
  const { db, events } = deps
  const service = deps.settings
  const ratings = new SatisfactionRepository(db)
  const validEnd = async (tenantId: number) => (await deps.users.tenantValidity(tenantId))[1]
  const away = new AwayMessageConsumer({
    events,
    repo: new AwaySendsRepository(db),
    sessions: deps.sessions,
    outbox: deps.outbox,
    businessHours: (tenantId) => service.businessHours(tenantId),
    validEnd,
    settleMs: deps.settleMs,
  })
  const accounts = new AccountDirectory(db)
  const answers = new SatisfactionAnswers(
    events,
    ratings,
    {
      directory: deps.sessions,
      statuses: new SessionStatusUpdates(deps.hub, events),
      agentOf: (tenantId, accountId) => accounts.agentOf(tenantId, accountId),
    },
    deps.settleMs,
  )
  const surveys = new SatisfactionSurveys({
    db,
    events,
    repo: ratings,
    sessions: deps.sessions,
    accounts,
    outbox: deps.outbox,
    satisfaction: (tenantId) => service.satisfaction(tenantId),
    validEnd,
  })
  deps.engines.add(away, answers)
  const reports = new SatisfactionReports(
    ratings,
    async (tenantId) => (await service.businessHours(tenantId)).timeZone,
  )
  supportRoutes(app, service, reports)
  return { service, away, answers, surveys }
}
