import { CLIENT_VERSION, UPLOAD_BATCH_MAX, UPLOAD_MAX_BYTES } from '@app/core'
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
import type { Config } from './config.js'
import type { Db } from './db/index.js'
import type { MessagingGateway } from './gateway/port.js'
import { installAuth, type RouteAccess } from './http/auth.js'
import { installErrorHandler } from './http/error-handler.js'
import { installSecurityHeaders } from './http/security.js'
import { installTextInputCheck } from './http/text-input.js'
import { installWeb } from './http/web.js'
import { AnnouncementsRepository } from './modules/announcements/announcements.repository.js'
import { announcementsRoutes } from './modules/announcements/announcements.routes.js'
import { AnnouncementsService } from './modules/announcements/announcements.service.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { AuthService } from './modules/auth/auth.service.js'
import { LoginLimiter } from './modules/auth/login-limiter.js'
import { TokenService } from './modules/auth/token.service.js'
import { captchaRoutes } from './modules/captcha/captcha.routes.js'
import { CaptchaService } from './modules/captcha/captcha.service.js'
import { type Desk, installDesk } from './modules/desk/desk.module.js'
import type { DeskPresence } from './modules/desk/desk.presence.js'
import { installGroups } from './modules/groups/groups.module.js'
import { installLabels } from './modules/labels/labels.module.js'
import { installMaterials } from './modules/materials/materials.module.js'
import { MaterialsService } from './modules/materials/materials.service.js'
import { installMessaging, type Messaging } from './modules/messages/messaging.module.js'
import { SessionsRepository } from './modules/sessions/sessions.repository.js'
import { simRoutes } from './modules/sim/sim.routes.js'
import { type SimDeps, SimService } from './modules/sim/sim.service.js'
import { systemRoutes } from './modules/system/system.routes.js'
import { installTranslate } from './modules/translate/translate.module.js'
import { agentsRoutes } from './modules/users/agents.routes.js'
import { usersRoutes } from './modules/users/users.routes.js'
import { UsersService } from './modules/users/users.service.js'

export interface AppDeps {
  config: Config
  db: Db
  logger: Logger
  /** the WhatsApp link: the simulator in demo mode and tests, Baileys otherwise (main.ts chooses) */
  gateway: MessagingGateway
  /** the simulated network behind `gateway` (demo mode, tests): turns on the /damai/sim routes of the /sim page */
  sim?: SimDeps
}

export interface App {
  app: FastifyInstance
  routes: RouteAccess[]
  services: { tokens: TokenService; users: UsersService; captcha: CaptchaService }
  /** accounts, inbound, outbox, realtime; `messaging.engines.start()` resumes accounts and starts the loops */
  messaging: Messaging
  /** the agent desk; `desk.settled()` waits for work answered before it finished (revokes, read receipts) */
  desk: Desk
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
  const users = new UsersService(db, tokens)
  let presence: DeskPresence | null = null
  const routes = installAuth(app, tokens, {
    isActiveAgent: (tenantId, userId) => users.isActiveAgent(tenantId, userId),
    isLiveDesk: async (tenantId, userId, deskId) => presence?.isLive(tenantId, userId, deskId) ?? false,
  })

  // Modules.
  const captcha = new CaptchaService(db)
  const limiter = new LoginLimiter(db, config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_MINUTES * 60_000)
  authRoutes(app, new AuthService(db, tokens, limiter, captcha), tokens, config.LOGIN_RATE_PER_MINUTE)
  captchaRoutes(app, captcha, config.LOGIN_RATE_PER_MINUTE)
  usersRoutes(app, users)
  agentsRoutes(app, db)
  announcementsRoutes(app, new AnnouncementsService(new AnnouncementsRepository(db)))
  systemRoutes(app, { mapTileUrl: config.MAP_TILE_URL })
  // Messaging (accounts, ports, inbound, outbox, Socket.IO at /socket.io): routes now, engines on start.
  const messaging = installMessaging(app, { config, db, logger, gateway, tokens, users })
  // The desk's supporting services: labels, the material libraries (files in the messaging media store), translation.
  installLabels(app, db)
  installMaterials(app, db, messaging.media)
  installTranslate(app, { db, config, logger })
  // Group chats of desk sessions (after messaging: its inbound handlers store WhatsApp's group changes first).
  installGroups(app, { db, gateway, hub: messaging.hub })
  // The agent desk: presence, sessions and chat; sends go through the messaging outbox.
  const materialsForDesk = new MaterialsService(db, messaging.media)
  const desk = installDesk(app, {
    db,
    logger,
    gateway,
    hub: messaging.hub,
    outbox: messaging.outbox,
    sessions: new SessionsRepository(db),
    media: messaging.media,
    materials: (tenantId, userId, materialId) =>
      materialsForDesk.toOutbound({ tenantId, userId }, materialId),
  })
  presence = desk.presence
  if (sim) simRoutes(app, new SimService(db, sim))

  await installWeb(app, config.webDist)
  return { app, routes, services: { tokens, users, captcha }, messaging, desk }
}
