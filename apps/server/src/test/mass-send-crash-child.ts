// A server process for the mass-send kill-and-restart test (modules/massSend/massSend.crash.test.ts): the app over
// a SQLite file, the simulator with its links in that database and its network journaled to a
// file (so what the phones got survives the kill), engines started. Number checks are not paced
// here: the test is about the sends. Prints READY once accounts are resumed. Killed by the test.
import path from 'node:path'
import { pino } from 'pino'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { migrate, openDatabase } from '../db/index.js'
import { KyselyAuthStateStore } from '../gateway/baileys/auth-store.js'
import { SimulatorGateway } from '../gateway/simulator/gateway.js'
import { linkStoreOnAuthStore } from '../gateway/simulator/link-store.js'
import { SimNetwork } from '../gateway/simulator/network.js'
import { persistWorld } from './sim-journal.js'

const dir = process.env.CRASH_DIR
if (!dir) throw new Error('CRASH_DIR is required')
const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
const db = openDatabase({ sqliteFile: path.join(dir, 'app.db') })
await migrate(db)
const network = new SimNetwork({
  seed: Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31),
  rules: { sendLimitPerMinute: 1_000_000, newChatsPerHour: 1_000_000 },
  timings: { readProbability: 0 },
})
persistWorld(network.world, path.join(dir, 'network.jsonl'))
const gateway = new SimulatorGateway({
  network,
  links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)),
  numberCheck: { minIntervalMs: 0, batchSize: 50 },
})
const { app, engines } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
await app.listen({ port: 0, host: '127.0.0.1' })
await engines.start()
process.stdout.write('READY\n')
