/**
 * Which module owns each table: only the owner selects from, inserts into, updates or deletes
 * from it; every other module calls the owner's service or repository. A module may join
 * or read in a subquery tables it does not own only where it declares them as reads (a read
 * model such as the desk's session list, which shows a session with its customer and account in
 * one statement).
 */
export interface Ownership {
  owns: readonly string[]
  /** for an owner outside modules/: the files or folders (ending in '/') under apps/server/src that are it */
  paths?: readonly string[]
  /** tables this module joins or reads in a subquery of its own statements (never a statement of their own) */
  reads?: readonly string[]
  /**
   * tables this module writes in statements of its own, where one statement across owners is the
   * point (the inbound path's batches on PostgreSQL); each such statement restates the owner's rule
   */
  writes?: Readonly<Record<string, readonly string[]>>
}

export const OWNERSHIP: Record<string, Ownership> = {
  // owners outside modules/: the process cluster's account leases and the Baileys link's own stores
  cluster: { paths: ['cluster/'], owns: ['account_leases'] },
  baileysAuth: { paths: ['gateway/baileys/auth-store.ts'], owns: ['wa_auth_creds', 'wa_auth_keys'] },
  baileysMessages: { paths: ['gateway/baileys/message-store.ts'], owns: ['wa_messages'] },
  waVersion: { paths: ['gateway/wa-version.ts'], owns: ['wa_versions'] },
  accounts: {
    owns: ['ws_accounts', 'account_groups', 'acquisition_shares'],
    // account_leases: an account online in the table but held by no process shows as reconnecting
    reads: ['users', 'fans', 'sessions', 'tenants', 'account_leases'],
  },
  // a group's agents go with its response targets
  agents: { owns: ['agent_groups'], reads: ['users'] },
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
  desk: {
    owns: ['desk_presence', 'session_reads', 'session_deletions', 'session_mentions'],
    // a mention lists its note, its session's customer or group, and its author
    reads: ['users', 'messages', 'sessions', 'fans', 'group_chats', 'ws_accounts'],
  },
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
    owns: ['fans', 'fan_labels', 'fan_inheritances', 'fan_merges'],
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
    // a batch of customer messages in one statement: the sessions' activity (as
    // SessionDirectory.recordMessage moves it)
    writes: { 'inbound.bulk.ts': ['sessions'] },
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
    // messages: a rating's conversation is resolved again only if no later customer message came
    reads: ['ws_accounts', 'fans', 'session_reads', 'users', 'risk_holds', 'tenants', 'messages'],
  },
  sim: { owns: [] },
  statistics: {
    owns: ['stat_cursors', 'stat_daily', 'stat_fans', 'stat_turns'],
    // the rollup walks the raw tables past its cursors; the overview names accounts, people and links
    reads: ['messages', 'sessions', 'fans', 'ws_accounts', 'diversion_fans', 'diversion_links', 'users'],
  },
  system: { owns: [] },
  // the report names each rating's agent
  support: { owns: ['support_settings', 'away_sends', 'satisfaction_surveys'], reads: ['users'] },
  tenantSettings: { owns: ['tenant_settings'] },
  translate: { owns: [] },
  // the key's maker, whose rights the key uses
  publicApi: { owns: ['api_keys', 'api_idempotency'], reads: ['users'] },
  webhooks: { owns: ['webhook_endpoints', 'webhook_events', 'webhook_deliveries'] },
  users: { owns: ['users', 'tenants'] },
}

/** The owner a source file speaks for: its module folder, or a named owner's path; null for neither. */
export function ownerOf(file: string): string | null {
  if (file.startsWith('modules/')) return file.split('/')[1]
  for (const [owner, o] of Object.entries(OWNERSHIP))
    if (o.paths?.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) return owner
  return null
}

export interface Use {
  file: string
  table: string
  /** a statement of its own, or a join or subquery inside another owner's statement (a read) */
  how: 'query' | 'read'
}

const QUERY = /\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto)\(\s*'([a-z_]+)/g
const JOIN = /\b(?:innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*'([a-z_]+)/g
// raw SQL inside sql`...` templates: "from x", "update x", "into x" are statements, "join x" a read
const RAW = /\bsql(?:<[^>]*>)?`([^`]*)`/g
const RAW_TABLE = /\b(from|join|update|into)\s+([a-z_]+)/gi

/** Every use of a table in the given sources (`'sessions as s'` counts as `sessions`). */
export function tableUses(sources: { path: string; text: string }[]): Use[] {
  const uses: Use[] = []
  for (const { path: file, text } of sources) {
    for (const m of text.matchAll(QUERY)) {
      // `eb.selectFrom(...)` or a destructured `selectFrom(...)` of an expression builder: a
      // subquery inside a statement, read-only like a join
      const before = text.slice(Math.max(0, (m.index ?? 0) - 20), m.index)
      const subquery = /\beb\s*\.\s*$/.test(before) || !/\.\s*$/.test(before)
      uses.push({ file, table: m[1], how: subquery && m[0].startsWith('selectFrom') ? 'read' : 'query' })
    }
    for (const m of text.matchAll(JOIN)) uses.push({ file, table: m[1], how: 'read' })
    for (const raw of text.matchAll(RAW))
      for (const m of raw[1].matchAll(RAW_TABLE)) {
        // inside parentheses (`exists (select 1 from x …)`): a subquery of the statement around it, a read
        const before = raw[1].slice(0, m.index)
        const nested = (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0)
        const read = m[1].toLowerCase() === 'join' || (nested && m[1].toLowerCase() === 'from')
        uses.push({ file, table: m[2], how: read ? 'read' : 'query' })
      }
  }
  return uses
}

/** Uses of a table by a file that neither owns it nor declares it as a read (or a named write). */
export function ownershipBreaches(sources: { path: string; text: string }[], tables: Set<string>): string[] {
  const breaches: string[] = []
  for (const u of tableUses(sources)) {
    if (!tables.has(u.table)) continue
    const owner = ownerOf(u.file)
    const o = owner === null ? undefined : OWNERSHIP[owner]
    if (o?.owns.includes(u.table)) continue
    if (u.how === 'read' && o?.reads?.includes(u.table)) continue
    if (o?.writes?.[u.file.split('/').pop() ?? '']?.includes(u.table)) continue
    breaches.push(`${u.file}: ${u.how} ${u.table}`)
  }
  return [...new Set(breaches)].sort()
}
