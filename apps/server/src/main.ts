import path from 'node:path'
import { pino } from 'pino'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'
import { ensurePlatformAdmin } from './modules/system/bootstrap.js'
import { DEMO_USERS, seedDemo } from './modules/system/demo-seed.js'

const started = Date.now()
const config = loadConfig()
const logger = pino({ level: config.LOG_LEVEL })
const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.dataDir, 'app.db') })
await migrate(db)
const demoAdmin = DEMO_USERS.find((u) => u.role === 'admin')?.password
await ensurePlatformAdmin(db, logger, config.ADMIN_PASSWORD ?? (config.DEMO ? demoAdmin : undefined))
const signIns = config.DEMO ? await seedDemo(db) : []

const { app } = await buildApp({ config, db, logger })
await app.listen({ port: config.PORT, host: config.HOST })
const address = `http://localhost:${config.PORT}`
logger.info(
  { ms: Date.now() - started, demo: config.DEMO, database: config.DATABASE_URL ? 'postgres' : 'sqlite' },
  'ready',
)

if (config.DEMO) {
  const rows = signIns.map(
    (s) =>
      `  ${s.role.padEnd(19)} ${`${address}${s.screen}`.padEnd(36)} enterprise ${s.enterprise.padEnd(9)} ${s.username.padEnd(11)} ${s.password}`,
  )
  process.stdout.write(
    `\nDemo is running at ${address}  (ready in ${Date.now() - started} ms)\nSign-ins:\n${rows.join('\n')}\n\n`,
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
      .then(() => db.destroy())
      .then(() => process.exit(0))
  })
}
