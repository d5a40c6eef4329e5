import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { FanSource, type OutboundContentInput, SendOrigin, UPLOAD_MAX_BYTES } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { Engines } from '../../engines/engines.js'
import type { EventBus } from '../../events/bus.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { AccountDirectory } from '../accounts/index.js'
import { FanDirectory } from '../fans/index.js'
import { MediaStore } from '../messages/index.js'
import type { GatewayRequests, OutboxService } from '../outbox/index.js'
import type { SessionDirectory } from '../sessions/index.js'
import { tenantDirectory } from '../users/index.js'
import { NurturingEngine, type NurturingPick } from './nurturing.engine.js'
import { NurturingRepository } from './nurturing.repository.js'
import { nurturingRoutes } from './nurturing.routes.js'
import { NurturingService } from './nurturing.service.js'

export interface NurturingDeps {
  db: Db
  /** the tenants' media: a file material is copied into the sending tenant's media to be sent */
  media: MediaStore
  /** where the talk is sent (risk limits and pacing apply there) */
  outbox: Pick<OutboxService, 'enqueue'>
  /** where read receipts are stored and retried */
  requests: Pick<GatewayRequests, 'add'>
  /** the sessions module: one personal session per account and fan */
  sessions: Pick<SessionDirectory, 'openPersonal'>
  config: Config
  logger: Logger
  gateway: MessagingGateway
  events: EventBus
  engines: Engines
}

/** Account nurturing: the admin's routes and the engine that has new accounts talk to each other. */
export function installNurturing(app: FastifyInstance, deps: NurturingDeps) {
  const repo = new NurturingRepository(deps.db)
  const files = new MediaStore(path.join(deps.config.dataDir, 'nurturing'), UPLOAD_MAX_BYTES)
  /** The outbox's content of a picked material: a file is copied into the tenant's media first. */
  const contentOf = async (tenantId: number, pick: NurturingPick): Promise<OutboundContentInput> => {
    if (pick.type === 'text' || !pick.media_path) return { type: 'text', text: pick.text }
    const stored = await deps.media.save(
      tenantId,
      Readable.from(await fs.promises.readFile(files.absolute(pick.media_path))),
    )
    const mediaId = await deps.media.record(deps.db, tenantId, stored, Date.now())
    if (pick.type === 'voice') return { type: 'audio', mediaId, voiceNote: true }
    if (pick.type === 'sticker') return { type: 'sticker', mediaId }
    return { type: 'image', mediaId }
  }
  const fans = new FanDirectory()
  /** A personal chat of the account with a phone, opened as the desk opens a new chat; its customer marked as nurturing. */
  const openChat = (tenantId: number, accountId: number, phone: string): Promise<number> =>
    deps.db.transaction().execute(async (tx) => {
      const at = Date.now()
      const { fan, created } = await fans.findOrCreate(
        tx,
        tenantId,
        accountId,
        { jid: `${phone}@s.whatsapp.net`, phone, lid: null, pushName: '' },
        FanSource.activeAdd,
        at,
      )
      await fans.markNurturing(tx, tenantId, fan.id, at)
      const { session } = await deps.sessions.openPersonal(tx, tenantId, accountId, fan.id, at, created)
      return session.id
    })
  const engine = new NurturingEngine(
    repo,
    new AccountDirectory(deps.db),
    deps.gateway,
    {
      openChat,
      send: async (tenantId, sessionId, pick) => {
        const content = await contentOf(tenantId, pick)
        await deps.outbox.enqueue({
          tenantId,
          sessionId,
          content,
          requestedBy: null,
          origin: SendOrigin.nurturing,
        })
      },
      markRead: (tenantId, accountId, sessionId, ref) =>
        deps.requests.add({
          tenantId,
          accountId,
          sessionId,
          requestedBy: 0,
          payload: { kind: 'read', refs: [{ chatId: ref.chatId, id: ref.id, fromMe: false }] },
        }),
    },
    { pollMs: Math.max(deps.config.OUTBOX_POLL_MS, 5_000), leaseMs: deps.config.OUTBOX_LEASE_MS },
    deps.logger.child({ module: 'nurturing' }),
  )
  deps.engines.add(engine)
  // what the nurturing accounts receive is answered and read like a person would
  deps.events.subscribe('message.stored', (e) =>
    engine.noteReceived({
      tenantId: e.tenantId,
      accountId: e.accountId,
      sessionId: e.session.id,
      fromMe: e.message.from_me === 1,
      live: e.live,
      waMessageId: e.message.wa_message_id,
    }),
  )
  const tenants = tenantDirectory(deps.db)
  const service = new NurturingService(
    repo,
    {
      systemBriefs: (system: SystemScope, ids) => tenants.systemNames(system, ids),
      systemPlatformId: (system: SystemScope) => tenants.systemPlatformId(system),
    },
    files,
  )
  nurturingRoutes(app, service)
  return { service, engine }
}
