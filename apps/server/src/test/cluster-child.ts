// One server process of the several-process failover test (cluster/failover.test.ts): the app over
// the test's PostgreSQL database, Redis for the processes' bus and rooms, and the shared simulated
// network the test process hosts (SIM_URL), links kept in the database. Prints "READY <port>" once
// it listens and its engines run. Killed by the test.
import { pino } from 'pino'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/index.js'
import { KyselyAuthStateStore } from '../gateway/baileys/auth-store.js'
import { linkStoreOnAuthStore } from '../gateway/simulator/link-store.js'
import { RemoteSimGateway } from '../gateway/simulator/remote/client.js'

const config = loadConfig({
  ...process.env,
  GATEWAY: 'simulator',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
})
if (!config.DATABASE_URL || !config.SIM_URL || !config.REDIS_URL)
  throw new Error('DATABASE_URL, REDIS_URL and SIM_URL are required')
const db = openDatabase({ databaseUrl: config.DATABASE_URL })
const gateway = new RemoteSimGateway({
  url: config.SIM_URL,
  links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)),
})
await gateway.ready(30_000)
const { app, engines } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
await app.listen({ port: 0, host: '127.0.0.1' })
await engines.start()
const address = app.server.address()
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`)
