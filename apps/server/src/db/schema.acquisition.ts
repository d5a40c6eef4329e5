import type { Generated } from 'kysely'

/** Where customers come from (part of `Database` in schema.ts): acquisition shares, number merchants' codes, links, order templates and account profiles, diversion links and their visits, counters, and marketing interactions. */

export interface AcquisitionShareTable {
  id: Generated<number>
  tenant_id: number
  code: string
  /** JSON array, or null for every account of the tenant */
  account_ids: string | null
  expires_at: number | null
  revoked_at: number | null
  created_by: number
  created_at: number
}

/** A number-merchant code: a supplier links numbers into the tenant with it (migration 0021). */
export interface MerchantCodeTable {
  id: Generated<number>
  tenant_id: number
  code: string
  name: string
  quota: number
  expires_at: number | null
  revoked_at: number | null
  /** slots taken: numbers linked plus linkings under way, never above the quota */
  taken: Generated<number>
  created_by: number
  created_at: number
}

/** A WS account linked through a merchant code. */
export interface MerchantLinkTable {
  id: Generated<number>
  tenant_id: number
  code_id: number
  account_id: number
  phone: string
  /** a linking under way holds its slot until then; null once linked */
  pending_until: number | null
  created_at: number
}

/** An order template: a message with {nickname}, {phone}, {account}, {date} filled for a chat. */
export interface OrderTemplateTable {
  id: Generated<number>
  tenant_id: number
  name: string
  content: string
  created_by: number
  created_at: number
  updated_at: number
}

/** The profile name and picture last set on an account, and the area of its proxy. */
export interface AccountProfileTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  name: string | null
  picture_media_id: number | null
  ip_area: string | null
  ip_area_proxy: string | null
  updated_at: number
}

/** A diversion link (migration 0017): `visits` is also its round-robin sequence. */
export interface DiversionLinkTable {
  id: Generated<number>
  tenant_id: number
  code: string
  name: string
  greeting: Generated<string>
  enabled: Generated<number>
  visits: Generated<number>
  utc_offset: Generated<number>
  created_by: number
  created_at: number
  updated_at: number
}

/** An account of a diversion link, in turn order, with its daily cap (0 = none) and today's use. */
export interface DiversionLinkAccountTable {
  id: Generated<number>
  tenant_id: number
  link_id: number
  account_id: number
  position: number
  daily_cap: Generated<number>
  cap_day: Generated<number>
  cap_used: Generated<number>
  visits: Generated<number>
}

/** A visit sent on to an account; `ref` is carried in the prefilled text, `fan_id` set when claimed. */
export interface DiversionVisitTable {
  id: Generated<number>
  tenant_id: number
  link_id: number
  account_id: number
  ref: string
  fan_id: number | null
  created_at: number
}

/** A new fan attributed to a diversion link (and the account's agent at that time). */
export interface DiversionFanTable {
  id: Generated<number>
  tenant_id: number
  link_id: number
  account_id: number
  agent_user_id: number | null
  fan_id: number
  visit_id: number
  created_at: number
}

/** A counter: new fans of chosen accounts within [start_at, end_at], shareable read-only. */
export interface CounterTable {
  id: Generated<number>
  tenant_id: number
  name: string
  /** JSON array of account ids */
  account_ids: string
  start_at: number
  end_at: number
  share_code: string | null
  share_expires_at: number | null
  created_by: number
  created_at: number
}

/** A session whose customer answered a mass send or an auto reply (the desk's marketing interaction). */
export interface MarketingInteractionTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  origin: string
  message_id: number
  replied_at: number
}
