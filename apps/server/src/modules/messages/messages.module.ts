import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import type { Engine } from '../../engines/engines.js'
import type { MessagingGateway } from '../../gateway/port.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { SessionsRepository } from '../sessions/sessions.repository.js'
import { CommitBatcher } from './commit-batcher.js'
import { InboundService } from './inbound.service.js'
import { InboundSpool } from './inbound.spool.js'
import type { EchoSettler } from './inbound.store.js'
import type { MediaStore } from './media.store.js'

export interface InboundDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: RealtimeHub
  media: MediaStore
  sessions: SessionsRepository
  /** settles the send of our own message when WhatsApp echoes it */
  outbox: EchoSettler
}

/**
 * Inbound messages: stored once as they arrive (live as soon as this returns); the returned
 * engine first stores what a previous run spooled to disk when the database refused it.
 */
export function installInbound(app: FastifyInstance, deps: InboundDeps) {
  const { db, config, logger } = deps
  const log = logger.child({ module: 'inbound' })
  // commit lanes write in parallel: SQLite has one connection; on PostgreSQL two lanes commit
  // larger batches than four did, with fewer round trips, for a lower latency at 2,000 msg/s
  const lanes = dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? 2 : 1
  const inbound = new InboundService(
    db,
    new CommitBatcher(db, lanes),
    deps.sessions,
    deps.outbox,
    deps.gateway,
    deps.media,
    deps.hub,
    log,
    new InboundSpool(path.join(config.dataDir, 'inbound-spool'), log),
  )
  const detach = inbound.attach()
  app.addHook('onClose', async () => detach())
  const spool: Engine = {
    name: 'inbound-spool',
    start: async () => {
      await inbound.replaySpool()
    },
    stop: async () => {},
  }
  return { inbound, spool }
}
