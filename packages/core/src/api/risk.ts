import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint } from './contract.js'

/**
 * Risk management: the pages /riskManage/config, /riskManage/warning and /riskManage/statistics;
 * product decisions "Risk management" and "Special channel".
 *
 * Limits are per WS account and enforced by the outbox dispatcher for every sender (desk, mass
 * send, auto-reply, AI, nurturing). Windows are fixed: the calendar minute, hour and day (the day
 * at the tenant's UTC offset, saved with the config). A desk, auto-reply or AI message refused by
 * a limit fails at once with "risk control limit", the rule, the count still sendable today and
 * when the window reopens; a mass-send message waits for its window instead. A refused window
 * holds the account: its sessions show "in risk control" until it reopens, then "unlocked" for a
 * day.
 *
 * The platform's bounds: a supervisor chooses each limit within {@link riskBounds} of the
 * tenant's state; a special channel raises the upper bounds (×2), a tenant under risk control
 * (status 1) lowers them (×½) and sends no mass sends. Until the supervisor saves a config the
 * tenant has no per-account limits: only the platform's pacing applies (reported with the config,
 * so the page can say so); {@link RISK_DEFAULTS} are the values offered for the first save. A text
 * holding a blocked keyword fails with "content violation".
 *
 * Paths (envelope `{ code, msg, data }`), all for the supervisor (`Access.master`):
 * - GET  {@link RiskPath.config}        → {@link RiskConfigView}
 * - PUT  {@link RiskPath.config}        body {@link riskConfigBody} → {@link RiskConfigView}
 * - POST {@link RiskPath.warnings}      body {@link riskWarningPageBody} → `Page<RiskWarningView>`
 * - GET  {@link RiskPath.warningCount}  → `{ unhandled }` (the header badge; the home page may read it)
 * - PUT  {@link RiskPath.handle}        body {@link riskHandleBody} → `{ handled }`
 * - POST {@link RiskPath.statistics}    body {@link riskStatisticsBody} → {@link RiskStatistics}
 * Socket: `risk.warning` ({@link RiskWarningEvent}) to the tenant's room when a warning is raised.
 */
export const RiskPath = {
  config: '/damai/customer/risk/config',
  warnings: '/damai/customer/risk/warning/page',
  warningCount: '/damai/customer/risk/warning/count',
  handle: '/damai/customer/risk/warning/handle',
  statistics: '/damai/customer/risk/statistics',
} as const

/** The limits a supervisor sets; counts are messages per WS account. */
export const riskLimits = z.object({
  perMinute: z.number(),
  perHour: z.number(),
  perDay: z.number(),
  /** first messages to a customer (a session with no message of ours sent yet) per day */
  newChatsPerDay: z.number(),
  /** mass-send messages per account per day */
  massPerDay: z.number(),
  /** seconds between two mass-send messages of one account */
  massIntervalSec: z.number(),
  /** days after an account was added during which the warm-up share of each limit applies */
  warmupDays: z.number(),
  /** percent of each limit a warming-up account may use */
  warmupPercent: z.number(),
})
export type RiskLimits = z.infer<typeof riskLimits>
export type RiskLimitKey = keyof RiskLimits

export const RISK_LIMIT_KEYS: readonly RiskLimitKey[] = [
  'perMinute',
  'perHour',
  'perDay',
  'newChatsPerDay',
  'massPerDay',
  'massIntervalSec',
  'warmupDays',
  'warmupPercent',
]

/** The platform's bounds for a tenant on the ordinary route: [min, max] per limit. */
export const RISK_BOUNDS: Record<RiskLimitKey, readonly [number, number]> = {
  perMinute: [1, 30],
  perHour: [1, 600],
  perDay: [1, 3000],
  newChatsPerDay: [0, 300],
  massPerDay: [0, 2000],
  massIntervalSec: [0, 3600],
  warmupDays: [0, 30],
  warmupPercent: [10, 100],
}
/** Limits whose upper bound the tenant's state moves (the others are durations and shares). */
const SCALED: readonly RiskLimitKey[] = ['perMinute', 'perHour', 'perDay', 'newChatsPerDay', 'massPerDay']

export const RISK_DEFAULTS: RiskLimits = {
  perMinute: 10,
  perHour: 200,
  perDay: 1000,
  newChatsPerDay: 100,
  massPerDay: 500,
  massIntervalSec: 5,
  warmupDays: 3,
  warmupPercent: 30,
}

export const RISK_KEYWORDS_MAX = 200
export const RISK_KEYWORD_MAX_LENGTH = 50

/** The bounds for a tenant: a special channel doubles the upper ones, risk control halves them. */
export function riskBounds(tenant: {
  riskStatus: number
  specialChannel: boolean
}): Record<RiskLimitKey, readonly [number, number]> {
  const factor = (tenant.riskStatus === 1 ? 0.5 : 1) * (tenant.specialChannel ? 2 : 1)
  const out = { ...RISK_BOUNDS }
  for (const k of SCALED) {
    const [min, max] = RISK_BOUNDS[k]
    out[k] = [min, Math.max(min, Math.floor(max * factor))]
  }
  return out
}

