// The simulated WhatsApp network as one service that server processes reach with SIM_URL, as
// they would reach WhatsApp's servers. SIM_PORT (8090), SIM_HOST (127.0.0.1), SIM_DATA_DIR
// (./data/sim-service: where the network's state is kept across restarts), DEMO=1 seeds the
// demo's customers and their chatter.
import { randomInt } from 'node:crypto'
import path from 'node:path'
import { SimNetwork } from './gateway/simulator/network.js'
import { openPersistentNetwork, SIM_STATE_FILE } from './gateway/simulator/persistence.js'
import { startSimService } from './gateway/simulator/remote/service.js'
import { seedDemoNetwork } from './modules/system/index.js'

const env = process.env
const port = Number(env.SIM_PORT || 8090)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid configuration:\n  SIM_PORT: not a port number\n`)
  process.exit(1)
}
const host = env.SIM_HOST || '127.0.0.1'
const demo = ['1', 'true', 'yes'].includes(env.DEMO ?? '')
const file = path.resolve(env.SIM_DATA_DIR || './data/sim-service', SIM_STATE_FILE)
const log = {
  warn: (details: object, msg: string) =>
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', msg, ...details }, (_k, v) => (v instanceof Error ? v.message : v))}\n`,
    ),
}

// a fresh seed per start: message ids come from it and must not repeat across restarts
const { network, state, restored } = await openPersistentNetwork(
  () => new SimNetwork({ seed: randomInt(2 ** 31) }),
  { file, log },
)
if (demo) seedDemoNetwork(network)
const started = await startSimService({ network, port, host })
process.stdout.write(
  `${JSON.stringify({ msg: 'sim-service ready', url: started.url, demo, file, restored })}\n`,
)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    void started
      .close()
      .then(() => state.close())
      .then(() => process.exit(0))
  })
}
