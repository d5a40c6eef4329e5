// A server process for the outbox kill-and-restart test (modules/outbox/outbox.crash.test.ts):
// the app over a SQLite file, the simulator with its links in that database and its network
// journaled to a file, engines started. Prints READY once accounts are resumed. Killed by the test.
// CRASH_SEND_DELAY_MS: each send is answered this long after the network took it (a slow link:
// a kill then finds sends on the network and not yet recorded).
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
})
persistWorld(network.world, path.join(dir, 'network.jsonl'))
const gateway = new SimulatorGateway({ network, links: linkStoreOnAuthStore(new KyselyAuthStateStore(db)) })
const delay = Number(process.env.CRASH_SEND_DELAY_MS ?? 0)
if (delay > 0) {
  const send = gateway.send.bind(gateway)
  gateway.send = async (...args) => {
    const sent = await send(...args)
    await new Promise((r) => setTimeout(r, delay))
    return sent
  }
}
const { app, engines } = await buildApp({ config, db, logger: pino({ level: 'silent' }), gateway })
await app.listen({ port: 0, host: '127.0.0.1' })
await engines.start()
process.stdout.write('READY\n')
