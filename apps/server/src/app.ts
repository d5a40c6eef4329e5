import path from 'node:path'
import { CLIENT_VERSION, FanSource, SendOrigin, UPLOAD_BATCH_MAX, UPLOAD_MAX_BYTES } from '@app/core'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import { startCluster } from './cluster/cluster.js'
import type { Config } from './config.js'
import type { Db } from './db/index.js'
import { Engines } from './engines/engines.js'
import type { MessagingGateway } from './gateway/port.js'
import type { AccountRuntime } from './gateway/runtime.js'
import { installAuth, type RouteAccess } from './http/auth.js'
import { callerOfActor } from './http/caller.js'
import { installErrorHandler } from './http/error-handler.js'
import { installSecurityHeaders } from './http/security.js'
import { installTextInputCheck } from './http/text-input.js'
import { installWeb } from './http/web.js'
import { AccountAgentsRepository } from './modules/accounts/account-agents.repository.js'
import type { AccountLoginService } from './modules/accounts/accounts.login.js'
import { installAccounts } from './modules/accounts/accounts.module.js'
import { AccountsRepository } from './modules/accounts/accounts.repository.js'
import type { AccountsService } from './modules/accounts/accounts.service.js'
import type { AccountStatusSync } from './modules/accounts/accounts.status.js'
import { installAgents } from './modules/agents/agents.module.js'
import { type AiReply, installAiReply } from './modules/aiReply/aiReply.module.js'
import { AnnouncementsRepository } from './modules/announcements/announcements.repository.js'
import { announcementsRoutes } from './modules/announcements/announcements.routes.js'
import { AnnouncementsService } from './modules/announcements/announcements.service.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { AuthService, type SignInLookups } from './modules/auth/auth.service.js'
import { LoginLimiter } from './modules/auth/login-limiter.js'
import { TokenService } from './modules/auth/token.service.js'
import { installAutoReply } from './modules/autoReply/autoReply.module.js'
import { type Billing, installBilling } from './modules/billing/billing.module.js'
import { CaptchaLimiter } from './modules/captcha/captcha.limiter.js'
import { captchaRoutes } from './modules/captcha/captcha.routes.js'
import { CaptchaService } from './modules/captcha/captcha.service.js'
import { installConsole } from './modules/console/console.module.js'
import { type Desk, installDesk } from './modules/desk/desk.module.js'
import type { DeskPresence } from './modules/desk/desk.presence.js'
import { installDiversion } from './modules/diversion/diversion.module.js'
import { installDynamics } from './modules/dynamics/dynamics.module.js'
import { installFans } from './modules/fans/fans.module.js'
import { FansRepository } from './modules/fans/fans.repository.js'
import { installInheritance } from './modules/fans/inheritance.module.js'
import { installGroups } from './modules/groups/groups.module.js'
import { installLabels } from './modules/labels/labels.module.js'
import { LabelsRepository } from './modules/labels/labels.repository.js'
import { installMassSend } from './modules/massSend/massSend.module.js'
import { installMaterials } from './modules/materials/materials.module.js'
import { installMerchants } from './modules/merchants/merchants.module.js'
import { installChatHistory } from './modules/messages/history.module.js'
import type { InboundService } from './modules/messages/inbound.service.js'
import { MediaCleanup } from './modules/messages/media.cleanup.js'
import { MediaQuota } from './modules/messages/media.quota.js'
import { MediaStore } from './modules/messages/media.store.js'
import { installInbound } from './modules/messages/messages.module.js'
import { installNurturing } from './modules/nurturing/nurturing.module.js'
import { installOps } from './modules/ops/ops.module.js'
import { installOrderTemplates } from './modules/orderTemplates/orderTemplates.module.js'
import type { GatewayRequests } from './modules/outbox/gateway-requests.engine.js'
import type { OutboxDispatcher } from './modules/outbox/outbox.engine.js'
import { installOutbox } from './modules/outbox/outbox.module.js'
import { OutboxRepository } from './modules/outbox/outbox.repository.js'
import type { OutboxService } from './modules/outbox/outbox.service.js'
import { OutboxDepthRepository } from './modules/outbox/outbox-depth.repository.js'
import { installPlatform, type PlatformCore, platformCore } from './modules/platform/platform.module.js'
import { PortExpiryEngine } from './modules/ports/ports.engine.js'
import { installPorts } from './modules/ports/ports.module.js'
import type { PortsRepository } from './modules/ports/ports.repository.js'
import { installRisk, type Risk } from './modules/risk/risk.module.js'
import { listDeskAccounts } from './modules/sessions/desk-accounts.query.js'
import { canFollowSession } from './modules/sessions/session.access.js'
import { visibleSessions } from './modules/sessions/session.visibility.js'
import { SessionsRepository } from './modules/sessions/sessions.repository.js'
import { simRoutes } from './modules/sim/sim.routes.js'
import { type SimDeps, SimService } from './modules/sim/sim.service.js'
import { installStatistics, type Statistics } from './modules/statistics/statistics.module.js'
import { systemRoutes } from './modules/system/system.routes.js'
import { installTenantSettings, type TenantSettings } from './modules/tenantSettings/tenantSettings.module.js'
import { installTranslate } from './modules/translate/translate.module.js'
import { listAgents } from './modules/users/agents.query.js'
import { agentsRoutes } from './modules/users/agents.routes.js'
import { SignInRepository } from './modules/users/sign-in.repository.js'
import { TenantsRepository } from './modules/users/tenants.repository.js'
import { usersRoutes } from './modules/users/users.routes.js'
import { UsersService } from './modules/users/users.service.js'
import { HubRelay } from './realtime/hub.js'
import { installRealtime } from './realtime/socket.js'

