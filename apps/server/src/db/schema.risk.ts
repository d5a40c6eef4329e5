import type { Generated } from 'kysely'

/** Risk management tables (migration 0019_risk), owned by modules/risk. */
export interface RiskConfigTable {
  id: Generated<number>
  tenant_id: number
  /** JSON core RiskLimits as saved */
  limits: string
  /** JSON array of blocked keywords */
  keywords: Generated<string>
  utc_offset: Generated<number>
  updated_by: number
  created_at: number
  updated_at: number
}

/** An account's counts in one fixed window: unit 'm', 'h' or 'd' from `start`. */
export interface RiskWindowTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  unit: string
  start: number
  sends: Generated<number>
  new_chats: Generated<number>
  mass_sends: Generated<number>
  failures: Generated<number>
  last_mass_at: number | null
}

/** An account's statistics of one day (YYYY-MM-DD at the tenant's offset). */
export interface RiskDailyTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  day: string
  sends: Generated<number>
  new_chats: Generated<number>
  failed: Generated<number>
  bans: Generated<number>
  warnings: Generated<number>
  replies: Generated<number>
  opt_outs: Generated<number>
  fail_risk_control_limit: Generated<number>
  fail_invalid_customer: Generated<number>
  fail_mass_send_prohibited: Generated<number>
  fail_platform_limit: Generated<number>
  fail_ws_ban: Generated<number>
  fail_account_status: Generated<number>
  fail_ws_send_limit_reached: Generated<number>
  fail_content_violation: Generated<number>
}

/** An account a risk limit refused a message of, until the refusing window reopens. */
export interface RiskHoldTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  until: number
  refused_at: number
}

export interface RiskWarningTable {
  id: Generated<number>
  tenant_id: number
  /** 0: the tenant as a whole */
  account_id: Generated<number>
  kind: string
  level: number
  /** JSON object */
  detail: Generated<string>
  bucket: number
  created_at: number
  handled: Generated<number>
  handled_at: number | null
  handled_by: number | null
}
