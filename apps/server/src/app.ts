import { installCallers, installSockets } from './app.callers.js'
import { startCluster } from './cluster/cluster.js'
import type { Config } from './config.js'
import type { Db } from './db/index.js'
import type { User } from './db/schema.js'
import { openSystemScope } from './db/system-scope.js'
import { type Engine, EngineStage, Engines } from './engines/engines.js'
import { EventBus } from './events/bus.js'
import type { MessagingGateway } from './gateway/messaging-gateway.js'
import type { WaVersionInfo } from './gateway/wa-version.js'
import { createServer } from './http/plugins.js'
import { installWeb } from './http/web.js'
import { installAccounts } from './modules/accounts/index.js'
import { installAgents } from './modules/agents/index.js'
import { aiUsageToday, installAiReply } from './modules/aiReply/index.js'
import { installAnnouncements } from './modules/announcements/index.js'
import { installSignIn } from './modules/auth/index.js'
import { installAutoReply } from './modules/autoReply/index.js'
import { installBilling } from './modules/billing/index.js'
import { installConsole } from './modules/console/index.js'
import { installDesk, sessionMentionsMergePart, sessionReadsMergePart } from './modules/desk/index.js'
import { DiversionAcquisition, installDiversion } from './modules/diversion/index.js'
import { installDynamics } from './modules/dynamics/index.js'
import { FanIdentities, installFans, installInheritance } from './modules/fans/index.js'
import { installGroups } from './modules/groups/index.js'
import { installLabels } from './modules/labels/index.js'
import { installMassSend } from './modules/massSend/index.js'
import { installMaterials } from './modules/materials/index.js'
import { installMerchants } from './modules/merchants/index.js'
import {
  installChatHistory,
  installInbound,
  installMedia,
  messagesMergePart,
} from './modules/messages/index.js'
import { installNurturing } from './modules/nurturing/index.js'
import { installOps } from './modules/ops/index.js'
import { installOrderTemplates } from './modules/orderTemplates/index.js'
import { EchoedSends, installOutbox, outboxDepth, outboxMergePart } from './modules/outbox/index.js'
import { installPlatform } from './modules/platform/index.js'
import { installPorts } from './modules/ports/index.js'
import { installPublicApi } from './modules/publicApi/index.js'
import { installRisk } from './modules/risk/index.js'
import {
  listDeskAccounts,
  SessionDirectory,
  SessionMerge,
  visibleSessions,
} from './modules/sessions/index.js'
import { type SimDeps, SimService, simRoutes } from './modules/sim/index.js'
import { installStatistics } from './modules/statistics/index.js'
import { installSupport, supportSettings } from './modules/support/index.js'
import { systemRoutes } from './modules/system/index.js'
import { installTenantSettings } from './modules/tenantSettings/index.js'
import { installTranslate } from './modules/translate/index.js'
import { installUsers, signInLookups } from './modules/users/index.js'
import { installWebhooks } from './modules/webhooks/index.js'
import { OutboundGuard } from './net/outbound/outbound-guard.js'
import { HubRelay } from './realtime/hub.js'

/** the platform-wide figures of /metrics and the system status page */
const system = openSystemScope('app')

export interface AppDeps {
  config: Config
  db: Db
  logger: import('pino').Logger
  /** the WhatsApp link: the simulator in demo mode and tests, Baileys otherwise (main.ts chooses) */
  gateway: MessagingGateway
  /** the simulated network behind `gateway` (demo mode, tests): turns on the /damai/sim routes of the /sim page */
  sim?: SimDeps
  /** the real link's own background work (its Web version refresh, the sweep of stored messages) and the version it announces */
  link?: { engines: Engine[]; version(): WaVersionInfo | undefined }
  /** the guard of addresses tenants set, shared with the real link's proxies (main.ts); default: one by OUTBOUND_PRIVATE_ADDRESSES */
  outbound?: OutboundGuard
}

/** The assembled server, for main, scripts and tests; `engines.start()` resumes linked accounts and starts the loops. */
export type App = Awaited<ReturnType<typeof buildApp>>

/**
 * Assemble the server: plugins, then the modules, owners first (a module is installed after the
 * modules whose services it calls). Each module subscribes to the events it reacts to and adds
 * its engines; the engines start when the caller asks (main, or a test that wants them).
 */
