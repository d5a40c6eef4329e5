import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import { type Engine, EngineStage, type Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import type { FanIdentities } from '../fans/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { CommitBatcher } from './commit-batcher.js'
import { InboundService } from './inbound.service.js'
import { InboundSpool } from './inbound.spool.js'
import type { EchoSettler, OptOutRule } from './inbound.store.js'
import { MediaCleanup } from './media.cleanup.js'
import { MediaQuota } from './media.quota.js'
import { MediaStore } from './media.store.js'
import { MessageCursor } from './message-cursor.js'

export interface InboundDeps {
  db: Db
  config: Config
  logger: Logger
  gateway: MessagingGateway
  hub: RealtimeHub
  media: MediaStore
  sessions: SessionDirectory
  /** settles the send of our own message when WhatsApp echoes it */
  echoes: EchoSettler
  /** one customer per person: the fans of a phone and a hidden id found to be one person become one */
  identities: FanIdentities
  /** the tenants' opt-out rule (the tenant settings module owns it) */
  optOut: OptOutRule
  events: EventBus
  engines: Engines
}

/** The media files of chats and materials, the tenants' storage quota, and the engine that removes expired files. */
export function installMedia(deps: { db: Db; config: Config; logger: Logger; engines: Engines }) {
  const { db, config } = deps
  const media = new MediaStore(path.join(config.dataDir, 'media'), config.MEDIA_MAX_BYTES)
  const uploads = new MediaQuota(db, media, config.TENANT_STORAGE_MAX_BYTES)
  const mediaCleanup = new MediaCleanup(db, media, deps.logger.child({ module: 'media' }))
  deps.engines.add(mediaCleanup)
  return { media, uploads, mediaCleanup }
}

/**
 * Inbound messages: stored once as they arrive (live as soon as this returns), each announced as
 * `message.stored`, whose durable subscribers read the messages table past their cursors. Its
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
    new CommitBatcher(db, lanes, undefined, log),
    deps.sessions,
    deps.echoes,
    deps.gateway,
    deps.media,
    deps.hub,
    log,
    deps.identities,
    deps.events,
    deps.optOut,
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
  deps.engines.addAt(EngineStage.replay, spool)
  deps.events.provide('message.stored', (cursor) => new MessageCursor(db, cursor))
  return { inbound, spool }
}