/** A saved limit brought inside the tenant's bounds (a tenant put under risk control gets the lowered ones at once). */
export function clampLimits(
  limits: RiskLimits,
  bounds: Record<RiskLimitKey, readonly [number, number]>,
): RiskLimits {
  const out = { ...limits }
  for (const k of RISK_LIMIT_KEYS) out[k] = Math.min(bounds[k][1], Math.max(bounds[k][0], limits[k]))
  return out
}

/** The keyword a text holds, case-insensitively, or null. */
export function blockedKeyword(text: string, keywords: readonly string[]): string | null {
  const lower = text.toLowerCase()
  for (const k of keywords) if (k && lower.includes(k.toLowerCase())) return k
  return null
}

const limit = z.number({ message: 'risk.limitRequired' }).int('risk.limitInteger')

export const riskConfigBody = z
  .object({
    limits: z.object({
      perMinute: limit,
      perHour: limit,
      perDay: limit,
      newChatsPerDay: limit,
      massPerDay: limit,
      massIntervalSec: limit,
      warmupDays: limit,
      warmupPercent: limit,
    }),
    keywords: z
      .array(
        z.string().trim().min(1, 'risk.keywordEmpty').max(RISK_KEYWORD_MAX_LENGTH, 'risk.keywordTooLong'),
      )
      .max(RISK_KEYWORDS_MAX, 'risk.keywordsTooMany'),
    /**
     * No longer read: the windows' days and hours are the tenant's time zone (its business
     * hours'). Accepted, so an older page still saves.
     */
    utcOffset: z.number().int().min(-720).max(840).optional(),
  })
  .strict()
export type RiskConfigBody = z.infer<typeof riskConfigBody>

const bound = z.tuple([z.number(), z.number()]).readonly()

export const riskConfigView = z.object({
  /** false until the supervisor saves one: no limits but the platform's pacing */
  saved: z.boolean(),
  limits: riskLimits,
  /** what is enforced now: the saved limits inside the tenant's current bounds */
  effective: riskLimits,
  keywords: z.array(z.string()),
  /** minutes east of UTC of the tenant's time zone now: where the windows' days and hours begin */
  utcOffset: z.number().int(),
  bounds: z.object({
    perMinute: bound,
    perHour: bound,
    perDay: bound,
    newChatsPerDay: bound,
    massPerDay: bound,
    massIntervalSec: bound,
    warmupDays: bound,
    warmupPercent: bound,
  }),
  riskStatus: z.number().int(),
  specialChannel: z.boolean(),
  updatedAt: z.number().nullable(),
  /** the platform's pacing in force for every account of the tenant, saved config or not */
  pacing: z.object({ perMinute: z.number(), burst: z.number() }),
})
export type RiskConfigView = z.infer<typeof riskConfigView>

/** Which rule refused a message. */
export const RiskRule = {
  perMinute: 'perMinute',
  perHour: 'perHour',
  perDay: 'perDay',
  newChats: 'newChatsPerDay',
  massPerDay: 'massPerDay',
  massInterval: 'massIntervalSec',
  keyword: 'keyword',
} as const
export type RiskRuleValue = (typeof RiskRule)[keyof typeof RiskRule]

/** What a refused message carries (message `meta.risk`). */
export interface RiskRefusal {
  rule: RiskRuleValue
  /** messages the account may still send today */
  remaining: number
  /** when the refusing window reopens; null for a keyword */
  reopensAt: number | null
  keyword?: string
}

export const RiskWarningKind = {
  limitHit: 'limit_hit',
  banned: 'banned',
  timeLocked: 'time_locked',
  pushedOut: 'pushed_out',
  sendFailures: 'send_failures',
  lowReplyRatio: 'low_reply_ratio',
  optOutSpike: 'opt_out_spike',
  /** WhatsApp refuses the account's client version, also after fetching the newest */
  updateRequired: 'update_required',
  /** a webhook endpoint of the tenant was turned off after its deliveries failed for a day */
  webhookFailing: 'webhook_failing',
} as const
export type RiskWarningKindValue = (typeof RiskWarningKind)[keyof typeof RiskWarningKind]
export const RISK_WARNING_KINDS = Object.values(RiskWarningKind)

export const RiskLevel = { low: 1, medium: 2, high: 3 } as const
export type RiskLevelValue = (typeof RiskLevel)[keyof typeof RiskLevel]

/** How loud each kind is. */
export const RISK_WARNING_LEVEL: Record<RiskWarningKindValue, RiskLevelValue> = {
  limit_hit: RiskLevel.medium,
  banned: RiskLevel.high,
  time_locked: RiskLevel.high,
  pushed_out: RiskLevel.medium,
  send_failures: RiskLevel.medium,
  low_reply_ratio: RiskLevel.low,
  opt_out_spike: RiskLevel.medium,
  update_required: RiskLevel.high,
  webhook_failing: RiskLevel.medium,
}

