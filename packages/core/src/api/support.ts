import { z } from 'zod'
import { clockMinutes, isTimeZone } from '../business-time.js'

/**
 * The tenant's service settings: response-time targets (service levels), business hours with the
 * away message sent to customers who write outside them, and the satisfaction survey sent when a
 * conversation is resolved. Each is read by the supervisor and the agents and saved by the
 * supervisor; a tenant that never saved one has its defaults. Endpoints: support.endpoints.ts.
 */

export const RESPONSE_MINUTES_MIN = 1
export const RESPONSE_MINUTES_MAX = 1440
export const HOLIDAYS_MAX = 100
export const AWAY_MESSAGE_MAX = 1000
export const AWAY_ONCE_HOURS_MIN = 1
export const AWAY_ONCE_HOURS_MAX = 168
export const SATISFACTION_QUESTION_MAX = 500
/** A customer's answer to the survey counts within this time of the question. */
export const SATISFACTION_ANSWER_MS = 24 * 3_600_000
/** The lowest and highest rating a customer can answer. */
export const RATING_MIN = 1
export const RATING_MAX = 5
/** The longest range of the satisfaction report, in days. */
export const SATISFACTION_REPORT_DAYS_MAX = 92

const wholeNumber = (min: number, max: number, key: string) =>
  z.number({ message: key }).int(key).min(min, key).max(max, key)

/** PUT /damai/customer/serviceLevel/update: how soon a customer is to be answered, in business minutes. */
export const serviceLevelBody = z.object({
  firstResponseMinutes: wholeNumber(RESPONSE_MINUTES_MIN, RESPONSE_MINUTES_MAX, 'support.firstResponse'),
  nextResponseMinutes: wholeNumber(RESPONSE_MINUTES_MIN, RESPONSE_MINUTES_MAX, 'support.nextResponse'),
  enabled: z.boolean(),
})
export type ServiceLevelBody = z.infer<typeof serviceLevelBody>

/** An agent group's own response targets (null: the tenant's), with the agents they apply to. */
export const groupServiceLevelView = z.object({
  groupId: z.number().int(),
  name: z.string(),
  firstResponseMinutes: z.number().int().nullable(),
  nextResponseMinutes: z.number().int().nullable(),
  agentIds: z.array(z.number().int()),
})
export type GroupServiceLevelView = z.infer<typeof groupServiceLevelView>

/**
 * GET /damai/customer/serviceLevel/get: the tenant's targets, and the agent groups with targets of
 * their own, which count for the sessions of their agents while service levels are on.
 */
export const serviceLevelView = serviceLevelBody.extend({ groups: z.array(groupServiceLevelView) })
export type ServiceLevelView = z.infer<typeof serviceLevelView>

/** The targets that count for an agent's sessions: their group's where it has its own, else the tenant's. */
export function targetsForAgent(
  level: ServiceLevelView,
  agentId: number | null,
): { firstResponseMinutes: number; nextResponseMinutes: number } {
  const group = agentId === null ? undefined : level.groups.find((g) => g.agentIds.includes(agentId))
  return {
    firstResponseMinutes: group?.firstResponseMinutes ?? level.firstResponseMinutes,
    nextResponseMinutes: group?.nextResponseMinutes ?? level.nextResponseMinutes,
  }
}

/** PUT /damai/customer/agentGroup/serviceLevel: a group's own targets; null keeps the tenant's. */
export const groupServiceLevelBody = z.object({
  id: z.number({ message: 'invalid' }).int().positive(),
  firstResponseMinutes: serviceLevelBody.shape.firstResponseMinutes.nullable(),
  nextResponseMinutes: serviceLevelBody.shape.nextResponseMinutes.nullable(),
})
export type GroupServiceLevelBody = z.infer<typeof groupServiceLevelBody>

/** An opening time 'HH:mm'; a closing time may also be '24:00' (the end of the day). */
const OPENS = /^([01]\d|2[0-3]):[0-5]\d$/
const CLOSES = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/

export const dayHoursFields = z.object({
  open: z.boolean(),
  from: z.string().regex(OPENS, 'support.clock'),
  to: z.string().regex(CLOSES, 'support.clock'),
})
/** One day: an open day closes after it opens (no hours past midnight). */
export const dayHours = dayHoursFields.refine((d) => !d.open || clockMinutes(d.from) < clockMinutes(d.to), {
  message: 'support.dayOrder',
  path: ['to'],
})

/** A calendar day 'YYYY-MM-DD' that exists. */
export const calendarDay = (key: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, key)
    .refine((s) => {
      const t = Date.parse(`${s}T00:00:00Z`)
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s
    }, key)

