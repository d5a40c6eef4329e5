import { z } from 'zod'
import { Access } from '../access.js'
import { localDayNumber } from '../business-time.js'
import { DAY_MS } from './billing.js'
import { endpoint, fileResponse } from './contract.js'

/**
 * Dashboards: the supervisor's /dataStatistics (served from daily rollups) and the figures of
 * /home for each role.
 *
 * Days: every rollup day is a calendar day of the tenant's time zone (its business hours' zone,
 * {@link STATS_DEFAULT_TIME_ZONE} until set), the same for every viewer of a tenant, so two
 * supervisors never see different totals for "today". A message counts on the day of its WhatsApp
 * time, a new customer on the day it was stored, a session on the day it was opened. A day already
 * counted stays where it was counted when the tenant changes its zone.
 *
 * Conversations and first response (personal sessions only): a customer turn starts with a
 * customer message when none of theirs is waiting in the session; the first later message of ours
 * in that session answers it. The response time is the answer's time minus the turn's start; it
 * counts on the answer's day for the agent who sent it (the session's agent when sent from the
 * phone). Turns and answered turns count on the turn's first day for the session's agent then, so
 * the reply rate is answered / turns of the same days.
 *
 * Service level: with the tenant's targets on, an answer later than the target in business time
 * (the first-response target for the turn that opened the session's first customer contact, the
 * next-response target for every later turn) is a breach, counted like the response itself.
 *
 * Percentiles come from a fixed log-scale histogram ({@link responseBucket}): within
 * {@link RESPONSE_BUCKET_ERROR} (4.4%) of the exact nearest-rank percentile above one second,
 * and within 500 ms below it.
 *
 * Paths (envelope `{ code, msg, data }`):
 * - POST {@link StatisticsPath.overview} body {@link statisticsRangeBody} → {@link StatisticsOverview} (supervisor)
 * - POST {@link StatisticsPath.export}   body {@link statisticsExportBody} → XLSX file (supervisor)
 * - GET  {@link StatisticsPath.home}     → {@link HomeFigures} (every role)
 * - GET  {@link StatisticsPath.checklist} → {@link HomeChecklist} (supervisor)
 */
export const StatisticsPath = {
  overview: '/damai/customer/statistics/overview',
  export: '/damai/customer/statistics/export',
  home: '/damai/home/figures',
  checklist: '/damai/home/checklist',
} as const

/** The time zone of a tenant's days until its business hours name another. */
export const STATS_DEFAULT_TIME_ZONE = 'Asia/Shanghai'
/** The longest range the page asks for, in days. */
export const STATS_RANGE_DAYS_MAX = 366
/** Ports and seats ending within this many days count as expiring on /home. */
export const HOME_EXPIRING_DAYS = 7

/** Buckets per doubling of the response time. */
const BUCKETS_PER_OCTAVE = 8
/** Worst relative error of a percentile above one second: half a bucket on the log scale. */
export const RESPONSE_BUCKET_ERROR = 2 ** (1 / (2 * BUCKETS_PER_OCTAVE)) - 1

/** Buckets of the histogram: the last one (about 100 years) holds anything longer. */
export const RESPONSE_BUCKETS = 256

/** The histogram bucket of a response time: 0 below one second, then 8 buckets per doubling. */
export function responseBucket(ms: number): number {
  if (ms < 1000) return 0
  return Math.min(RESPONSE_BUCKETS - 1, 1 + Math.floor(BUCKETS_PER_OCTAVE * Math.log2(ms / 1000)))
}

/** The value a bucket stands for: its geometric middle (500 ms for bucket 0). */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 500
  return Math.round(1000 * 2 ** ((bucket - 0.5) / BUCKETS_PER_OCTAVE))
}

/** The nearest-rank percentile `p` (0–100) of a histogram, as the bucket's value; null when empty. */
export function histogramPercentile(buckets: ReadonlyMap<number, number>, p: number): number | null {
  let total = 0
  for (const n of buckets.values()) total += n
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil((p / 100) * total))
  let seen = 0
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    seen += buckets.get(b) ?? 0
    if (seen >= rank) return bucketValue(b)
  }
  return null
}

/** The rollup day number (days since 1970-01-01 of the tenant's calendar) of a time. */
export function statsDayOf(t: number, timeZone: string): number {
  return localDayNumber(timeZone, t)
}

/** `YYYY-MM-DD` of a rollup day number. */
export function statsDayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The rollup day number of `YYYY-MM-DD`. */
export function statsDayNumber(text: string): number {
  return Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS)
}

const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && statsDayText(statsDayNumber(s)) === s,
    'invalid',
  )

/** A range of rollup days, both ends included. */
export const statisticsRangeBody = z.object({ from: dayText, to: dayText })
export type StatisticsRangeBody = z.infer<typeof statisticsRangeBody>

export const statisticsExportBody = statisticsRangeBody.extend({
  language: z.enum(['zh', 'en']).optional(),
})
export type StatisticsExportBody = z.infer<typeof statisticsExportBody>

const int = z.number().int()

