/**
 * Which module owns each table: only the owner selects from, inserts into, updates or deletes
 * from it; every other module calls the owner's service or repository. A module may join
 * or read in a subquery tables it does not own only where it declares them as reads (a read
 * model such as the desk's session list, which shows a session with its customer and account in
 * one statement).
 */
export interface Ownership {
  owns: readonly string[]
  /** tables this module joins or reads in a subquery of its own statements (never a statement of their own) */
  reads?: readonly string[]
}

export const OWNERSHIP: Record<string, Ownership> = {
  accounts: {
    owns: ['ws_accounts', 'account_groups', 'acquisition_shares'],
    reads: ['users', 'fans', 'sessions', 'tenants'],
  },
  agents: { owns: ['agent_groups'] },
  announcements: { owns: ['announcements'], reads: ['users'] },
  auth: { owns: ['auth_tokens', 'login_failures'], reads: ['users', 'tenants'] },
  billing: {
    owns: ['seats', 'orders', 'record_changes', 'renewal_requests', 'expiry_dismissals'],
    reads: ['users'],
  },
  captcha: { owns: ['captchas', 'captcha_failures'] },
  desk: { owns: ['desk_presence', 'session_reads', 'session_deletions'], reads: ['users'] },
  fans: { owns: ['fans', 'fan_labels'], reads: ['ws_accounts', 'account_groups', 'sessions', 'labels'] },
  groups: { owns: [] },
  labels: { owns: ['labels'], reads: ['fan_labels'] },
  materials: { owns: ['materials', 'material_groups'], reads: ['media_files'] },
  messages: { owns: ['messages', 'media_files'], reads: ['materials'] },
  outbox: {
    owns: ['outbox', 'gateway_requests'],
    reads: ['messages', 'sessions', 'ws_accounts', 'tenants', 'fans'],
  },
  platform: { owns: ['platform_settings'] },
  ports: { owns: ['ports'], reads: ['ws_accounts'] },
  sessions: {
    owns: ['sessions', 'group_chats', 'group_members', 'group_preferences'],
    reads: ['ws_accounts', 'fans', 'session_reads', 'users'],
  },
  sim: { owns: [] },
  system: { owns: [] },
  translate: { owns: [] },
  users: { owns: ['users', 'tenants'] },
}
