import type { MentionView, SessionStatusView } from './api/desk-notes.js'
import type { ChatMessageView } from './api/desk-views.js'
import type { MassSendProgressEvent } from './api/mass-send-views.js'
import type { MessageEditView, MessageView, SessionView } from './api/messages.js'
import type { RiskRefusal, RiskWarningEvent } from './api/risk.js'
import type {
  AbnormalReasonValue,
  AccountStateValue,
  DeliveryValue,
  FailureReasonValue,
  MessageStatusValue,
} from './messaging.js'

/**
 * Socket.IO (path /socket.io, same origin). The client authenticates with
 * `io({ auth: { token } })`; the server puts the socket in `tenant:<id>` and `user:<id>`, and in
 * `session:<id>` on `session.join` after checking the session is in the socket's tenant.
 */
export const SOCKET_PATH = '/socket.io'

export const SocketEvent = {
  /** server → client: a WS account's status changed (room tenant) */
  accountStatus: 'account.status',
  /** server → client: QR / pairing-code progress of a login (room user of whoever started it) */
  accountLogin: 'account.login',
  /** server → client: a message was stored (rooms tenant and session) */
  messageNew: 'message.new',
  /** server → client: status, delivery or content of a stored message changed (rooms tenant and session) */
  messageUpdated: 'message.updated',
  /** server → client: a session's flags, owner or customer details changed (rooms tenant, session, its agents) */
  sessionUpdated: 'session.updated',
  /** server → client: the user's read state of a session changed (rooms of the user and of whoever acts as them) */
  sessionRead: 'session.read',
  /** server → client: a session was removed (deleted, migrated away from the agent, or merged into another session of the same customer) */
  sessionRemoved: 'session.removed',
  /** server → client: a WS account was assigned to an agent or taken from one; its sessions not migrated elsewhere follow (rooms tenant, the old and the new agent) */
  accountAssigned: 'account.assigned',
  /** server → client: a revoke the desk asked for failed (room of the user who asked) */
  messageRevokeFailed: 'message.revokeFailed',
  /** server → client: an edit the desk asked for failed (room of the user who asked) */
  messageEditFailed: 'message.editFailed',
  /** server → client: this desk was entered elsewhere for the same agent; its calls now answer 433 */
  deskTaken: 'desk.taken',
  /** server → client: a group chat's info, settings or members changed in the store (rooms tenant, its sessions, their agents); read it again */
  groupUpdated: 'group.updated',
  /** server → client: a mass-send task's status or counters changed (rooms of its owner, its creator and the tenant's supervisors) */
  massSendProgress: 'massSend.progress',
  /** server → client: a session's status changed (open, pending, snoozed, resolved) by a user, a customer's message or a snooze's end (rooms tenant, session, its agent) */
  sessionStatus: 'session.status',
  /** server → client: an internal note was written in a session (rooms tenant, session, its agent) */
  sessionNote: 'session.note',
  /** server → client: the user was mentioned in a note (room of the user mentioned) */
  mentionNew: 'mention.new',
  /** client → server, with ack: join a session's room */
  sessionJoin: 'session.join',
  /** client → server, with ack */
  sessionLeave: 'session.leave',
} as const