/** The figures of one day, account, agent or the whole range. */
export const statFigures = z.object({
  messagesIn: int,
  messagesOut: int,
  newFans: int,
  sessionsOpened: int,
  /** customer turns started */
  turns: int,
  /** of those turns, the ones answered (so far) */
  turnsAnswered: int,
  /** turns - turnsAnswered */
  turnsUnanswered: int,
  /** turnsAnswered / turns; null without turns */
  replyRate: z.number().nullable(),
  /** first responses measured */
  responses: int,
  /** first-response time percentiles in ms; null without responses */
  p50Ms: z.number().nullable(),
  p90Ms: z.number().nullable(),
  /** answers later than the service-level target in business time (0 while targets are off) */
  breaches: int,
})
export type StatFigures = z.infer<typeof statFigures>

export const statisticsOverview = z.object({
  from: z.string(),
  to: z.string(),
  /** the IANA time zone whose calendar days the figures are counted in */
  timeZone: z.string(),
  /** the time of the newest message the rollups hold; null before the first rollup */
  rolledUpTo: int.nullable(),
  totals: statFigures,
  /** one entry per day of the range, empty days included */
  days: z.array(statFigures.extend({ day: z.string() })),
  accounts: z.array(statFigures.extend({ accountId: int, phone: z.string().nullable() })),
  /** agentId 0: messages of no agent (unassigned accounts) */
  agents: z.array(statFigures.extend({ agentId: int, name: z.string() })),
  fansBySource: z.array(z.object({ source: z.string(), count: int })),
  /** linkId 0: new customers not brought by a diversion link */
  fansByLink: z.array(z.object({ linkId: int, name: z.string(), count: int })),
})
export type StatisticsOverview = z.infer<typeof statisticsOverview>

/** The export's sheets and their columns, in the user's language. */
export const STATS_EXPORT_COLUMNS = {
  zh: [
    '日期/对象',
    '进线消息',
    '发出消息',
    '新增客户',
    '新会话',
    '客户发起',
    '已回复',
    '未回复',
    '回复率',
    '首响P50(秒)',
    '首响P90(秒)',
    '超时回复',
  ],
  en: [
    'Day / item',
    'Messages in',
    'Messages out',
    'New customers',
    'Sessions opened',
    'Customer turns',
    'Replied',
    'Unreplied',
    'Reply rate',
    'First response p50 (s)',
    'First response p90 (s)',
    'Late answers',
  ],
} as const
export const STATS_EXPORT_SHEETS = {
  zh: { days: '按日', accounts: '按账号', agents: '按客服', noAgent: '未分配客服', total: '合计' },
  en: { days: 'By day', accounts: 'By account', agents: 'By agent', noAgent: 'No agent', total: 'Total' },
} as const

/** The figures /home shows; a figure the caller's role does not act on is null. */
export const homeFigures = z.object({
  kind: z.enum(['tenant', 'platform']),
  tenant: z
    .object({
      /** today's messages in the caller's scope (an agent: their own sessions), from the rollups */
      messagesInToday: int,
      messagesOutToday: int,
      /** the caller's sessions whose customer waits for a reply */
      unrepliedSessions: int,
      /** the caller's WS accounts not online */
      offlineAccounts: int,
      /** unhandled risk warnings (supervisor and team lead) */
      warnings: int.nullable(),
      /** ports and seats ending within {@link HOME_EXPIRING_DAYS} days (supervisor) */
      expiringPorts: int.nullable(),
      expiringSeats: int.nullable(),
    })
    .nullable(),
  platform: z
    .object({
      /** tenants in the caller's scope */
      tenants: int,
      /** orders this month (UTC+8 month), and their net revenue in cents */
      ordersThisMonth: int,
      revenueThisMonthCents: int,
    })
    .nullable(),
})
export type HomeFigures = z.infer<typeof homeFigures>

/**
 * The supervisor's first-run steps on /home, each true once done: a linked WhatsApp number, an
 * agent (customerUser), a number assigned to an agent, and a message of ours a person sent from
 * the console in a personal chat.
 */
export const homeChecklist = z.object({
  linkNumber: z.boolean(),
  createAgent: z.boolean(),
  assignNumber: z.boolean(),
  answerChat: z.boolean(),
})
export type HomeChecklist = z.infer<typeof homeChecklist>
export type HomeChecklistStep = keyof HomeChecklist

export const statisticsEndpoints = {
  overview: endpoint({
    roles: Access.master,
    tags: ['statistics'],
    method: 'POST',
    path: StatisticsPath.overview,
    summary: 'Messages, new customers, sessions, replies and first-response times of a range of days',
    body: statisticsRangeBody,
    response: statisticsOverview,
  }),
  export: endpoint({
    roles: Access.master,
    tags: ['statistics'],
    method: 'POST',
    path: StatisticsPath.export,
    summary: 'The figures of a range as an XLSX file (by day, account, agent)',
    body: statisticsExportBody,
    response: fileResponse,
  }),
  home: endpoint({
    roles: Access.all,
    tags: ['statistics'],
    method: 'GET',
    path: StatisticsPath.home,
    summary: "The figures /home shows for the caller's role",
    response: homeFigures,
  }),
  checklist: endpoint({
    roles: Access.master,
    tags: ['statistics'],
    method: 'GET',
    path: StatisticsPath.checklist,
    summary: "Which of the supervisor's first-run steps are done",
    response: homeChecklist,
  }),
}
