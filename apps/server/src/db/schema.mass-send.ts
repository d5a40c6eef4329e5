import type { Generated } from 'kysely'

/** Tables of mass send (migration 0015); part of `Database` in schema.ts. Times are epoch ms. */

export interface MassSendTaskTable {
  id: Generated<number>
  tenant_id: number
  name: string
  /** core MassSendKind, MassSendAudience, MassSendMethod, MassSendStatus */
  kind: string
  audience: string
  method: string
  status: string
  /** a core FailureReason while paused by the server (risk control, VIP expired) */
  pause_reason: string | null
  fail_reason: string | null
  /** JSON StoredSentence[] */
  sentences: string
  sentence_min: number
  sentence_max: number
  customer_min: number
  customer_max: number
  count_min: number
  count_max: number
  daily_cap: Generated<number>
  /** seconds */
  wait_timeout: number
  appointment_at: number | null
  /** minutes east of UTC: where the daily cap's day starts */
  utc_offset: Generated<number>
  /** JSON number[] */
  account_ids: Generated<string>
  /** JSON core MassSendCustomerFilter */
  customer_filter: string | null
  prepare_cursor: Generated<number>
  owner_user_id: number
  agent_scope: number | null
  created_by: number
  /** JSON core MassSendCounters */
  counters: string
  counters_at: Generated<number>
  lease_owner: string | null
  lease_until: Generated<number>
  created_at: number
  updated_at: number
  started_at: number | null
  finished_at: number | null
}

export interface MassSendRecipientTable {
  id: Generated<number>
  tenant_id: number
  task_id: number
  account_id: number
  phone: string | null
  fan_id: number | null
  group_chat_id: number | null
  session_id: number | null
  title: Generated<string>
  /** core RecipientState */
  state: string
  failure_reason: string | null
  on_whatsapp: number | null
  next_sentence: Generated<number>
  due_at: number | null
  next_at: number | null
  wait_until: number | null
  recheck_ms: Generated<number>
  last_message_id: number | null
  moved_from: number | null
  started_at: number | null
  finished_at: number | null
  updated_at: number
}

export interface MassSendLaneTable {
  id: Generated<number>
  tenant_id: number
  task_id: number
  account_id: number
  active: Generated<number>
  done: Generated<number>
  due_at: number
  next_start_at: number
  round_left: number
  busy_recipient_id: number | null
  last_message_id: number | null
  last_recipient_id: number | null
  day_key: Generated<number>
  day_count: Generated<number>
  waiting_since: number | null
  lease_owner: string | null
  lease_until: Generated<number>
  updated_at: number
}

export interface MassSendItemTable {
  id: Generated<number>
  tenant_id: number
  task_id: number
  recipient_id: number
  account_id: number
  sentence_index: number
  message_id: number
  created_at: number
}

export interface MassSendEventTable {
  id: Generated<number>
  tenant_id: number
  task_id: number
  kind: string
  account_id: number | null
  count: Generated<number>
  reason: string | null
  /** JSON number[] */
  to_account_ids: Generated<string>
  at: number
}
