import type { Generated } from 'kysely'

/** Tables of keyword auto-reply (migration 0016); part of `Database` in schema.ts. Times are epoch ms. */

export interface AutoReplyRuleTable {
  id: Generated<number>
  tenant_id: number
  name: string
  /** core AutoReplyClassification, AutoReplyAudience, AutoReplyType, AutoReplyMatch */
  classification: string
  audience: string
  reply_type: string
  match_mode: string
  /** JSON string[] as entered (matched ignoring case) */
  keywords: string
  /** JSON number[]: the audience's labels */
  label_ids: string
  /** 0: no limit */
  reply_limit: number
  /** seconds */
  reply_delay: number
  send_interval: number
  /** JSON core AutoReplySentence[] */
  sentences: string
  /** JSON number[]: the agents whose accounts a personal rule answers on */
  agent_user_ids: string
  enabled: number
  creator_user_id: number
  /** messages the rule answered (or would have, past its limit) */
  hits: Generated<number>
  /** sentences it queued */
  replies: Generated<number>
  created_at: number
  updated_at: number
}

/** Replies of a rule to one customer (session), held to the rule's limit by a conditional update. */
export interface AutoReplyCountTable {
  id: Generated<number>
  tenant_id: number
  rule_id: number
  session_id: number
  count: Generated<number>
  updated_at: number
}
