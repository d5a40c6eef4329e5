import type { AiUsageView } from '@app/core'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import type { TenantSettingsService } from '../tenantSettings/index.js'
import { type LlmProvider, OpenAiCompatibleProvider } from './ai.provider.js'
import { AiReplyEngine } from './aiReply.engine.js'
import { AiReplyRepository, utcDay } from './aiReply.repository.js'
import { AiReplyService } from './aiReply.service.js'

/** How often the engine looks for due answers. */
const ROUND_MS = 1_000

export interface AiReplyModuleDeps {
  db: Db
  logger: Logger
  events: EventBus
  engines: Engines
  outbox: OutboxService
  sessions: SessionDirectory
  settings: TenantSettingsService
  provider?: LlmProvider
  /** how a tenant's provider is called: its address is the tenant's choice */
  outbound: Pick<OutboundGuard, 'fetch'>
}

/** AI reply: hears stored customer messages and answers them through the outbox, on its engine. */
export function installAiReply(deps: AiReplyModuleDeps) {
  const log = deps.logger.child({ module: 'aiReply' })
  const repo = new AiReplyRepository(deps.db)
  const service = new AiReplyService({
    db: deps.db,
    repo,
    provider: deps.provider ?? new OpenAiCompatibleProvider({ outbound: deps.outbound }),
    outbox: deps.outbox,
    sessions: deps.sessions,
    config: (tenantId) => deps.settings.aiProvider(tenantId),
    log,
  })
  deps.events.subscribe('message.stored', service.onStored)
  const engine = new AiReplyEngine(repo, service, ROUND_MS, log)
  deps.engines.add(engine)
  return { service, engine, repo }
}

/** Today's AI use of a tenant (the tenant settings page shows it). */
export function aiUsageToday(db: Db): (tenantId: number) => Promise<AiUsageView> {
  const repo = new AiReplyRepository(db)
  return (tenantId) => repo.usage(tenantId, utcDay(Date.now()))
}

type AiReply = ReturnType<typeof installAiReply>