export async function buildApp({ config, db, logger, gateway, sim, link, outbound: shared }: AppDeps) {
  const app = await createServer(config, logger)
  const events = new EventBus(db, logger.child({ module: 'events' }))
  const engines = new Engines(logger.child({ module: 'engines' }))
  engines.addAt(EngineStage.link, ...(link?.engines ?? []))
  const hub = new HubRelay()
  // One process, or several sharing the accounts (REDIS_URL): leases, the process bus, shared rooms.
  const cluster = await startCluster(config, db, logger)
  app.addHook('onClose', () => cluster.close())
  // Addresses a tenant sets (its AI provider, its accounts' proxies) are reached through one guard.
  const outbound = shared ?? new OutboundGuard({ privateAddresses: config.OUTBOUND_PRIVATE_ADDRESSES })
  const kit = { db, config, logger, hub, events, engines, cluster, signals: cluster.signals, outbound }

  // Who calls: tokens, users, desk presence, the auth hook (before any route).
  const { tokens, limiter, platform, users, presence, routes } = installCallers(app, kit)
  installUsers(app, { db, users, shard: cluster.lease !== undefined, listDeskAccounts })
  installAnnouncements(app, db)
  systemRoutes(app, { mapTileUrl: config.MAP_TILE_URL })
  // the owner of the opt-out rule the inbound path applies
  const tenantSettings = installTenantSettings(app, { ...kit, users, platform, aiUsage: aiUsageToday(db) })

  // Messaging: media, sessions, ports and WS accounts, inbound, operability, risk, the outbox, Socket.IO.
  const { media, uploads, mediaCleanup } = installMedia(kit)
  const sessions = new SessionDirectory(db)
  const ports = installPorts(app, db)
  const accounts = installAccounts(app, { ...kit, gateway, ports, diversion: new DiversionAcquisition(db) })
  // from here on, a call on an account another process holds runs in that process
  gateway = accounts.gateway
  const net = { ...kit, gateway, media, uploads, sessions, users, tokens, presence, visibleSessions }
  const merged = [messagesMergePart, outboxMergePart, sessionReadsMergePart, sessionMentionsMergePart]
  const identities = new FanIdentities(new SessionMerge(), merged)
  const echoes = new EchoedSends(db)
  const { inbound } = installInbound(app, { ...net, echoes, identities, optOut: tenantSettings.optOut })
  const status = {
    accountsByStatus: () => accounts.directory.systemByStatus(system),
    outboxDepth: () => outboxDepth(system, db),
    waVersion: () => link?.version(),
  }
  const sources = { ...status, heldAccounts: () => accounts.runtime.heldAccounts().length }
  const ops = installOps(app, { ...kit, sources })
  ops.watchLinks(gateway)
  // the tenant's time zone (its business hours') is the calendar of the risk windows too
  const settings = supportSettings(db)
  const risk = installRisk(app, { ...kit, timeZoneOf: (tenantId, q) => settings.timeZone(tenantId, q) })
  const sending = installOutbox({ ...net, gateway: ops.countSends(gateway), risk: risk.gate })
  const { outbox, requests } = sending
  const realtime = installSockets(app, { db, hub, cluster, tokens })

  // Platform operations and billing: staff and tenants, orders of ports and seats, the tenant's agents, sign-in.
  const billing = installBilling(app, platform, {
    ...kit,
    tokens,
    accounts: accounts.directory,
    portExpiry: accounts.portExpiry,
  })
  const platformStatus = { ...status, needingUpdate: () => accounts.directory.systemNeedingUpdate(system) }
  installPlatform(app, platform, { db, tokens, slots: () => billing.slots, status: platformStatus })
  installAgents(app, { ...kit, seats: billing.seats, assignments: accounts.assignments, tokens })
  const checks = [(user: User) => billing.seats.assertCanSignIn(db, user)]
  const { captcha } = installSignIn(app, { ...kit, tokens, limiter, lookups: signInLookups(db), checks })

  // The desk and its supporting services: labels, materials, translation, chat history, groups.
  const labels = installLabels(app, db)
  const materials = installMaterials(app, db, media, uploads)
  const material = (tenantId: number, userId: number, id: number) =>
    materials.toOutbound({ tenantId, userId }, id)
  installTranslate(app, net)
  const history = installChatHistory(app, db)
  installGroups(app, net)
  const desk = installDesk(app, { ...net, outbox, requests, material, risk, tenantSettings })
  installConsole(app, { ...net, desk, assignments: accounts.assignments, realtime, inbound })
  installInheritance(app, { ...net, accounts, labels })
  const fans = installFans(app, { ...net, labels, desk, accounts })

  // The automatic front line and marketing: mass send, auto-reply, AI reply, diversion, dynamics, nurturing.
  const massSend = installMassSend(app, { ...net, outbox, material, labels })
  const autoReply = installAutoReply(app, { ...net, outbox, labels, material })
  const support = installSupport(app, { ...net, outbox, settings })
  const aiReply = installAiReply({ ...net, outbox, settings: tenantSettings.service })
  const diversion = installDiversion(app, kit)
  installMerchants(app, { ...net, login: accounts.login, history, materials })
  installOrderTemplates(app, db)
  const dynamics = installDynamics(app, net)
  const nurturing = installNurturing(app, { ...net, outbox, requests })
  const statistics = installStatistics(app, { ...kit, platform, billing, support: support.service })

  // Integrations: webhooks, API keys and the public API.
  const webhooks = installWebhooks(app, kit)
  const publicApi = await installPublicApi(app, {
    db,
    desk,
    labels,
    fans,
    materials,
    massSend: massSend.service,
    outbound,
    webhooks: webhooks.service,
    ratePerMinute: config.API_RATE_PER_MINUTE,
  })
  if (sim) simRoutes(app, new SimService(db, sim, diversion.visits))

  // stopped in reverse order of start, on close
  app.addHook('onClose', () => engines.stop())
  await installWeb(app, config.webDist)
  const { portExpiry, login, runtime, sync } = accounts
  const parts = { ...sending, ports, portExpiry, realtime, login, accounts: accounts.accounts, runtime, sync }
  const messaging = { hub, media, uploads, mediaCleanup, inbound, ...parts }
  const services = { tokens, users, captcha }
  const modules = { desk, billing, platform, massSend, dynamics, nurturing, risk, autoReply, diversion }
  const more = { tenantSettings, aiReply, statistics, support, publicApi, webhooks }
  return { app, routes, services, engines, events, messaging, ...modules, ...more }
}
