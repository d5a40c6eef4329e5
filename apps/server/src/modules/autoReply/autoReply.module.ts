import type { OutboundContentInput } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import { AccountDirectory } from '../accounts/index.js'
import { FanDirectory, FanLabeling } from '../fans/index.js'
import type { OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { AutoReplyEngine } from './autoReply.engine.js'
import { autoReplyRoutes } from './autoReply.routes.js'
import { AutoReplyService } from './autoReply.service.js'
import { RuleBooks } from './rule-book.js'

export interface AutoReplyDeps {
  db: Db
  logger: Logger
  outbox: OutboxService
  sessions: SessionDirectory
  events: EventBus
  engines: Engines
  /** the users module: an enabled agent of the tenant; the tenant's subscription */
  users: {
    isActiveAgent(tenantId: number, userId: number): Promise<boolean>
    tenantValidity(tenantId: number): Promise<[number | null, number | null]>
  }
  /** the labels module: a tenant's labels */
  labels: { list(tenantId: number): Promise<{ id: number }[]> }
  /** the material libraries' "send a material as", for a user who must see the material */
  material(tenantId: number, userId: number, materialId: number): Promise<OutboundContentInput>
  /** draws the sentence of a random reply (tests pass a fixed one) */
  random?: () => number
  /** how old a stored message must be before it is answered (default: by dialect) */
  settleMs?: number
}

/**
 * Keyword auto-reply: the rules' routes and the engine that answers stored customer messages
 * through the outbox. Installed after the outbox, the labels and the materials; adds the engine
 * to the app's engines.
 */
export function installAutoReply(app: FastifyInstance, deps: AutoReplyDeps) {
  const { db } = deps
  let books: RuleBooks | undefined
  const service = new AutoReplyService(
    db,
    {
      isActiveAgent: (t, u) => deps.users.isActiveAgent(t, u),
      labelIds: async (tenantId) => (await deps.labels.list(tenantId)).map((l) => l.id),
      material: deps.material,
    },
    (tenantId) => books?.invalidate(tenantId),
  )
  books = new RuleBooks(service.repo)
  const engine = new AutoReplyEngine({
    db,
    repo: service.repo,
    books,
    sessions: deps.sessions,
    fans: new FanDirectory(),
    fanLabels: new FanLabeling(),
    accounts: new AccountDirectory(db),
    outbox: deps.outbox,
    validEnd: async (tenantId) => (await deps.users.tenantValidity(tenantId))[1],
    material: deps.material,
    random: deps.random ?? Math.random,
    log: deps.logger.child({ module: 'auto-reply' }),
    events: deps.events,
    settleMs: deps.settleMs,
  })
  deps.engines.add(engine)
  autoReplyRoutes(app, service)
  return { service, engine, books }
}
