import type { MessageView, SessionView } from './api/messages.js'
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
  body?: string
}

export interface JoinAck {
  ok: boolean
  code?: number
}

export interface ServerToClientEvents {
  'account.status': (e: AccountStatusEvent) => void
  'account.login': (e: AccountLoginEvent) => void
  'message.new': (e: MessageNewEvent) => void
  'message.updated': (e: MessageUpdatedEvent) => void
}

export interface ClientToServerEvents {
  'session.join': (req: { sessionId: number }, ack: (r: JoinAck) => void) => void
  'session.leave': (req: { sessionId: number }, ack: (r: JoinAck) => void) => void
}