export interface AppDeps {
  config: Config
  db: Db
  logger: Logger
  /** the WhatsApp link: the simulator in demo mode and tests, Baileys otherwise (main.ts chooses) */
  gateway: MessagingGateway
  /** the simulated network behind `gateway` (demo mode, tests): turns on the /damai/sim routes of the /sim page */
  sim?: SimDeps
}

export interface Messaging {
  hub: HubRelay
  media: MediaStore
  uploads: MediaQuota
  mediaCleanup: MediaCleanup
  inbound: InboundService
  outbox: OutboxService
  dispatcher: OutboxDispatcher
  requests: GatewayRequests
  ports: PortsRepository
  portExpiry: PortExpiryEngine
  realtime: ReturnType<typeof installRealtime>
  login: AccountLoginService
  accounts: AccountsService
  runtime: AccountRuntime
  sync: AccountStatusSync
}

export interface App {
  app: FastifyInstance
  routes: RouteAccess[]
  services: { tokens: TokenService; users: UsersService; captcha: CaptchaService }
  /** the background workers; `engines.start()` resumes linked accounts and starts the loops */
  engines: Engines
  /** the messaging parts, for scripts and tests: accounts, ports, inbound, the outbox, realtime */
  messaging: Messaging
  /** the agent desk; `desk.settled()` waits for work answered before it finished (revokes, read receipts) */
  desk: Desk
  /** orders, records and seats of ports and seats, for the demo seed and tests */
  billing: Billing
  /** the platform's staff, tenants, scope and settings */
  platform: PlatformCore
  /** mass send: its service, engine (tests drive single rounds) and opt-out words */
  massSend: ReturnType<typeof installMassSend>
  /** WS dynamics: status posts made by its engine */
  dynamics: ReturnType<typeof installDynamics>
  /** account nurturing: the admin's rules and its engine */
  nurturing: ReturnType<typeof installNurturing>
  /** risk management: the send path's gate, warnings (`warnings.idle()` waits for raised ones), the pages */
  risk: Risk
  /** keyword auto-reply: its service and engine (`engine.settled()` waits for queued messages) */
  autoReply: ReturnType<typeof installAutoReply>
  /** diversion links, the counter and the desk's marketing interaction; `settled()` waits for queued attributions */
  diversion: ReturnType<typeof installDiversion>
  /** the supervisor's tenant settings and the opt-out rules of each tenant */
  tenantSettings: TenantSettings
  /** AI reply: its service and engine (tests drive single rounds) */
  aiReply: AiReply
  /** dashboards: the rollup engine (tests drive `engine.catchUp()`), /dataStatistics and /home */
  statistics: Statistics
}

