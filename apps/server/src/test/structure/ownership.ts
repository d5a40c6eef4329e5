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
  console: { owns: [], reads: [] },
  desk: { owns: ['desk_presence', 'session_reads', 'session_deletions'], reads: ['users'] },
  fans: {
    owns: ['fans', 'fan_labels', 'fan_inheritances'],
    reads: ['ws_accounts', 'account_groups', 'sessions', 'labels', 'users'],
  },
  groups: { owns: [] },
  labels: { owns: ['labels'], reads: ['fan_labels'] },
  massSend: {
    owns: [
      'mass_send_tasks',
      'mass_send_recipients',
      'mass_send_lanes',
      'mass_send_items',
      'mass_send_events',
    ],
    reads: ['messages', 'ws_accounts', 'tenants', 'users'],
  },
  materials: { owns: ['materials', 'material_groups'], reads: ['media_files'] },
  messages: {
    owns: ['messages', 'media_files'],
    // the chat history's read model: a message with its session, account, customer or group and agent
    reads: ['materials', 'sessions', 'ws_accounts', 'fans', 'group_chats', 'users'],
  },
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
