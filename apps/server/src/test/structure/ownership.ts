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
  /**
   * tables this module writes in statements of its own, where one statement across owners is the
   * point (the inbound path's batches on PostgreSQL); each such statement restates the owner's rule
   */
  writes?: Readonly<Record<string, readonly string[]>>
}

export const OWNERSHIP: Record<string, Ownership> = {
  accounts: {
    // account_leases: written by the lease store in cluster/, on behalf of the accounts' runtime
    owns: ['ws_accounts', 'account_groups', 'acquisition_shares', 'account_leases'],
    reads: ['users', 'fans', 'sessions', 'tenants'],
  },
  agents: { owns: ['agent_groups'] },
  aiReply: { owns: ['ai_reply_jobs', 'ai_reply_usage'] },
  autoReply: {
    owns: ['auto_reply_rules', 'auto_reply_counts'],
    reads: ['users', 'messages', 'sessions', 'fans'],
  },
  announcements: { owns: ['announcements'], reads: ['users'] },
  auth: { owns: ['auth_tokens', 'login_failures'], reads: ['users', 'tenants'] },
  billing: {
    owns: ['seats', 'orders', 'record_changes', 'renewal_requests', 'expiry_dismissals'],
    reads: ['users'],
  },
  captcha: { owns: ['captchas', 'captcha_failures'] },
  console: { owns: [], reads: [] },
  desk: { owns: ['desk_presence', 'session_reads', 'session_deletions'], reads: ['users'] },
  dynamics: {
    owns: ['status_posts', 'status_post_targets', 'status_post_viewers'],
    reads: ['ws_accounts', 'fans'],
  },
  diversion: {
    owns: [
      'diversion_links',
      'diversion_link_accounts',
      'diversion_visits',
      'diversion_fans',
      'counters',
      'marketing_interactions',
    ],
    reads: ['ws_accounts', 'users', 'messages', 'sessions', 'fans'],
  },
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
  merchants: {
    owns: ['merchant_codes', 'merchant_links', 'account_profiles'],
    reads: ['ws_accounts'],
  },
  messages: {
    owns: ['messages', 'media_files', 'message_cursors'],
    // the chat history's read model: a message with its session, account, customer or group and agent
    reads: ['materials', 'sessions', 'ws_accounts', 'fans', 'group_chats', 'users'],
    // a batch of customer messages in one statement: their new fans and sessions (as
    // FansRepository.upsert and SessionsRepository.ensurePersonal make them), the sessions' activity
    // (as SessionsRepository.touch moves it)
    writes: { 'inbound.bulk.ts': ['sessions'], 'inbound.chats.ts': ['fans', 'sessions'] },
  },
  // health, readiness and metrics: the database gauges come through the owners' repositories
  ops: { owns: [] },
  orderTemplates: { owns: ['order_templates'] },
  nurturing: {
    owns: ['nurturing_materials', 'nurturing_rules', 'nurturing_accounts', 'nurturing_pairs'],
    reads: ['ws_accounts', 'tenants'],
  },
  outbox: {
    owns: ['outbox', 'gateway_requests'],
    // account_leases: rows of accounts another process holds are left to it
    reads: ['messages', 'sessions', 'ws_accounts', 'tenants', 'fans', 'account_leases'],
  },
  platform: { owns: ['platform_settings'] },
  risk: {
    owns: ['risk_configs', 'risk_windows', 'risk_daily', 'risk_warnings', 'risk_holds'],
    reads: ['ws_accounts'],
  },
  ports: { owns: ['ports'], reads: ['ws_accounts'] },
  sessions: {
    owns: ['sessions', 'group_chats', 'group_members', 'group_preferences'],
    reads: ['ws_accounts', 'fans', 'session_reads', 'users', 'risk_holds', 'tenants'],
  },
  sim: { owns: [] },
  statistics: {
    owns: ['stat_cursors', 'stat_daily', 'stat_fans', 'stat_turns'],
    // the rollup walks the raw tables past its cursors; the overview names accounts, people and links
    reads: ['messages', 'sessions', 'fans', 'ws_accounts', 'diversion_fans', 'diversion_links', 'users'],
  },
  system: { owns: [] },
  tenantSettings: { owns: ['tenant_settings'] },
  translate: { owns: [] },
  users: { owns: ['users', 'tenants'] },
}
