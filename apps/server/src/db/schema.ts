import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { AuthTables } from '../gateway/baileys/auth-store.js'
import type { AutoReplyCountTable, AutoReplyRuleTable } from './schema.auto-reply.js'
import type { AccountLeaseTable } from './schema.cluster.js'
import type {
  DeskPresenceTable,
  FanInheritanceTable,
  FanLabelTable,
  LabelTable,
  MaterialGroupTable,
  MaterialTable,
  SessionDeletionTable,
  SessionReadTable,
} from './schema.desk.js'
import type {
  NurturingAccountTable,
  NurturingMaterialTable,
  NurturingPairTable,
  NurturingRuleTable,
  StatusPostTable,
  StatusPostTargetTable,
  StatusPostViewerTable,
} from './schema.dynamics.js'
import type {
  MassSendEventTable,
  MassSendItemTable,
  MassSendLaneTable,
  MassSendRecipientTable,
  MassSendTaskTable,
} from './schema.mass-send.js'
import type {
  AgentGroupTable,
  ExpiryDismissalTable,
  OrderTable,
  PlatformSettingTable,
  RecordChangeTable,
  RenewalRequestTable,
  SeatTable,
} from './schema.platform.js'
import type {
  RiskConfigTable,
  RiskDailyTable,
  RiskHoldTable,
  RiskWarningTable,
  RiskWindowTable,
} from './schema.risk.js'
import type { StatCursorTable, StatDailyTable, StatFanTable, StatTurnTable } from './schema.statistics.js'
import type { AiReplyJobTable, AiReplyUsageTable, TenantSettingTable } from './schema.tenant-settings.js'

export type * from './schema.desk.js'
export type * from './schema.dynamics.js'
export type * from './schema.mass-send.js'
export type * from './schema.platform.js'
export type * from './schema.risk.js'
export type * from './schema.tenant-settings.js'

/**
 * The database as Kysely sees it. Times are epoch milliseconds; flags are 0/1 integers so the
 * same queries serve SQLite and PostgreSQL.
 */
export interface TenantTable {
  id: Generated<number>
  name: string
  /** The tenant's account name: the "target account" / "enterprise account" typed at sign-in. */
  account: string
  is_platform: number
  risk_status: number
  special_channel: number
  status: number
  created_at: number
  updated_at: number
  /** the operations or business user credited with the tenant (migration 0010) */
  seller_user_id: Generated<number | null>
  /** 1 for a trial tenant made by addTestUser */
  test: Generated<number>
}

export interface UserTable {
  id: Generated<number>
  tenant_id: number
  username: string
  password_hash: string
  nickname: string
  avatar: string
  role_id: number
  status: number
  valid_start_date: number | null
  valid_end_date: number | null
  target_language: string
  /** Operations user that a business user reports to. */
  parent_user_id: number | null
  created_at: number
  updated_at: number
  /** an agent's group (migration 0010) */
  agent_group_id: Generated<number | null>
  /** set when deleted: the row stays for the history that points at it, under a freed name */
  deleted_at: Generated<number | null>
}

export interface AuthTokenTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  tenant_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
  last_seen_at: number
  ip: string
  user_agent: string
}

export interface CaptchaTable {
  token: string
  x: number
  y: number
  created_at: number
  expires_at: number
  verified_at: number | null
  used_at: number | null
}

export interface AnnouncementTable {
  id: Generated<number>
  title: string
  content: string
  status: number
  created_by: number
  created_at: number
  updated_at: number
}

export interface LoginFailureTable {
  key: string
  count: number
  window_start: number
  locked_until: number | null
}

/** Missed captcha checks of one client address (migration 0007): growing locks against guessing. */
export interface CaptchaFailureTable {
  ip: string
  failures: number
  last_failure_at: number
  locked_until: number | null
}

// ---- messaging (migration 0002): enum columns hold the string values of packages/core ----

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

export interface FanTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  jid: string
  phone: string | null
  lid: string | null
  push_name: Generated<string>
  nickname: Generated<string>
  remark: Generated<string>
  source: string
  repeat_flag: Generated<number>
  invalid: Generated<number>
  mass_send_enabled: Generated<number>
  country: Generated<string>
  created_at: number
  updated_at: number
  /** the fan of a lost account this one was copied from by an inheritance (migration 0012) */
  inherited_from: Generated<number | null>
  /** 1: another account of the same tenant, talked to by account nurturing (migration 0022) */
  nurturing: Generated<number>
}

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

export interface SessionTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  type: string
  fan_id: number | null
  group_chat_id: number | null
  last_activity_at: number
  last_message: Generated<string>
  last_inbound_at: number | null
  /** time of our first message since the fan last wrote (their next message marks ours replied); null when none */
  awaiting_reply_since: number | null
  unread_count: Generated<number>
  pinned: Generated<number>
  blocked: Generated<number>
  dnd: Generated<number>
  ai_reply: Generated<number>
  invalid: Generated<number>
  agent_user_id: number | null
  created_at: number
}

export interface MediaFileTable {
  id: Generated<number>
  tenant_id: number
  /** relative to DATA_DIR/media */
  path: string
  /** sniffed from the bytes, never taken from the sender */
  mime: string
  size: number
  sha256: string
  created_at: number
  /** when these bytes were last stored (an upload again of the same bytes renews it): the clean-up's clock */
  stored_at: number
}