export const timeZoneField = z.string().max(64, 'support.timeZone').refine(isTimeZone, 'support.timeZone')

export const businessHoursFields = z.object({
  enabled: z.boolean(),
  /** an IANA time zone; the week and the holidays are its wall clock and days */
  timeZone: timeZoneField,
  /** Monday first */
  week: z.array(dayHours).length(7, 'support.week'),
  holidays: z.array(calendarDay('support.holiday')).max(HOLIDAYS_MAX, 'support.holidaysTooMany'),
  awayMessage: z.string().trim().max(AWAY_MESSAGE_MAX, 'support.awayLength'),
  awayEnabled: z.boolean(),
  /** an away message goes to the same customer at most once in this many hours */
  awayOncePerHours: wholeNumber(AWAY_ONCE_HOURS_MIN, AWAY_ONCE_HOURS_MAX, 'support.awayOnce'),
})
/** PUT /damai/customer/businessHours/update: an away message that is on needs its text. */
export const businessHoursBody = businessHoursFields.superRefine((b, ctx) => {
  if (b.awayEnabled && b.awayMessage === '')
    ctx.addIssue({ code: 'custom', message: 'support.awayRequired', path: ['awayMessage'] })
})
export type BusinessHoursBody = z.infer<typeof businessHoursBody>

export const SURVEY_LANGUAGES = ['zh', 'en'] as const
export type SurveyLanguage = (typeof SURVEY_LANGUAGES)[number]

const question = z.string().trim().max(SATISFACTION_QUESTION_MAX, 'support.questionLength')
export const satisfactionFields = z.object({
  enabled: z.boolean(),
  question: z.object({ zh: question, en: question }),
  /** the language the question is sent in */
  language: z.enum(SURVEY_LANGUAGES, { message: 'support.language' }),
})
/** PUT /damai/customer/satisfaction/update: a survey that is on needs its question in the language it is sent in. */
export const satisfactionBody = satisfactionFields.superRefine((b, ctx) => {
  if (b.enabled && b.question[b.language] === '')
    ctx.addIssue({ code: 'custom', message: 'support.questionRequired', path: ['question', b.language] })
})
export type SatisfactionBody = z.infer<typeof satisfactionBody>

/** What follows the question in the message the customer gets: how to answer. */
export const SATISFACTION_REPLY_HINT: Record<SurveyLanguage, string> = {
  zh: '请回复 1–5 的数字（5 为非常满意）',
  en: 'Reply 1–5 (5 = very satisfied)',
}

/** The survey as the customer reads it: the question, then how to answer. */
export function surveyText(s: Pick<SatisfactionBody, 'question' | 'language'>): string {
  return `${s.question[s.language]}\n${SATISFACTION_REPLY_HINT[s.language]}`
}

/** GET /damai/customer/satisfaction/report: local days 'YYYY-MM-DD' of the business hours' time zone, both included. */
export const satisfactionReportQuery = z
  .object({ from: calendarDay('support.reportRange'), to: calendarDay('support.reportRange') })
  .refine((q) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000
    return days >= 0 && days < SATISFACTION_REPORT_DAYS_MAX
  }, 'support.reportRange')
export type SatisfactionReportQuery = z.infer<typeof satisfactionReportQuery>

const int = z.number().int()

export const satisfactionReportRow = z.object({
  /** the agent of the conversation rated; null when it had none */
  agentUserId: int.nullable(),
  agentName: z.string(),
  day: z.string(),
  count: int,
  /** the mean rating, to two decimals */
  average: z.number(),
})
export type SatisfactionReportRow = z.infer<typeof satisfactionReportRow>

export const satisfactionReport = z.object({
  /** the days are this time zone's (the business hours') */
  timeZone: z.string(),
  rows: z.array(satisfactionReportRow),
})
export type SatisfactionReport = z.infer<typeof satisfactionReport>

const monToFri = { open: true, from: '09:00', to: '18:00' }
const weekend = { open: false, from: '09:00', to: '18:00' }

export const DEFAULT_SERVICE_LEVEL: ServiceLevelBody = {
  firstResponseMinutes: 5,
  nextResponseMinutes: 15,
  enabled: false,
}

export const DEFAULT_BUSINESS_HOURS: BusinessHoursBody = {
  enabled: false,
  timeZone: 'Asia/Shanghai',
  week: [monToFri, monToFri, monToFri, monToFri, monToFri, weekend, weekend],
  holidays: [],
  awayMessage: '',
  awayEnabled: false,
  awayOncePerHours: 24,
}

export const DEFAULT_SATISFACTION: SatisfactionBody = {
  enabled: false,
  question: { zh: '您对本次服务满意吗？', en: 'How satisfied are you with our service?' },
  language: 'zh',
}
