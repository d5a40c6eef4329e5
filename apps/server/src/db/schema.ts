import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { AuthTables } from '../gateway/baileys/auth-store.js'
import type { MessageStoreTables } from '../gateway/baileys/message-store.js'
import type { WaVersionTables } from '../gateway/wa-version.js'
import type { AccountGroupTable, PortTable, WsAccountTable } from './schema.accounts.js'
import type {
  AccountProfileTable,
  AcquisitionShareTable,
  CounterTable,
  DiversionFanTable,
  DiversionLinkAccountTable,
  DiversionLinkTable,
  DiversionVisitTable,
  MarketingInteractionTable,
  MerchantCodeTable,
  MerchantLinkTable,
  OrderTemplateTable,
} from './schema.acquisition.js'
import type { AutoReplyCountTable, AutoReplyRuleTable } from './schema.auto-reply.js'
import type { AccountLeaseTable } from './schema.cluster.js'
import type {
  DeskPresenceTable,
  FanInheritanceTable,
  FanLabelTable,
  FanMergeTable,
  LabelTable,
  MaterialGroupTable,
  MaterialTable,
  SessionDeletionTable,
  SessionMentionTable,
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
import type { GroupChatTable, GroupMemberTable, GroupPreferenceTable } from './schema.groups.js'
import type { IntegrationTables } from './schema.integrations.js'
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
import type {
  AnnouncementTable,
  CaptchaFailureTable,
  CaptchaTable,
  LoginFailureTable,
} from './schema.sign-in.js'
import type { StatCursorTable, StatDailyTable, StatFanTable, StatTurnTable } from './schema.statistics.js'
import type { AwaySendTable, SatisfactionSurveyTable, SupportSettingTable } from './schema.support.js'
import type { AiReplyJobTable, AiReplyUsageTable, TenantSettingTable } from './schema.tenant-settings.js'

export type * from './schema.accounts.js'
export type * from './schema.acquisition.js'
export type * from './schema.desk.js'
export type * from './schema.dynamics.js'
export type * from './schema.groups.js'
export type * from './schema.mass-send.js'
export type * from './schema.platform.js'
export type * from './schema.risk.js'
export type * from './schema.sign-in.js'
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
  /** open, pending, snoozed or resolved (core SessionStatus) */
  status: Generated<string>
  /** when a snooze ends; null unless snoozed */
  snoozed_until: number | null
  status_changed_at: number | null
  /** who changed the status; null: a customer's message or a snooze that ended */
  status_changed_by: number | null
  /** the time of the customer's oldest live message not answered yet; null when nothing waits on us */
  waiting_since: number | null
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
  /** when the text shown now was written by an edit; null: never edited */
  edited_at: number | null
  /** JSON `[{ body, at }]`: the earlier texts, oldest first */
  edit_history: string | null
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

/**
 * The WhatsApp link's tables (auth: migration 0003_wa_auth; stored messages and the Web version:
 * 0025_wa_messages_version) belong to the gateway; they are listed here so one Kysely instance serves both.
 */
export interface Database extends AuthTables, MessageStoreTables, WaVersionTables, IntegrationTables {
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
  session_mentions: SessionMentionTable
  group_preferences: GroupPreferenceTable
  agent_groups: AgentGroupTable
  seats: SeatTable
  orders: OrderTable
  record_changes: RecordChangeTable
  renewal_requests: RenewalRequestTable
  platform_settings: PlatformSettingTable
  expiry_dismissals: ExpiryDismissalTable
  fan_inheritances: FanInheritanceTable
  fan_merges: FanMergeTable
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
  support_settings: SupportSettingTable
  away_sends: AwaySendTable
  satisfaction_surveys: SatisfactionSurveyTable
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