export interface MessageTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  session_id: number
  wa_message_id: string
  from_me: number
  sender_jid: Generated<string>
  type: string
  body: Generated<string>
  media_id: number | null
  /** JSON object */
  meta: Generated<string>
  quoted_wa_id: string | null
  quoted_preview: string | null
  status: string
  delivery: Generated<string>
  failure_reason: string | null
  origin: string | null
  requested_by: number | null
  timestamp: number
  created_at: number
}

export interface OutboxTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  session_id: number
  message_id: number
  to_jid: string
  /** JSON: core OutboundContentInput plus the resolved quote */
  content: string
  /** generated by the gateway and stored before the first attempt */
  wa_message_id: string
  origin: string
  state: string
  attempts: Generated<number>
  due_at: number
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  created_at: number
  updated_at: number
}

/** A request to WhatsApp that is not a message: withdraw a sent message, or read receipts. */
export interface GatewayRequestTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  session_id: number
  kind: string
  payload: string
  requested_by: number
  state: string
  attempts: Generated<number>
  due_at: number
  lease_owner: string | null
  lease_until: number | null
  last_error: string | null
  created_at: number
  updated_at: number
}

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

/** The WhatsApp auth tables (migration 0003_wa_auth) belong to the gateway; they are listed here so one Kysely instance serves both. */
export interface Database extends AuthTables {
  account_leases: AccountLeaseTable
  tenants: TenantTable
  users: UserTable
  auth_tokens: AuthTokenTable
  captchas: CaptchaTable
  announcements: AnnouncementTable
  login_failures: LoginFailureTable
  captcha_failures: CaptchaFailureTable
  account_groups: AccountGroupTable
  ws_accounts: WsAccountTable
  ports: PortTable
  fans: FanTable
  group_chats: GroupChatTable
  group_members: GroupMemberTable
  sessions: SessionTable
  media_files: MediaFileTable
  messages: MessageTable
  outbox: OutboxTable
  gateway_requests: GatewayRequestTable
  acquisition_shares: AcquisitionShareTable
  labels: LabelTable
  fan_labels: FanLabelTable
  material_groups: MaterialGroupTable
  materials: MaterialTable
  session_reads: SessionReadTable
  desk_presence: DeskPresenceTable
  session_deletions: SessionDeletionTable
  group_preferences: GroupPreferenceTable
  agent_groups: AgentGroupTable
  seats: SeatTable
  orders: OrderTable
  record_changes: RecordChangeTable
  renewal_requests: RenewalRequestTable
  platform_settings: PlatformSettingTable
  expiry_dismissals: ExpiryDismissalTable
  fan_inheritances: FanInheritanceTable
  mass_send_tasks: MassSendTaskTable
  mass_send_recipients: MassSendRecipientTable
  mass_send_lanes: MassSendLaneTable
  mass_send_items: MassSendItemTable
  mass_send_events: MassSendEventTable
  auto_reply_rules: AutoReplyRuleTable
  auto_reply_counts: AutoReplyCountTable
  message_cursors: InboundCursorTable
  diversion_links: DiversionLinkTable
  diversion_link_accounts: DiversionLinkAccountTable
  diversion_visits: DiversionVisitTable
  diversion_fans: DiversionFanTable
  counters: CounterTable
  marketing_interactions: MarketingInteractionTable
  tenant_settings: TenantSettingTable
  ai_reply_jobs: AiReplyJobTable
  ai_reply_usage: AiReplyUsageTable
  risk_configs: RiskConfigTable
  risk_windows: RiskWindowTable
  risk_daily: RiskDailyTable
  risk_warnings: RiskWarningTable
  risk_holds: RiskHoldTable
  stat_cursors: StatCursorTable
  stat_daily: StatDailyTable
  stat_fans: StatFanTable
  stat_turns: StatTurnTable
  merchant_codes: MerchantCodeTable
  merchant_links: MerchantLinkTable
  order_templates: OrderTemplateTable
  account_profiles: AccountProfileTable
  status_posts: StatusPostTable
  status_post_targets: StatusPostTargetTable
  status_post_viewers: StatusPostViewerTable
  nurturing_materials: NurturingMaterialTable
  nurturing_rules: NurturingRuleTable
  nurturing_accounts: NurturingAccountTable
  nurturing_pairs: NurturingPairTable
}

export type Tenant = Selectable<TenantTable>
export type NewTenant = Insertable<TenantTable>
export type User = Selectable<UserTable>
export type NewUser = Insertable<UserTable>
export type UserUpdate = Updateable<UserTable>
export type AuthToken = Selectable<AuthTokenTable>
export type Announcement = Selectable<AnnouncementTable>
export type WsAccount = Selectable<WsAccountTable>
export type Fan = Selectable<FanTable>
export type Session = Selectable<SessionTable>
export type Message = Selectable<MessageTable>
export type OutboxRow = Selectable<OutboxTable>
export type GatewayRequestRow = Selectable<GatewayRequestTable>
export type Port = Selectable<PortTable>
export type Label = Selectable<LabelTable>
export type MaterialRow = Selectable<MaterialTable>
export type MaterialGroupRow = Selectable<MaterialGroupTable>

/**
 * A durable consumer's watermark over stored messages (migrations 0016, 0017): the last message
 * id it has consumed, and which process holds it until when.
 */
export interface InboundCursorTable {
  consumer: string
  last_id: number
  lease_owner: string | null
  lease_until: Generated<number>
  updated_at: number
}
