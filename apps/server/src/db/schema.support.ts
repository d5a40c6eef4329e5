import type { Generated } from 'kysely'

/** Tables of the service settings, away messages and satisfaction surveys (migration 0029); part of `Database` in schema.ts. Times are epoch ms. */

export interface SupportSettingTable {
  id: Generated<number>
  tenant_id: number
  sla_enabled: number
  first_response_minutes: number
  next_response_minutes: number
  hours_enabled: number
  /** IANA time zone of the week and the holidays */
  time_zone: string
  /** JSON: seven { open, from, to }, Monday first */
  week: string
  /** JSON: local days 'YYYY-MM-DD' */
  holidays: string
  away_message: string
  away_enabled: number
  away_once_hours: number
  survey_enabled: number
  survey_question_zh: string
  survey_question_en: string
  /** 'zh' or 'en' */
  survey_language: string
  updated_by: number | null
  updated_at: number
}

/** The last away message of a customer chat. */
export interface AwaySendTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  fan_id: number
  message_id: number
  sent_at: number
}

/** A survey sent on resolving a conversation; `rating` once answered, `closed_at` once answered or passed by. */
export interface SatisfactionSurveyTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  fan_id: number
  /** the conversation's agent when it was resolved */
  agent_user_id: number | null
  /** our survey message */
  message_id: number
  asked_at: number
  expires_at: number
  rating: number | null
  rated_at: number | null
  closed_at: number | null
}