/** A kind is raised once per account in this window, however often its event repeats. */
export const RISK_WARNING_DEDUPE_MS = 3_600_000
/** failed sends of one account within its hour that make a burst */
export const RISK_FAILURE_BURST = 5
/** replies per send under which an account is warned, once it sent this many that day */
export const RISK_REPLY_RATIO_MIN = 0.05
export const RISK_REPLY_RATIO_MIN_SENDS = 50
/** opt-outs of one account in a day that make a spike */
export const RISK_OPT_OUT_SPIKE = 3

export const riskWarningView = z.object({
  id: z.number().int(),
  kind: z.enum(RiskWarningKind),
  level: z.union([z.literal(RiskLevel.low), z.literal(RiskLevel.medium), z.literal(RiskLevel.high)]),
  accountId: z.number().int().nullable(),
  accountPhone: z.string().nullable(),
  /** kind-specific facts: the rule and counts of a limit, the ratio, the failures */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
  handled: z.boolean(),
  handledAt: z.number().nullable(),
})
export type RiskWarningView = z.infer<typeof riskWarningView>

export interface RiskWarningEvent {
  warning: RiskWarningView
  unhandled: number
}

export const riskWarningPageBody = z
  .object({
    current: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
    handled: z.boolean().optional(),
    kind: z.enum(RISK_WARNING_KINDS as [RiskWarningKindValue, ...RiskWarningKindValue[]]).optional(),
    accountId: z.number().int().positive().optional(),
  })
  .strict()
export type RiskWarningPageBody = z.infer<typeof riskWarningPageBody>

export const riskHandleBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1, 'risk.selectWarnings').max(500) })
  .strict()

/** The statistics range: at most this many days. */
export const RISK_STATS_DAYS_MAX = 92

/** `YYYY-MM-DD` */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'risk.dateInvalid')
export const riskStatisticsBody = z
  .object({ from: day, to: day, accountId: z.number().int().positive().optional() })
  .strict()
  .refine((b) => b.from <= b.to, { message: 'risk.dateOrder', path: ['to'] })
export type RiskStatisticsBody = z.infer<typeof riskStatisticsBody>

/** Counts of one account on one day (or summed). */
export const riskDayCounts = z.object({
  sends: z.number().int(),
  newChats: z.number().int(),
  failed: z.number().int(),
  failedByReason: z.record(z.string(), z.number()),
  bans: z.number().int(),
  warnings: z.number().int(),
  replies: z.number().int(),
  optOuts: z.number().int(),
  /** replies per send, null without sends */
  replyRatio: z.number().nullable(),
})
export type RiskDayCounts = z.infer<typeof riskDayCounts>

export const riskStatisticsRow = riskDayCounts.extend({
  day: z.string(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
})
export type RiskStatisticsRow = z.infer<typeof riskStatisticsRow>

export const riskStatistics = z.object({
  rows: z.array(riskStatisticsRow),
  /** per day over the accounts, for the chart */
  days: z.array(riskDayCounts.extend({ day: z.string() })),
  total: riskDayCounts,
})
export type RiskStatistics = z.infer<typeof riskStatistics>

/** Risk management: the supervisor's /riskManage pages and the header's warnings badge. */
const master = { roles: Access.master, tags: ['risk'] } as const

export const riskEndpoints = {
  config: endpoint({
    ...master,
    method: 'GET',
    path: RiskPath.config,
    summary: "The tenant's risk limits, keyword blocks and bounds",
    response: riskConfigView,
  }),
  saveConfig: endpoint({
    ...master,
    method: 'PUT',
    path: RiskPath.config,
    summary: 'Save the risk limits (each within the bounds) and keyword blocks',
    body: riskConfigBody,
    response: riskConfigView,
  }),
  warnings: endpoint({
    ...master,
    method: 'POST',
    path: RiskPath.warnings,
    summary: 'Warnings, newest first',
    body: riskWarningPageBody,
    response: pageOf(riskWarningView),
  }),
  warningCount: endpoint({
    ...master,
    method: 'GET',
    path: RiskPath.warningCount,
    summary: 'Unhandled warnings (the header badge)',
    response: z.object({ unhandled: z.number().int() }),
  }),
  handle: endpoint({
    ...master,
    method: 'PUT',
    path: RiskPath.handle,
    summary: 'Mark warnings handled',
    body: riskHandleBody,
    response: z.object({ handled: z.number().int() }),
  }),
  statistics: endpoint({
    ...master,
    method: 'POST',
    path: RiskPath.statistics,
    summary: 'Sends, new chats, failures, bans, warnings and replies per account and day',
    body: riskStatisticsBody,
    response: riskStatistics,
  }),
}

/** The day (`YYYY-MM-DD`) of a time at an offset of minutes east of UTC. */
export function riskDay(t: number, utcOffsetMinutes: number): string {
  return new Date(t + utcOffsetMinutes * 60_000).toISOString().slice(0, 10)
}