/** Assemble the server in one fixed order: external plugins, app plugins, modules, web. */
export async function buildApp({ config, db, logger, gateway, sim }: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID().slice(0, 8),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // External plugins.
  await app.register(rateLimit, { global: false })
  // multipart/form-data for uploads (materials, chat files); each file is capped at the spec's 10 MB
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_BATCH_MAX, fields: 20 },
  })
  await app.register(swagger, {
    openapi: { info: { title: 'WS Desk API', version: CLIENT_VERSION } },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  // App plugins.
  const tokens = new TokenService(db, config.TOKEN_TTL_HOURS * 3_600_000)
  installErrorHandler(app)
  installSecurityHeaders(app)
  installTextInputCheck(app)
  const limiter = new LoginLimiter(db, config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_MINUTES * 60_000)
  const users = new UsersService(db, tokens, limiter)
  let presence: DeskPresence | null = null
  const routes = installAuth(app, tokens, {
    isActiveAgent: (tenantId, userId) => users.isActiveAgent(tenantId, userId),
    isLiveDesk: async (tenantId, userId, deskId) => presence?.isLive(tenantId, userId, deskId) ?? false,
  })

  // Modules, owners first: a module is installed after the modules whose services it calls.
  const captcha = new CaptchaService(db, new CaptchaLimiter(db))
  const signIn = new SignInRepository(db)
  const tenants = new TenantsRepository(db)
  const signInLookups: SignInLookups = {
    systemTenantUsers: (username, target, limit) => signIn.systemTenantUsers(username, target, limit),
    systemByEnterpriseAccount: (account, username) => signIn.systemByEnterpriseAccount(account, username),
    tenantStatus: (tenantId) => tenants.status(tenantId),
    systemTenantIdByAccount: (account) => tenants.systemIdByAccount(account),
  }
  const auth = new AuthService(signInLookups, tokens, limiter, captcha)
  authRoutes(app, auth, tokens, config.LOGIN_RATE_PER_MINUTE)
  captchaRoutes(app, captcha, config.LOGIN_RATE_PER_MINUTE)
  usersRoutes(app, users)
  announcementsRoutes(app, new AnnouncementsService(new AnnouncementsRepository(db)))
  systemRoutes(app, { mapTileUrl: config.MAP_TILE_URL })

  // Messaging: media files, sessions, ports and WS accounts, inbound, the outbox, Socket.IO.
  const hub = new HubRelay()
  const media = new MediaStore(path.join(config.dataDir, 'media'), config.MEDIA_MAX_BYTES)
  const uploads = new MediaQuota(db, media, config.TENANT_STORAGE_MAX_BYTES)
  const mediaCleanup = new MediaCleanup(db, media, logger.child({ module: 'media' }))
  const sessions = new SessionsRepository(db)
  const ports = installPorts(app, db)
  // One process, or several sharing the accounts (REDIS_URL): leases, the process bus, shared rooms.
  const cluster = await startCluster(config, db, logger)
  app.addHook('onClose', () => cluster.close())
  const accounts = installAccounts(app, { db, config, logger, gateway, hub, ports, cluster })
  // from here on, a call on an account another process holds runs in that process
  gateway = accounts.gateway
  const portExpiry = new PortExpiryEngine(
    ports,
    accounts.logOutWithoutPort,
    config.PORT_EXPIRY_CHECK_MS,
    logger.child({ module: 'ports' }),
  )
  const { inbound, spool } = installInbound(app, {
    db,
    config,
    logger,
    gateway,
    hub,
    media,
    sessions,
    outbox: new OutboxRepository(db),
  })
  // Operability: /healthz, /readyz and /metrics; its counters observe sends, failures and inbound lag.
  const ops = installOps(app, {
    db,
    logger,
    metricsToken: config.METRICS_TOKEN,
    redisUrl: config.REDIS_URL,
    hub,
    sources: {
      accountsByStatus: () => new AccountAgentsRepository(db).systemByStatus(),
      outboxDepth: () => new OutboxDepthRepository(db).systemDepth(),
      heldAccounts: () => accounts.runtime.heldAccounts().length,
    },
  })
  inbound.onStored(ops.inboundStored)
  // Risk management: the gate every send passes in the dispatcher, warnings from sends, accounts and customers.
  const risk = installRisk(app, {
    db,
    logger,
    hub,
    flags: (tenantId) => tenants.riskFlags(tenantId),
    pacing: { perMinute: config.SEND_RATE_PER_MINUTE, burst: config.SEND_BURST },
  })
  risk.listenTo(inbound)
  const { outbox, dispatcher, requests } = installOutbox({
    db,
    config,
    logger,
    gateway: ops.countSends(gateway),
    hub,
    users,
    media,
    sessions,
    risk: risk.gate,
    shared: cluster.lease ? { self: cluster.self, signals: cluster.signals } : undefined,
  })
  const realtime = installRealtime(app, {
    resolveToken: (t) => tokens.resolve(t),
    canJoinSession: (actor, id) => canFollowSession(db, callerOfActor(actor), id),
    relay: hub,
    adapt: (io) => cluster.adapt(io),
  })

  // ---- Platform operations and billing: staff and tenants, orders of ports and seats, the tenant's agents ----
  const platform = platformCore(db)
  const accountAgents = new AccountAgentsRepository(db)
  const billing = installBilling(app, platform, {
    db,
    logger,
    tokens,
    accounts: accountAgents,
    portsEnded: () => portExpiry.tick(),
    checkMs: config.PORT_EXPIRY_CHECK_MS,
  })
  installPlatform(app, platform, {
    db,
    tokens,
    slots: () => billing.slots,
    status: {
      accountsByStatus: () => accountAgents.systemByStatus(),
      outboxDepth: () => new OutboxDepthRepository(db).systemDepth(),
    },
  })
  const agents = installAgents(app, {
    db,
    users: platform.users,
    seats: billing.seats,
    accounts: accountAgents,
    tokens,
  })
  auth.checkOnSignIn((user) => billing.seats.assertCanSignIn(db, user))
  users.useBusinessProfiles((actor) => platform.settings.profileForUser(actor))
  // ---- end of platform operations and billing ----

  // The desk's supporting services: labels, the material libraries (files in the media store), translation.
  const labels = installLabels(app, db)
  const materials = installMaterials(app, db, media, uploads)
  installTranslate(app, { users, config, logger })
  // The tenant's chat history, read-only: search, conversations around a hit, export.
  const history = installChatHistory(app, db)
  // Group chats of desk sessions (after inbound: its handlers store WhatsApp's group changes first).
  installGroups(app, { db, gateway, hub })
  // The agent desk: presence, sessions and chat; sends go through the outbox.
  agentsRoutes(app, {
    agents: (tenantId) => listAgents(db, tenantId),
    deskAccounts: (caller) => listDeskAccounts(db, caller),
  })
  const desk = installDesk(app, {
    db,
    logger,
    gateway,
    hub,
    outbox,
    users,
    requests,
    sessions,
    media,
    uploads,
    materials: (tenantId, userId, materialId) => materials.toOutbound({ tenantId, userId }, materialId),
    signals: cluster.signals,
  })
  presence = desk.presence
  // The supervisor's session console: who works which account and session (moves are the desk's migration).
  const sessionConsole = installConsole(app, {
    db,
    hub,
    desk,
    users,
    people: platform.users,
    accountAgents,
    io: realtime.io,
    accountChanged: (id) => inbound.forgetAccount(id),
  })
  // an account handed over on the agents page reaches the desks as one handed over in the console
  agents.useAssignmentAnnouncer((tenantId, changes) => sessionConsole.announce(tenantId, changes))
  // Fan inheritance: a lost account's fans handed to another account, each with a session there.
  const accountRows = new AccountsRepository(db)
  const labelRows = new LabelsRepository(db)
  const inheritance = installInheritance(app, {
    db,
    hub,
    log: logger.child({ module: 'inheritance' }),
    account: async (tenantId, id) => {
      const row = await accountRows.systemFind(id)
      return row?.tenant_id === tenantId ? row : undefined
    },
    labelNames: async (tenantId, ids) =>
      new Map((await labelRows.all(tenantId)).filter((l) => ids.includes(l.id)).map((l) => [l.id, l.name])),
    openSession: (q, tenantId, accountId, fanId, at, newFan) =>
      sessions.ensurePersonal(q, tenantId, accountId, fanId, at, newFan),
  })
  // The customers list (fansManage and the desk's "my customer"): labels, desk actions and new sessions as the desk makes them.
  installFans(app, {
    db,
    gateway,
    visibleSessions,
    labels,
    desk: desk.actions,
    sessions: desk.creator,
    accounts: new AccountsRepository(db),
  })
  // Mass send: tasks run by its engine through the outbox, paced per account (after the desk and the customers list it reads).
  const massSend = installMassSend(app, {
    db,
    config,
    logger,
    gateway,
    hub,
    outbox,
    users,
    sessions,
    media,
    materials: (tenantId, userId, id) => materials.toOutbound({ tenantId, userId }, id),
    labels: (tenantId) => labels.list(tenantId),
    visibleSessions,
    inbound,
    settings: platform.settings,
  })
  // Keyword auto-reply: stored customer messages matched against the tenant's rules, replies through the outbox.
  const autoReply = installAutoReply(app, {
    db,
    logger,
    outbox,
    sessions,
    inbound,
    users,
    labelIds: async (tenantId) => (await labels.list(tenantId)).map((l) => l.id),
    material: (tenantId, userId, id) => materials.toOutbound({ tenantId, userId }, id),
  })
  // Tenant settings (after mass send: a tenant without its own opt-out words follows the platform's), then AI reply.
  const tenantSettings = installTenantSettings(app, {
    db,
    platformOptOutWords: massSend.optOut.current,
    inbound,
    signals: cluster.signals,
    applyTargetLanguage: async (caller, code) => {
      const people = [caller.userId, ...(await listAgents(db, caller.tenantId)).map((a) => a.id)]
      for (const id of people) await users.setTargetLanguage(caller.tenantId, id, code)
    },
  })
  const aiReply = installAiReply({
    db,
    logger,
    inbound,
    outbox,
    sessions,
    settings: tenantSettings.service,
    desk: desk.actions,
    privateAddresses: config.AI_PROVIDER_PRIVATE_ADDRESSES ?? config.GATEWAY === 'simulator',
  })
  // Diversion links (/s), attribution of new fans to them, the counter and the desk's marketing interaction.
  const diversion = installDiversion(app, { db, config, logger, inbound })
  // the acquisition statistics break new fans down per link and per agent with the links' owner
  accounts.acquisition.useSources(diversion.acquisition)
  // The number-merchant interface (pairing through the accounts' login, history through its search) and account profiles.
  installMerchants(app, {
    db,
    gateway,
    login: accounts.login,
    history,
    materials,
    media,
    ratePerMinute: config.LOGIN_RATE_PER_MINUTE,
  })
  installOrderTemplates(app, db)
  // WS dynamics: status posts from chosen accounts, made by its engine.
  const dynamics = installDynamics(app, { db, config, logger, gateway, media })
  // Account nurturing: a tenant's new accounts talk to each other through the outbox (risk limits apply).
  const nurturingFans = new FansRepository()
  const nurturing = installNurturing(app, {
    db,
    media,
    config,
    logger,
    gateway,
    inbound,
    openChat: (tenantId, accountId, phone) =>
      db.transaction().execute(async (tx) => {
        const at = Date.now()
        const { fan, created } = await nurturingFans.upsert(
          tx,
          tenantId,
          accountId,
          { jid: `${phone}@s.whatsapp.net`, phone, lid: null, pushName: '' },
          FanSource.activeAdd,
          at,
        )
        await nurturingFans.markNurturing(tx, tenantId, fan.id, at)
        const { session } = await sessions.ensurePersonal(tx, tenantId, accountId, fan.id, at, created)
        return session.id
      }),
    send: async (tenantId, sessionId, content) => {
      await outbox.enqueue({
        tenantId,
        sessionId,
        content,
        requestedBy: null,
        origin: SendOrigin.nurturing,
      })
    },
    markRead: (tenantId, accountId, sessionId, ref) =>
      requests.add({
        tenantId,
        accountId,
        sessionId,
        requestedBy: 0,
        payload: { kind: 'read', refs: [{ chatId: ref.chatId, id: ref.id, fromMe: false }] },
      }),
  })
  // Dashboards: daily rollups kept by their engine, /dataStatistics and the figures of /home.
  const statistics = installStatistics(app, {
    db,
    logger,
    home: {
      tenantIds: (caller) => platform.scope.tenantIds(caller),
      tenantCount: () => platform.tenants.systemCount(),
      expiring: async (tenantId, now, until) => {
        const { ports: p, seats: s } = await billing.slots.counts([tenantId], now, until)
        return { ports: p.get(tenantId)?.expiringSoon ?? 0, seats: s.get(tenantId)?.expiringSoon ?? 0 }
      },
    },
  })
  if (sim) simRoutes(app, new SimService(db, sim))

  // Engines: started by the caller (main, or a test that wants them), in this order; stopped in reverse on close.
  const engines = new Engines(logger.child({ module: 'engines' }))
  engines.add(spool, accounts.links, portExpiry, billing.seatExpiry, dispatcher, requests, mediaCleanup)
  engines.add(inheritance.engine)
  engines.add(massSend.engine)
  engines.add(dynamics.engine)
  engines.add(nurturing.engine)
  engines.add(risk.engine)
  engines.add(autoReply.engine)
  engines.add(diversion.engine)
  engines.add(aiReply.engine)
  engines.add(statistics.engine)
  // readiness last: it reports ready once every engine before it has started
  engines.add(ops.readiness)
  app.addHook('onClose', () => engines.stop())

  await installWeb(app, config.webDist)
  const messaging = {
    hub,
    media,
    uploads,
    mediaCleanup,
    inbound,
    outbox,
    dispatcher,
    requests,
    ports,
    portExpiry,
    realtime,
    login: accounts.login,
    accounts: accounts.accounts,
    runtime: accounts.runtime,
    sync: accounts.sync,
  }
  return {
    app,
    routes,
    services: { tokens, users, captcha },
    engines,
    messaging,
    desk,
    billing,
    platform,
    massSend,
    dynamics,
    nurturing,
    risk,
    autoReply,
    diversion,
    tenantSettings,
    aiReply,
    statistics,
  }
}
