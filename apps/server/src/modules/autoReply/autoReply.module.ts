import type { OutboundContentInput } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import { FanLabelsRepository } from '../fans/fan-labels.repository.js'
import { FansRepository } from '../fans/fans.repository.js'
import type { StoredInboundListener } from '../messages/inbound.service.js'
import { MessageCursor } from '../messages/message-cursor.js'
import type { OutboxService } from '../outbox/outbox.service.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import { AutoReplyEngine } from './autoReply.engine.js'
import { autoReplyRoutes } from './autoReply.routes.js'
import { AutoReplyService } from './autoReply.service.js'
import { RuleBooks } from './rule-book.js'

export interface AutoReplyDeps {
  db: Db
  logger: Logger
  outbox: OutboxService
  sessions: SessionsRepository
  /** the inbound path, which hands over every stored message */
  inbound: { onStored(listener: StoredInboundListener): () => void }
  /** the users module: an enabled agent of the tenant; the tenant's subscription */
  users: {
    isActiveAgent(tenantId: number, userId: number): Promise<boolean>
    tenantValidity(tenantId: number): Promise<[number | null, number | null]>
  }
  /** the labels module's label ids of a tenant */
  labelIds(tenantId: number): Promise<number[]>
  /** the material libraries' "send a material as", for a user who must see the material */
  material(tenantId: number, userId: number, materialId: number): Promise<OutboundContentInput>
  /** draws the sentence of a random reply (tests pass a fixed one) */
  random?: () => number
  /** how old a stored message must be before it is answered (default: by dialect) */
  settleMs?: number
}

/**
 * Keyword auto-reply: the rules' routes and the engine that answers stored customer messages
 * through the outbox. Installed after the outbox, the labels and the materials; returns the
 * engine for the app's engine list.
 */
export function installAutoReply(app: FastifyInstance, deps: AutoReplyDeps) {
  const { db } = deps
  let books: RuleBooks | undefined
  const service = new AutoReplyService(
    db,
    {
      isActiveAgent: (t, u) => deps.users.isActiveAgent(t, u),
      labelIds: deps.labelIds,
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
    fans: new FansRepository(),
    fanLabels: new FanLabelsRepository(),
    accounts: new AccountsRepository(db),
    outbox: deps.outbox,
    validEnd: async (tenantId) => (await deps.users.tenantValidity(tenantId))[1],
    material: deps.material,
    random: deps.random ?? Math.random,
    log: deps.logger.child({ module: 'auto-reply' }),
    cursor: new MessageCursor(db, 'auto-reply'),
    settleMs: deps.settleMs,
  })
  deps.inbound.onStored(engine.listen)
  autoReplyRoutes(app, service)
  return { service, engine, books }
}
