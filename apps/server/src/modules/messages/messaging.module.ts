import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import { isGatewayError, type MessagingGateway, type ProductAccountState } from '../../gateway/port.js'
import { AccountRuntime, shouldResumeOnStart } from '../../gateway/runtime.js'
import { HubRelay } from '../../realtime/hub.js'
import { installRealtime } from '../../realtime/socket.js'
import { accountGroupsRoutes } from '../accounts/account-groups.routes.js'
import { AccountGroupsService } from '../accounts/account-groups.service.js'
import { AccountLoginService, storedProxy } from '../accounts/accounts.login.js'
import { AccountsRepository } from '../accounts/accounts.repository.js'
import { accountsRoutes } from '../accounts/accounts.routes.js'
import { AccountsService } from '../accounts/accounts.service.js'
import { AccountStatusSync } from '../accounts/accounts.status.js'
import { acquisitionRoutes } from '../accounts/acquisition.routes.js'
import { AcquisitionService } from '../accounts/acquisition.service.js'
import type { TokenService } from '../auth/token.service.js'
import { OutboxDispatcher } from '../outbox/outbox.engine.js'
import { OutboxService } from '../outbox/outbox.service.js'
import { SendPacer } from '../outbox/send-pacer.js'
import { PortExpiryEngine } from '../ports/ports.engine.js'
import { PortsRepository } from '../ports/ports.repository.js'
import { portsRoutes } from '../ports/ports.routes.js'
import { canAccessSession } from '../sessions/sessions.access.js'
import { SessionsRepository } from '../sessions/sessions.repository.js'
import type { UsersService } from '../users/users.service.js'
import { CommitBatcher } from './commit-batcher.js'
import { InboundService } from './inbound.service.js'
import { InboundSpool } from './inbound.spool.js'
import { MediaCleanup } from './media.cleanup.js'
import { MediaQuota } from './media.quota.js'
import { MediaStore } from './media.store.js'

export interface MessagingDeps {
  config: Config
  db: Db
  logger: Logger
  gateway: MessagingGateway
  tokens: TokenService
  users: UsersService
}

/**
 * WS accounts, ports, inbound and outbound messages and the realtime socket, assembled in one
 * place. Inbound handling is live as soon as this returns; `start()` resumes linked accounts and
 * starts the engines; `stop()` (also run on app close) stops them and closes the sockets without
 * logging out.
 */
export function installMessaging(app: FastifyInstance, deps: MessagingDeps) {
  const { config, db, logger, gateway } = deps
  const hub = new HubRelay()
  const accounts = new AccountsRepository(db)
  const ports = new PortsRepository(db)
  const sessions = new SessionsRepository(db)
  const media = new MediaStore(path.join(config.dataDir, 'media'), config.MEDIA_MAX_BYTES)
  const uploads = new MediaQuota(db, media, config.TENANT_STORAGE_MAX_BYTES)
  const mediaCleanup = new MediaCleanup(db, media, logger.child({ module: 'media' }))

  const log = logger.child({ module: 'accounts' })
  const sync = new AccountStatusSync(db, accounts, ports, hub, log)
  const runtime = new AccountRuntime({
    gateway,
    onStatus: (id, status) => sync.onStatus(Number(id), status),
    onError: (err, accountId) => log.error({ err, accountId }, 'account status not applied'),
  })
  sync.unlink = (id) => runtime.logout(String(id))
  // one commit lane per connection that can write in parallel: SQLite has one, PostgreSQL a pool
  const lanes = dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? 4 : 1
  const inbound = new InboundService(
    db,
    new CommitBatcher(db, lanes),
    sessions,
    gateway,
    media,
    hub,
    logger.child({ module: 'inbound' }),
    new InboundSpool(path.join(config.dataDir, 'inbound-spool'), logger.child({ module: 'inbound' })),
  )
  const outbox = new OutboxService(db, sessions, deps.users, gateway, hub)
  const dispatcher = new OutboxDispatcher(
    db,
    gateway,
    deps.users,
    new SendPacer(db, { perMinute: config.SEND_RATE_PER_MINUTE, burst: config.SEND_BURST }),
    media,
    hub,
    {
      pollMs: config.OUTBOX_POLL_MS,
      leaseMs: config.OUTBOX_LEASE_MS,
      batch: 50,
      maxWaitMs: config.OUTBOX_MAX_WAIT_MS,
      maxAttempts: 5,
      sendTimeoutMs: config.OUTBOX_SEND_TIMEOUT_MS,
    },
    logger.child({ module: 'outbox' }),
  )
  outbox.onEnqueued = () => dispatcher.wake()
  const portExpiry = new PortExpiryEngine(
    ports,
    runtime,
    sync,
    config.PORT_EXPIRY_CHECK_MS,
    logger.child({ module: 'ports' }),
  )
  const detachInbound = inbound.attach()

  const groups = new AccountGroupsService(db)
  const login = new AccountLoginService(gateway, accounts, ports, runtime, sync)
  const accountsService = new AccountsService(db, accounts, groups, login)
  const acquisition = new AcquisitionService(db)
  accountsRoutes(app, accountsService, login)
  accountGroupsRoutes(app, groups)
  acquisitionRoutes(app, acquisition, config.LOGIN_RATE_PER_MINUTE)
  portsRoutes(app, ports)

  const realtime = installRealtime(app, {
    resolveToken: (t) => deps.tokens.resolve(t),
    canJoinSession: (actor, id) => canAccessSession(db, actor, id),
    relay: hub,
  })

  let started = false
  const engines = {
    async start(): Promise<void> {
      if (started) return
      started = true
      await inbound.replaySpool()
      portExpiry.start()
      dispatcher.start()
      mediaCleanup.start()
      await resumeLinked()
    },
    /** Stop the loops, then close every socket without logging out (a restart resumes them). */
    async stop(): Promise<void> {
      if (!started) return
      started = false
      await Promise.all([dispatcher.stop(), portExpiry.stop(), mediaCleanup.stop()])
      await runtime.shutdown()
    },
  }

  /** Reconnect, from stored auth, the linked accounts that were up when the server stopped. */
  async function resumeLinked(): Promise<void> {
    const linked = await accounts.systemLinked()
    const wanted = linked.filter((a) =>
      shouldResumeOnStart({ state: a.status, reason: a.abnormal_reason } as ProductAccountState),
    )
    const { started: up, failed } = await runtime.resumeAll(
      wanted.map((a) => ({ accountId: String(a.id), proxy: storedProxy(a.proxy) })),
    )
    for (const f of failed) {
      if (isGatewayError(f.error) && f.error.code === 'not_linked')
        await sync.store(Number(f.accountId), { linked: 0, status: 'offline' })
      else log.warn({ err: f.error, accountId: f.accountId }, 'resume failed')
    }
    log.info({ resumed: up.length, failed: failed.length }, 'linked accounts resumed')
  }

  app.addHook('onClose', async () => {
    await engines.stop()
    detachInbound()
  })
  return {
    engines,
    hub,
    outbox,
    dispatcher,
    inbound,
    runtime,
    sync,
    ports,
    login,
    accounts: accountsService,
    portExpiry,
    media,
    uploads,
    mediaCleanup,
    realtime,
  }
}

export type Messaging = ReturnType<typeof installMessaging>
