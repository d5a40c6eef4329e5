import type { Generated } from 'kysely'

/** A tenant's WhatsApp numbers, their groups, and the ports (billed slots) they take (part of `Database` in schema.ts). */

export interface AccountGroupTable {
  id: Generated<number>
  tenant_id: number
  name: string
  created_at: number
}

export interface WsAccountTable {
  id: Generated<number>
  tenant_id: number
  /** digits; unique among not-deleted accounts of every tenant */
  phone: string | null
  jid: string | null
  lid: string | null
  push_name: Generated<string>
  group_id: number | null
  type: Generated<string>
  status: Generated<string>
  abnormal_reason: string | null
  banned_at: number | null
  restricted_until: number | null
  remark: Generated<string>
  /** `ip:port:account:password` as typed; presenters mask the password */
  proxy: string | null
  ip_area: Generated<string>
  agent_user_id: number | null
  /** 1 while the device is linked (auth stored): resumed at start */
  linked: Generated<number>
  last_error: string | null
  /** the send token bucket (risk pacing) */
  bucket_tokens: number | null
  bucket_at: number | null
  created_at: number
  updated_at: number
  deleted_at: number | null
}

export interface PortTable {
  id: Generated<number>
  tenant_id: number
  expires_at: number
  account_id: number | null
  created_at: number
  updated_at: number
  /** migration 0010: a port is an order's record, with its start, money and how it ended (0: its created_at) */
  starts_at: Generated<number>
  order_id: Generated<number | null>
  /** 'refunded' or 'merged' when ended early */
  ended_reason: Generated<string | null>
  merged_into: Generated<number | null>
  paid_cents: Generated<number>
  refunded_cents: Generated<number>
}
