import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy } from './http/trust-proxy.js'

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes')
/** a switch whose default depends on other settings: undefined when unset */
const optionalBool = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'))

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
  /** requests one public API key may make per minute (per process) */
  API_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** wrong slider-captcha answers from one IP address before each further one locks the address */
  CAPTCHA_FREE_MISSES: z.coerce.number().int().min(0).max(10).default(2),
  /** visits to a diversion link (/s?c=) per minute per IP address */
  DIVERSION_VISITS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** lookups of a number-merchant code on its public pages (its numbers, their chat history) per minute per IP address */
  MERCHANT_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * the forwarding proxies believed: a hop count (`1`, or `true` of the older on/off form: the one
   * proxy in front) or their addresses/networks, comma-separated; unset or `0`: none
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v)
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e)
        ctx.addIssue({ code: 'custom', message: `a hop count or proxy addresses/CIDRs (${reason})` })
        return z.NEVER
      }
    }),
  WEB_DIST: z.string().optional(),
  TRANSLATE_URL: z.string().optional(),
  /** whether the addresses tenants set (their AI provider, their webhooks, their accounts' proxies) may be on this machine or a private network; unset: only on the simulated network */
  OUTBOUND_PRIVATE_ADDRESSES: optionalBool,
  /** the former name of OUTBOUND_PRIVATE_ADDRESSES, still read when that one is unset */
  AI_PROVIDER_PRIVATE_ADDRESSES: optionalBool,
  TRANSLATE_API_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // --- messaging: pacing, outbox, ports, media ---
  /** sends per WS account per minute (halved under tenant risk control, doubled on a special channel) */
  SEND_RATE_PER_MINUTE: z.coerce.number().positive().default(20),
  /** sends an idle account may make back to back */
  SEND_BURST: z.coerce.number().positive().default(5),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(500),
  /**
   * how long a claimed outbox row or gateway request is held past its holder's last renewal (renewed
   * every third of this while it is worked on): a dead process's sends are taken over within this.
   * The other engines' claims (a mass-send step or preparation batch, a status post's part, a
   * nurturing pair) are held this long too, each checked still held before it acts
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().positive().default(15_000),
  /** how long a claimed webhook delivery stays with its process (at least 15 s, longer than an attempt): a dead process's claims are retried after this */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(200).default(30_000),
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

export type Config = Omit<z.infer<typeof schema>, 'HOST' | 'GATEWAY' | 'OUTBOUND_PRIVATE_ADDRESSES'> & {
  HOST: string
  GATEWAY: 'baileys' | 'simulator'
  OUTBOUND_PRIVATE_ADDRESSES: boolean
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
    // on the simulated network a tenant's stand-in AI provider runs on this machine
    OUTBOUND_PRIVATE_ADDRESSES:
      c.OUTBOUND_PRIVATE_ADDRESSES ?? c.AI_PROVIDER_PRIVATE_ADDRESSES ?? gateway === 'simulator',
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  }
}
