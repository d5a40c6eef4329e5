import { randomInt } from 'node:crypto'
import path from 'node:path'
import { type AppDeps, buildApp } from './app.js'
import { loadConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'
import { KyselyAuthStateStore } from './gateway/baileys/auth-store.js'
import type { MessagingGateway } from './gateway/messaging-gateway.js'
import { SimulatorGateway } from './gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from './gateway/simulator/link-store.js'
import { SimNetwork } from './gateway/simulator/network.js'
import { openPersistentNetwork, SIM_STATE_FILE, type SimStateFile } from './gateway/simulator/persistence.js'
import { RemoteSimGateway } from './gateway/simulator/remote/client.js'
import { createLogger } from './modules/ops/index.js'
import {
  DEMO_USERS,
  ensurePlatformAdmin,
  linkDemoNumbers,
  seedDemo,
  seedDemoBilling,
  seedDemoNetwork,
} from './modules/system/index.js'
import { OutboundGuard } from './net/outbound/outbound-guard.js'

const started = Date.now()
const config = loadConfig()
// pretty in a terminal, JSON when piped
const logger = createLogger(config.LOG_LEVEL)
const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.dataDir, 'app.db') })
await migrate(db)
const demoAdmin = DEMO_USERS.find((u) => u.role === 'admin')?.password
await ensurePlatformAdmin(db, logger, config.ADMIN_PASSWORD ?? (config.DEMO ? demoAdmin : undefined))
const signIns = config.DEMO ? await seedDemo(db) : []

// Messaging: the WhatsApp link is chosen by GATEWAY (the simulator in demo mode, else Baileys); links live in wa_auth_*.
const authStore = new KyselyAuthStateStore(db)
// one guard for the addresses tenants set: the app's saves and calls, and the real link's proxies
const outbound = new OutboundGuard({ privateAddresses: config.OUTBOUND_PRIVATE_ADDRESSES })
let gateway: MessagingGateway
let sim: AppDeps['sim']
let link: AppDeps['link']
let remoteSim: RemoteSimGateway | undefined
let simState: SimStateFile | undefined
if (config.GATEWAY === 'simulator' && config.SIM_URL) {
  // the simulated network is one shared service (npm run sim-service) that every server process connects to
  remoteSim = new RemoteSimGateway({ url: config.SIM_URL, links: linkStoreOnAuthStore(authStore) })
  await remoteSim
    .ready(30_000)
    .catch(() => logger.warn({ url: config.SIM_URL }, 'simulated network unreachable'))
  gateway = remoteSim
  sim = { phones: remoteSim.phones }
} else if (config.GATEWAY === 'simulator') {
  // the network's phones, chats, groups and links are kept in DATA_DIR, so a restart finds them again;
  // a fresh seed per start: the simulator's message ids come from it and must not repeat across restarts
  const opened = await openPersistentNetwork(() => new SimNetwork({ seed: randomInt(2 ** 31) }), {
    file: path.join(config.dataDir, SIM_STATE_FILE),
    log: logger,
  })
  const network = opened.network
  simState = opened.state
  // the demo's customers and their chatter; the simulator alone starts with an empty network
  if (config.DEMO) seedDemoNetwork(network)
  const simulator = new SimulatorGateway({ network, links: linkStoreOnAuthStore(authStore) })
  gateway = simulator
  sim = { network, gateway: simulator }
} else {
  // loaded only when used, so demo mode never loads Baileys
  const { realLink } = await import('./gateway/baileys/real-link.js')
  const real = realLink(db, authStore, logger.child({ module: 'baileys' }), outbound)
  gateway = real.gateway
  link = real.link
}

const { app, engines, messaging, billing } = await buildApp({
  config,
  db,
  logger,
  gateway,
  sim,
  link,
  outbound,
})
if (config.DEMO) await seedDemoBilling(db, billing)
await app.listen({ port: config.PORT, host: config.HOST })
await engines.start()
if (sim && config.DEMO) {
  const network = 'network' in sim ? sim.network : sim.phones
  const linked = await linkDemoNumbers({ db, login: messaging.login, network, gateway, logger })
  if (linked) logger.info({ linked }, 'demo numbers linked on the simulated network')
}
const address = `http://localhost:${config.PORT}`
logger.info(
  {
    ms: Date.now() - started,
    demo: config.DEMO,
    gateway: config.GATEWAY,
    host: config.HOST,
    database: config.DATABASE_URL ? 'postgres' : 'sqlite',
  },
  'ready',
)

if (config.DEMO) {
  const rows = signIns.map(
    (s) =>
      `  ${s.role.padEnd(19)} ${`${address}${s.screen}`.padEnd(36)} enterprise ${s.enterprise.padEnd(9)} ${s.username.padEnd(11)} ${s.password}`,
  )
  const reach =
    config.HOST === '127.0.0.1'
      ? 'Listening on 127.0.0.1: this machine only (set HOST=0.0.0.0 to open the demo to your network)'
      : `Listening on ${config.HOST}: anyone who reaches it can use the simulated phone's API without signing in`
  process.stdout.write(
    `\nDemo is running at ${address}  (ready in ${Date.now() - started} ms)\nSign-ins:\n${rows.join('\n')}\n` +
      `Simulated phone (scan QR codes, chat as a customer): ${address}/sim\n` +
      `${reach}\n\n`,
  )
} else if (sim) {
  process.stdout.write(
    `\nRunning on the simulated WhatsApp network at ${address}; its phone page is ${address}/sim\n` +
      `Listening on ${config.HOST}: the simulated phone's API answers without signing in\n\n`,
  )
}

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down')
    void app
      .close()
      .then(() => remoteSim?.close())
      .then(() => simState?.close())
      .then(() => db.destroy())
      .then(() => process.exit(0))
  })
}
