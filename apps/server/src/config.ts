import path from 'node:path'
import { z } from 'zod'

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

/**
 * Every setting the server reads, from the environment. Documented in the README; a bad value
 * stops the process at start with the setting's name.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** unset: 0.0.0.0, or 127.0.0.1 in demo mode (its simulator routes answer without a token) */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** prefix of this deployment's Redis keys and channels (several deployments may share one Redis) */
  REDIS_PREFIX: z.string().min(1).default('wsdesk:'),
  /** with REDIS_URL: how long a process's hold on an account lasts unless renewed; a dead process's accounts are taken over after it */
  ACCOUNT_LEASE_MS: z.coerce.number().int().min(3_000).default(15_000),
  /** bearer token /metrics asks for; unset: /metrics answers loopback clients only */
  METRICS_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: bool,
  /** the WhatsApp link: the real network (baileys) or the simulated one; unset: simulator in demo mode, else baileys */
  GATEWAY: z.enum(['baileys', 'simulator']).optional(),
  /** the shared simulated network service (npm run sim-service), e.g. http://127.0.0.1:8090: set, the simulator is reached there instead of running in this process */
  SIM_URL: z
    .string()
    .regex(/^(https?|wss?):\/\/[^\s]+$/, 'an http(s):// or ws(s):// address')
    .optional(),
  ADMIN_PASSWORD: z.string().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** visits to a diversion link (/s?c=) per minute per IP address */
  DIVERSION_VISITS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().optional(),
  TRANSLATE_URL: z.string().optional(),
  /** whether a tenant's AI provider may be on this machine or a private network; unset: only on the simulated network */
  AI_PROVIDER_PRIVATE_ADDRESSES: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  TRANSLATE_API_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // --- messaging: pacing, outbox, ports, media ---
  /** sends per WS account per minute (halved under tenant risk control, doubled on a special channel) */
  SEND_RATE_PER_MINUTE: z.coerce.number().positive().default(20),
  /** sends an idle account may make back to back */
  SEND_BURST: z.coerce.number().positive().default(5),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(500),
  /** how long a claimed outbox row is held before another dispatcher may retry it */
  OUTBOX_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  /** a message that cannot go out for this long (account down, paced) fails */
  OUTBOX_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  OUTBOX_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  PORT_EXPIRY_CHECK_MS: z.coerce.number().int().positive().default(60_000),
  /** each tenant's stored files together; an upload that would pass it is refused */
  TENANT_STORAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
})

export type Config = Omit<z.infer<typeof schema>, 'HOST' | 'GATEWAY'> & {
  HOST: string
  GATEWAY: 'baileys' | 'simulator'
  dataDir: string
  webDist: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  const gateway = c.GATEWAY ?? (c.DEMO || c.SIM_URL ? 'simulator' : 'baileys')
  if (c.SIM_URL && gateway !== 'simulator')
    throw new Error('Invalid configuration:\n  SIM_URL: the simulated network needs GATEWAY=simulator')
  return {
    ...c,
    GATEWAY: gateway,
    // the simulated phone's API answers without a token: this machine only, unless HOST says otherwise
    HOST: c.HOST || (gateway === 'simulator' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  }
}
