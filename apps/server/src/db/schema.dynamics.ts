import type { Generated } from 'kysely'

/** WS dynamics and account nurturing (migration 0022_dynamics_nurturing), owned by modules/dynamics and modules/nurturing. */
export interface StatusPostTable {
  id: Generated<number>
  tenant_id: number
  created_by: number
  kind: string
  text: Generated<string>
  background_color: string | null
  font: number | null
  media_id: number | null
  scheduled_at: number
  cancelled_at: number | null
  created_at: number
  updated_at: number
}

/** One account's part of a status post, claimed under a lease. */
export interface StatusPostTargetTable {
  id: Generated<number>
  tenant_id: number
  post_id: number
  account_id: number
  state: string
  attempts: Generated<number>
  due_at: number
  lease_owner: string | null
  lease_until: number | null
  wa_message_id: string | null
  audience: Generated<number>
  reason: string | null
  detail: string | null
  posted_at: number | null
  created_at: number
  updated_at: number
}

export interface StatusPostViewerTable {
  id: Generated<number>
  tenant_id: number
  target_id: number
  viewer: string
  viewed_at: number
}

/** The admin's nurturing source material: platform-wide, grouped by language. */
export interface NurturingMaterialTable {
  id: Generated<number>
  language: string
  type: string
  text: Generated<string>
  /** a file material's file, relative to DATA_DIR/nurturing */
  media_path: string | null
  mime: string | null
  size: number | null
  enabled: Generated<number>
  created_at: number
  updated_at: number
}

export interface NurturingRuleTable {
  id: Generated<number>
  name: string
  tenant_ids: string
  language: string
  days: number
  per_day: number
  active_from: number
  active_to: number
  utc_offset: Generated<number>
  enabled: Generated<number>
  created_at: number
  updated_at: number
}

export interface NurturingAccountTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  rule_id: number
  pair_id: number | null
  state: string
  stop_reason: string | null
  started_at: number
  ends_at: number
  day_start: Generated<number>
  sent_today: Generated<number>
  sent_total: Generated<number>
  last_sent_at: number | null
  created_at: number
  updated_at: number
}

export interface NurturingPairTable {
  id: Generated<number>
  tenant_id: number
  rule_id: number
  a_account_id: number
  b_account_id: number
  a_session_id: number
  b_session_id: number
  turn: string
  phase: string
  next_at: number
  state: string
  lease_owner: string | null
  lease_until: number | null
  created_at: number
  updated_at: number
}
