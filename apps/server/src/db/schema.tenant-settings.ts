import type { Generated } from 'kysely'

/** Tables of tenant settings and AI reply (migration 0018); part of `Database` in schema.ts. Times are epoch ms. */

export interface TenantSettingTable {
  id: Generated<number>
  tenant_id: number
  page_title: Generated<string>
  /** a core translate language code; '' leaves each user's own */
  target_language: Generated<string>
  auto_translate: Generated<number>
  /** JSON string[]; null follows the platform's list */
  opt_out_words: string | null
  notify_sound: Generated<number>
  notify_desktop: Generated<number>
  agent_export: Generated<number>
  /** a customer who opts out is also marked invalid */
  opt_out_invalid: Generated<number>
  ai_enabled: Generated<number>
  ai_base_url: Generated<string>
  /** never presented: the view says only whether one is set, and its last four characters */
  ai_api_key: Generated<string>
  ai_model: Generated<string>
  ai_system_prompt: Generated<string>
  /** seconds */
  ai_reply_delay: Generated<number>
  ai_context_messages: Generated<number>
  /** 0: no limit */
  ai_daily_replies: Generated<number>
  ai_daily_tokens: Generated<number>
  updated_by: number | null
  updated_at: number
}

export interface AiReplyJobTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  message_id: number
  due_at: number
  lease_owner: string | null
  lease_until: Generated<number>
  created_at: number
}

export interface AiReplyUsageTable {
  id: Generated<number>
  tenant_id: number
  /** UTC day, YYYY-MM-DD */
  day: string
  replies: Generated<number>
  tokens: Generated<number>
  failures: Generated<number>
  last_error: string | null
}
