import type {
  AbnormalReasonValue,
  AccountStateValue,
  FanSourceValue,
  MessageTypeValue,
  SessionTypeValue,
} from '../messaging.js'
import type { SessionFilterValue, SessionRiskValue } from './desk.js'
import type { MessageView, SessionView } from './messages.js'

/** What the desk's calls answer (the requests are in desk.ts). Times are epoch ms. */

/** An agent of the tenant: the supervisor's "act as" picker, the migrate dialog. */
export interface AgentView {
  id: number
  username: string
  nickname: string
}

/** A WS account of the desk's "my account" list, with the viewer's unread messages on it. */
export interface DeskAccountView {
  id: number
  phone: string | null
  pushName: string
  remark: string
  status: AccountStateValue
  abnormalReason: AbnormalReasonValue | null
  /** the viewer's valid (not invalid) sessions on the account */
  sessionCount: number
  /** the viewer's unread messages over those sessions */
  unreadCount: number
}

export interface DeskEnterResult {
  /** send as the `desk-id` header on every desk call */
  deskId: string
  /** whose desk: the agent acted as, or the caller */
  userId: number
  nickname: string
  /** true when a supervisor acts as an agent */
  acting: boolean
  /** the desk this one replaced, if any (it now answers 433) */
  replacedDeskId: string | null
}

/**
 * A row of the desk's session list. `unreadCount` is the caller's own (per-user read state). The
 * session inside a message.new event carries the session's running count of inbound messages in
 * `unreadCount` instead: a desk adds one per inbound message.new of a session it does not show.
 */
export interface DeskSessionView extends SessionView {
  awaitingReplySince: number | null
  fanPhone: string | null
  fanRemark: string
  /** the customer's mass-send permission; null for group sessions */
  massSendEnabled: boolean | null
  /** a nurturing chat: the customer is another account of the tenant, talked to by account nurturing */
  nurturing?: boolean
  accountPhone: string | null
  accountStatus: AccountStateValue
  risk: SessionRiskValue
  /** controlled whatever the windows: the tenant is under risk control or the account is time-locked */
  riskLocked?: boolean
  /** when the account's refusing send window reopens (kept while the session shows unlocked), else null */
  riskHoldUntil?: number | null
}

export interface SessionPage {
  list: DeskSessionView[]
  /** null on the last page */
  nextCursor: string | null
}

export type SessionCounts = Record<SessionFilterValue, number>

/** The customer side panel. */
export interface FanDetailView {
  id: number
  nickname: string
  pushName: string
  remark: string
  phone: string | null
  jid: string
  accountId: number
  accountPhone: string | null
  /** the WS account's group, if any */
  accountGroupName: string | null
  source: FanSourceValue
  /** ISO region from the phone's calling code ('' when unknown) */
  country: string
  repeat: boolean
  invalid: boolean
  massSendEnabled: boolean
  createdAt: number
}

export interface GroupDetailView {
  id: number
  jid: string
  subject: string
  description: string
  memberCount: number
  announce: boolean
  restrictEdit: boolean
}

export interface DeskSessionDetail {
  session: DeskSessionView
  fan: FanDetailView | null
  group: GroupDetailView | null
}

/** The quoted message of a chat message (spec §3: id, message, type, userName, time); null fields when it is not stored. */
export interface QuotedMessageView {
  id: number | null
  waMessageId: string
  message: string
  type: MessageTypeValue | null
  /** the customer's name or sender address; '' for our own */
  userName: string
  fromMe: boolean | null
  time: number | null
}

export interface ReactionView {
  emoji: string
  fromMe: boolean
  senderJid: string
}

/**
 * A message of the chat box. `mediaUrl` answers the file with the same Authorization header as
 * every call (fetch it as a blob); it checks the caller may read the session.
 */
export interface ChatMessageView extends MessageView {
  mediaUrl: string | null
  quotedMessage: QuotedMessageView | null
  reactions: ReactionView[]
  /** who asked for an outbound message (a user id), null for inbound and automatic ones */
  requestedBy: number | null
}

export interface ChatHistoryPage {
  /** newest first */
  list: ChatMessageView[]
  /** older messages exist: ask again with `beforeId` = the last id of `list` */
  hasMore: boolean
}

export interface ReadResult {
  sessionId: number
  unreadCount: number
}

/** Revoke answers at once; the withdrawn status arrives as message.updated (or message.revokeFailed). */
export interface RevokeResult {
  messageId: number
  accepted: boolean
}

export interface SessionCreateResult {
  session: DeskSessionView
}

export interface SessionDeletionView {
  id: number
  sessionType: SessionTypeValue
  title: string
  phone: string | null
  accountId: number
  accountPhone: string | null
  reason: string
  messageCount: number
  /** whose customer it was: the agent of the session (the supervisor when it had none) */
  ownerUserId: number
  ownerName: string
  deletedBy: number
  deletedByName: string
  deletedAt: number
}
