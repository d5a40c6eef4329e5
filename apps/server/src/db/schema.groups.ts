import type { Generated } from 'kysely'

/** WhatsApp groups an account is in, their members and the desk's preferences for them (part of `Database` in schema.ts). */

export interface GroupChatTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  jid: string
  subject: Generated<string>
  description: Generated<string>
  announce: Generated<number>
  restrict_edit: Generated<number>
  invite_link: Generated<string>
  created_at: number
  updated_at: number
  /** the tenant's own note and nickname of the group (migration 0006) */
  note: Generated<string>
  nickname: Generated<string>
}

export interface GroupMemberTable {
  id: Generated<number>
  tenant_id: number
  group_chat_id: number
  jid: string
  role: Generated<string>
}

/** A desk user's group choices (migration 0006): whether the session list shows system groups. */
export interface GroupPreferenceTable {
  id: Generated<number>
  tenant_id: number
  user_id: number
  show_system_groups: Generated<number>
  updated_at: number
}
