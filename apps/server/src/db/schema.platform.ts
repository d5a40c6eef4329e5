import type { Generated } from 'kysely'

/** Tables of platform operations and billing (migration 0010); part of `Database` in schema.ts. */

export interface AgentGroupTable {
  id: Generated<number>
  tenant_id: number
  name: string
  created_at: number
  /** the group's response targets in business minutes; null: the tenant's (migration 0033) */
  first_response_minutes: Generated<number | null>
  next_response_minutes: Generated<number | null>
}

/** A seat: a paid slot for one agent, like a port is for one WS account. */
export interface SeatTable {
  id: Generated<number>
  tenant_id: number
  /** the agent on the seat; kept after the seat ends, so the agent stays refused until it is renewed */
  user_id: number | null
  order_id: number | null
  starts_at: number
  expires_at: number
  /** 'refunded' or 'merged' when the seat was ended early; null otherwise */
  ended_reason: string | null
  merged_into: number | null
  paid_cents: Generated<number>
  refunded_cents: Generated<number>
  lapsed_at: number | null
  created_at: number
  updated_at: number
}

/** A money movement on ports or seats: a purchase, a renewal or a refund. */
export interface OrderTable {
  id: Generated<number>
  tenant_id: number
  kind: string
  type: string
  quantity: number
  days: number
  amount_cents: number
  seller_user_id: number | null
  operator_user_id: number
  remark: Generated<string>
  /** JSON array of record ids */
  record_ids: string
  created_at: number
}

/** One change of one port or seat record: who, when, what, before and after. */
export interface RecordChangeTable {
  id: Generated<number>
  tenant_id: number
  kind: string
  record_id: number
  action: string
  order_id: number | null
  related_record_id: number | null
  operator_user_id: number
  /** JSON core RecordSnapshot; null when the change made the record */
  before_json: string | null
  after_json: string
  remark: Generated<string>
  created_at: number
}

export interface RenewalRequestTable {
  id: Generated<number>
  tenant_id: number
  kind: string
  /** JSON array of record ids */
  record_ids: string
  days: number
  note: Generated<string>
  requested_by: number
  status: string
  handled_by: number | null
  handled_at: number | null
  created_at: number
}

/** A JSON value per scope (0: the platform; else an operations user) and key. */
export interface PlatformSettingTable {
  scope_user_id: number
  key: string
  value: string
  updated_by: number
  updated_at: number
}

export interface ExpiryDismissalTable {
  id: Generated<number>
  tenant_id: number
  user_id: number
  kind: string
  record_id: number
  expires_at: number
  created_at: number
}
