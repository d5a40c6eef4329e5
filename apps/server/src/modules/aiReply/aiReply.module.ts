import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { InboundService } from '../messages/inbound.service.js'
import type { OutboxService } from '../outbox/outbox.service.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import type { TenantSettingsService } from '../tenantSettings/tenantSettings.service.js'
import { type LlmProvider, OpenAiCompatibleProvider } from './ai.provider.js'
import { AiReplyEngine } from './aiReply.engine.js'
import { AiReplyRepository, utcDay } from './aiReply.repository.js'
import { AiReplyService } from './aiReply.service.js'

/** How often the engine looks for due answers. */
const ROUND_MS = 1_000

export interface AiReplyModuleDeps {
  db: Db
  logger: Logger
  inbound: Pick<InboundService, 'onStored'>
  outbox: OutboxService
  sessions: SessionsRepository
  settings: TenantSettingsService
  /** the desk's AI reply switch, refused while the tenant has no provider */
  desk: { useAiReplyCheck(ready: (tenantId: number) => Promise<boolean>): void }
  provider?: LlmProvider
  /** whether a tenant's provider may be on this machine or a private network */
  privateAddresses: boolean
}

/** AI reply: listens to inbound, answers through the outbox, guards the desk's switch, reports today's use. */
export function installAiReply(deps: AiReplyModuleDeps) {
  const log = deps.logger.child({ module: 'aiReply' })
  const repo = new AiReplyRepository(deps.db)
  const service = new AiReplyService({
    db: deps.db,
    repo,
    provider: deps.provider ?? new OpenAiCompatibleProvider({ privateAddresses: deps.privateAddresses }),
    outbox: deps.outbox,
    sessions: deps.sessions,
    config: (tenantId) => deps.settings.aiProvider(tenantId),
    log,
  })
  deps.inbound.onStored(service.onStored)
  deps.desk.useAiReplyCheck((tenantId) => service.ready(tenantId))
  deps.settings.useAiUsage((tenantId) => repo.usage(tenantId, utcDay(Date.now())))
  const engine = new AiReplyEngine(repo, service, ROUND_MS, log)
  return { service, engine, repo }
}

export type AiReply = ReturnType<typeof installAiReply>