export const roomOf = {
  tenant: (id: number) => `tenant:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
}

export interface AccountStatusEvent {
  accountId: number
  phone: string | null
  status: AccountStateValue
  abnormalReason: AbnormalReasonValue | null
  bannedAt: number | null
  /** the reach-out time-lock: new chats refused until then (0: end unknown) */
  restrictedUntil: number | null
}

/** Login progress. `state` follows the gateway: connecting, awaiting_qr, awaiting_pairing_code, open, closed. */
export interface AccountLoginEvent {
  accountId: number
  state: string
  qrDataUrl?: string
  code?: string
  expiresAt?: number
  /** set when the login ended without linking, e.g. 'qr_expired' or 'phone_taken' */
  error?: string
}

export interface MessageNewEvent {
  message: MessageView
  session: SessionView
}

export interface MessageUpdatedEvent {
  id: number
  sessionId: number
  status: MessageStatusValue
  delivery: DeliveryValue
  failureReason: FailureReasonValue | null
  /** an edit: the new text, when it was written, the texts it replaced, and the message's details */
  body?: string
  editedAt?: number | null
  edits?: MessageEditView[]
  meta?: Record<string, unknown>
  /** a message refused by a risk limit or keyword: the rule, the count left today, when it reopens */
  risk?: RiskRefusal
}

/** Only the fields that changed are present. */
export interface SessionUpdatedEvent {
  sessionId: number
  changes: Partial<{
    pinned: boolean
    blocked: boolean
    dnd: boolean
    aiReply: boolean
    invalid: boolean
    massSendEnabled: boolean
    agentUserId: number | null
    title: string
    fanRemark: string
    /** the customer's phone became known (it was hidden by WhatsApp) */
    fanPhone: string
  }>
}

export interface SessionReadEvent {
  sessionId: number
  /** whose read state: the agent (also when a supervisor acts as them) */
  userId: number
  unreadCount: number
}

export interface SessionRemovedEvent {
  sessionId: number
  /** 'merged': the customer was found to be the customer of `intoSessionId` (a phone and WhatsApp's hidden id of one person) */
  reason: 'deleted' | 'migrated' | 'merged'
  /** the session it was merged into, which now holds its messages */
  intoSessionId?: number
}

/** The account's sessions that were not migrated to someone on their own move with it. */
export interface AccountAssignedEvent {
  accountId: number
  /** the agent it is now assigned to; null: nobody (its sessions are unallocated) */
  agentUserId: number | null
  previousAgentUserId: number | null
}

export interface MessageRevokeFailedEvent {
  id: number
  sessionId: number
}

/** The message keeps the text it showed. */
export interface MessageEditFailedEvent {
  id: number
  sessionId: number
}

export interface DeskTakenEvent {
  /** the desk that was replaced: only that desk reacts */
  deskId: string
}

export interface GroupUpdatedEvent {
  /** the desk session of the group chat (a group chat is one account's view of a group) */
  sessionId: number
  groupChatId: number
  jid: string
}

/** Why a session's status changed: a user's action, a live customer message, or a snooze that ended. */
/**
 * What changed a session's status: a user, a customer's message (it opened again), a snooze that
 * ended, or the customer's satisfaction rating (the conversation it opened again is resolved again).
 */
export type SessionStatusCause = 'user' | 'customer' | 'snoozeEnded' | 'rated'

export interface SessionStatusEvent extends SessionStatusView {
  cause: SessionStatusCause
}

/** A note as the chat box shows it (type `note`), with the users it mentions. */
export interface SessionNoteEvent {
  message: ChatMessageView
  mentionUserIds: number[]
}

export type MentionNewEvent = MentionView

export interface JoinAck {
  ok: boolean
  code?: number
}

export interface ServerToClientEvents {
  'account.status': (e: AccountStatusEvent) => void
  'account.login': (e: AccountLoginEvent) => void
  'message.new': (e: MessageNewEvent) => void
  'message.updated': (e: MessageUpdatedEvent) => void
  'session.updated': (e: SessionUpdatedEvent) => void
  'session.read': (e: SessionReadEvent) => void
  'session.removed': (e: SessionRemovedEvent) => void
  'account.assigned': (e: AccountAssignedEvent) => void
  'message.revokeFailed': (e: MessageRevokeFailedEvent) => void
  'message.editFailed': (e: MessageEditFailedEvent) => void
  'desk.taken': (e: DeskTakenEvent) => void
  'group.updated': (e: GroupUpdatedEvent) => void
  'massSend.progress': (e: MassSendProgressEvent) => void
  'risk.warning': (e: RiskWarningEvent) => void
  'session.status': (e: SessionStatusEvent) => void
  'session.note': (e: SessionNoteEvent) => void
  'mention.new': (e: MentionNewEvent) => void
}

export interface ClientToServerEvents {
  'session.join': (req: { sessionId: number }, ack: (r: JoinAck) => void) => void
  'session.leave': (req: { sessionId: number }, ack: (r: JoinAck) => void) => void
}
