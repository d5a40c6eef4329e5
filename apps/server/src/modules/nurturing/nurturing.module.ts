import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { type OutboundContentInput, UPLOAD_MAX_BYTES } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/port.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import type { StoredInbound } from '../messages/inbound.service.js'
import { MediaStore } from '../messages/media.store.js'
import { TenantAdminRepository } from '../users/tenant-admin.repository.js'
import { TenantsRepository } from '../users/tenants.repository.js'
import { NurturingEngine, type NurturingPick, type NurturingPorts } from './nurturing.engine.js'
import { NurturingRepository } from './nurturing.repository.js'
import { nurturingRoutes } from './nurturing.routes.js'
import { NurturingService } from './nurturing.service.js'

export interface NurturingDeps extends Omit<NurturingPorts, 'send'> {
  db: Db
  /** the tenants' media: a file material is copied into the sending tenant's media to be sent */
  media: MediaStore
  /** hand content to the outbox (risk limits and pacing apply there) */
  send(tenantId: number, sessionId: number, content: OutboundContentInput): Promise<void>
  config: Config
  logger: Logger
  gateway: MessagingGateway
  /** the inbound path: every stored message, after its commit */
  inbound: { onStored(listener: (e: StoredInbound) => void): () => void }
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
  const engine = new NurturingEngine(
    repo,
    new AccountsRepository(deps.db),
    deps.gateway,
    {
      openChat: deps.openChat,
      send: async (tenantId, sessionId, pick) =>
        deps.send(tenantId, sessionId, await contentOf(tenantId, pick)),
      markRead: deps.markRead,
    },
    { pollMs: Math.max(deps.config.OUTBOX_POLL_MS, 5_000), leaseMs: deps.config.OUTBOX_LEASE_MS },
    deps.logger.child({ module: 'nurturing' }),
  )
  deps.inbound.onStored((e) =>
    engine.noteReceived({
      tenantId: e.tenantId,
      accountId: e.accountId,
      sessionId: e.session.id,
      fromMe: e.message.from_me === 1,
      live: e.live,
      waMessageId: e.message.wa_message_id,
    }),
  )
  const admin = new TenantAdminRepository(deps.db)
  const tenants = new TenantsRepository(deps.db)
  const service = new NurturingService(
    repo,
    {
      systemBriefs: (ids) => admin.systemBriefs(ids),
      systemPlatformId: () => tenants.systemPlatformId(),
    },
    files,
  )
  nurturingRoutes(app, service)
  return { service, engine }
}
