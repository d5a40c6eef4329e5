import {
  type BusinessHoursBody,
  type DayHours,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SATISFACTION,
  DEFAULT_SERVICE_LEVEL,
  type SatisfactionBody,
  type ServiceLevelBody,
  type SurveyLanguage,
} from '@app/core'
import type { SupportSettingRow, SupportSettingValues } from './support.repository.js'

const flag = (b: boolean) => (b ? 1 : 0)

/** A stored JSON list, or the default when it cannot be read. */
function parseList<T>(raw: string, fallback: T[]): T[] {
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) ? (v as T[]) : fallback
  } catch {
    return fallback
  }
}

export function presentServiceLevel(row: SupportSettingRow | undefined): ServiceLevelBody {
  if (!row) return { ...DEFAULT_SERVICE_LEVEL }
  return {
    firstResponseMinutes: row.first_response_minutes,
    nextResponseMinutes: row.next_response_minutes,
    enabled: row.sla_enabled === 1,
  }
}

export function presentBusinessHours(row: SupportSettingRow | undefined): BusinessHoursBody {
  const d = DEFAULT_BUSINESS_HOURS
  if (!row) return { ...d, week: d.week.map((x) => ({ ...x })), holidays: [] }
  const week = parseList<DayHours>(row.week, d.week)
  return {
    enabled: row.hours_enabled === 1,
    timeZone: row.time_zone,
    week: week.length === 7 ? week : d.week,
    holidays: parseList<string>(row.holidays, []),
    awayMessage: row.away_message,
    awayEnabled: row.away_enabled === 1,
    awayOncePerHours: row.away_once_hours,
  }
}

export function presentSatisfaction(row: SupportSettingRow | undefined): SatisfactionBody {
  if (!row) return { ...DEFAULT_SATISFACTION, question: { ...DEFAULT_SATISFACTION.question } }
  return {
    enabled: row.survey_enabled === 1,
    question: { zh: row.survey_question_zh, en: row.survey_question_en },
    language: row.survey_language as SurveyLanguage,
  }
}

export function serviceLevelColumns(b: ServiceLevelBody) {
  return {
    sla_enabled: flag(b.enabled),
    first_response_minutes: b.firstResponseMinutes,
    next_response_minutes: b.nextResponseMinutes,
  }
}

/** The holidays once each, in date order. */
export function businessHoursColumns(b: BusinessHoursBody) {
  return {
    hours_enabled: flag(b.enabled),
    time_zone: b.timeZone,
    week: JSON.stringify(b.week.map(({ open, from, to }) => ({ open, from, to }))),
    holidays: JSON.stringify([...new Set(b.holidays)].sort()),
    away_message: b.awayMessage,
    away_enabled: flag(b.awayEnabled),
    away_once_hours: b.awayOncePerHours,
  }
}

export function satisfactionColumns(b: SatisfactionBody) {
  return {
    survey_enabled: flag(b.enabled),
    survey_question_zh: b.question.zh,
    survey_question_en: b.question.en,
    survey_language: b.language,
  }
}

/** A whole row of the defaults, for a tenant's first save of any part. */
export function defaultColumns(now: number): SupportSettingValues {
  return {
    ...serviceLevelColumns(DEFAULT_SERVICE_LEVEL),
    ...businessHoursColumns(DEFAULT_BUSINESS_HOURS),
    ...satisfactionColumns(DEFAULT_SATISFACTION),
    updated_by: null,
    updated_at: now,
  }
}
