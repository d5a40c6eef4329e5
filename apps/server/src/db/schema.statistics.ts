import type { Generated } from 'kysely'

/** Tables of the dashboards' rollups (migration 0020); part of `Database` in schema.ts. Days are stats day numbers. */

export interface StatCursorTable {
  /** the raw table it walks: messages, fans or sessions */
  name: string
  last_id: Generated<number>
  rolled_to: number | null
  lease_owner: string | null
  lease_until: Generated<number>
}

export interface StatDailyTable {
  id: Generated<number>
  tenant_id: number
  day: number
  account_id: number
  /** 0: no agent */
  agent_id: number
  messages_in: Generated<number>
  messages_out: Generated<number>
  sessions_opened: Generated<number>
  turns: Generated<number>
  turns_answered: Generated<number>
  /** JSON [first bucket, counts…] of first responses (core responseBucket) */
  responses: Generated<string>
  /** answers later than the tenant's response target in business time (migration 0031) */
  breaches: Generated<number>
}

export interface StatFanTable {
  id: Generated<number>
  tenant_id: number
  day: number
  account_id: number
  agent_id: number
  source: string
  /** 0: not brought by a diversion link */
  link_id: number
  n: Generated<number>
}

/** A customer turn waiting for our answer, one per session at most. */
export interface StatTurnTable {
  session_id: number
  tenant_id: number
  account_id: number
  agent_id: number
  since: number
  day: number
  /** when the turn is late unanswered (business time of its targets); null: no target (migration 0033) */
  due_at: Generated<number | null>
  /** 1 once counted as a breach, so its answer does not count it again */
  breached: Generated<number>
}
