// MessagingGateway: the contract between the product and any WhatsApp link. The Baileys adapter
// (gateway/baileys) and the in-process simulator (gateway/simulator) both implement it; nothing
// outside gateway/baileys imports baileys. Helpers that belong to the contract are re-exported at the
// end so the rest of the server imports everything from this one file.
import type { Readable } from 'node:stream'
import type { ProxyConfig } from '@app/core'
import type { GatewayErrorCode } from './errors.js'

/**
 * The product's WhatsApp account id as a decimal string. `accounts.id` is an integer in the
 * database (architecture rule 10); the gateway keys sockets, auth rows and leases by
 * `String(id)` so the same value works as a text primary key on SQLite and PostgreSQL.
 */
export type AccountId = string
/** Normalized address: '<digits>@s.whatsapp.net' | '<lid>@lid' | '<id>@g.us' | 'status@broadcast'. No ':device' suffix. */
export type Jid = string
export type EpochMs = number

export type { ProxyConfig }

/** Why a socket closed; `classifyDisconnect` in gateway/baileys maps WhatsApp's codes to these. */
export type DisconnectKind =
  | 'restart_required' // 515 right after pairing: reconnect at once
  | 'connection_lost' // 408/428/503, DNS/TCP/TLS errors: retry with backoff
  | 'proxy_error' // the proxy refused or failed: retry with backoff
  | 'qr_expired' // 408 "QR refs attempts ended": stop, the user restarts the login
  | 'login_failed' // the pairing code could not be requested: creds were reset
  | 'logged_out' // 401: device removed on the phone; auth wiped
  | 'banned' // 403 (402/406 reported): keep the row for audit
  | 'replaced' // 440: another socket with the same creds took over
  | 'bad_session' // 500 after retries, or 411: needs re-linking
  | 'client_outdated' // 405: WhatsApp refuses the client version; retried once with a fresh version, then waits for a newer one
  | 'intentional' // we closed it (disconnect, logout, shutdown)
  | 'unknown'

export interface Me {
  pn?: Jid
  lid?: Jid
  pushName?: string
  /** linked from the WhatsApp Business app */
  business?: boolean
}
/** Reach-out time-lock (ack error 463): existing chats work, new chats are refused until `until`. */
export interface Restriction {
  until?: EpochMs
  enforcement?: string
}

export type AccountStatus =
  /** `reason`: why this connect follows the last one at once (a 405 retried with a fresh version) */
  | { state: 'connecting'; attempt?: number; reason?: DisconnectKind }
  | { state: 'awaiting_qr'; qr: string; qrDataUrl: string; expiresAt: EpochMs }
  | { state: 'awaiting_pairing_code'; code: string; phone: string }
  | { state: 'open'; me: Me; restriction?: Restriction }
  | { state: 'reconnecting'; attempt: number; reason: DisconnectKind; retryAt: EpochMs; code?: number }
  /** `canResume`: auth is kept and `resume()` may succeed; false means a new login is needed (or never, if banned). */
  | {
      state: 'closed'
      reason: DisconnectKind
      canResume: boolean
      at: EpochMs
      code?: number
      detail?: string
    }

export interface LoginRequest {
  method: 'qr' | 'pairing_code'
  /** digits incl. country code; required for pairing_code */
  phone?: string
  proxy?: ProxyConfig
}

export interface MessageRef {
  chatId: Jid
  id: string
  fromMe: boolean
  /** sender inside a group */
  participant?: Jid
}
/** A quoted message; `text` lets the recipient's phone show what was quoted. */
export type QuotedRef = MessageRef & { text?: string }

export type MediaInput = { url: string } | { buffer: Buffer } | { stream: Readable }

export type OutboundContent =
  | { kind: 'text'; text: string; linkPreview?: boolean }
  | { kind: 'image'; media: MediaInput; caption?: string; mimetype?: string }
  | { kind: 'video'; media: MediaInput; caption?: string; gif?: boolean; mimetype?: string }
  | { kind: 'audio'; media: MediaInput; voiceNote?: boolean; mimetype?: string; seconds?: number }
  | { kind: 'document'; media: MediaInput; fileName: string; mimetype: string; caption?: string }
  | { kind: 'sticker'; media: MediaInput; mimetype?: string }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contacts'; displayName?: string; vcards: string[] }
  | { kind: 'reaction'; target: MessageRef; emoji: string /* '' removes */ }
export type StatusContent = Extract<OutboundContent, { kind: 'text' | 'image' | 'video' }>

export interface SendOptions {
  quoted?: QuotedRef
  mentions?: Jid[]
  /** From `newMessageId()`, stored in the outbox before sending, so a retry after a crash is recognisable. */
  messageId?: string
}
export interface SentMessage {
  ref: MessageRef
  timestamp: EpochMs
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker'
export type InboundContent =
  | { kind: 'text'; text: string }
  | {
      kind: 'media'
      media: MediaKind
      /** opaque, storable; pass to `downloadMedia` */
      handle: string
      caption?: string
      mimetype?: string
      fileName?: string
      sizeBytes?: number
      seconds?: number
      width?: number
      height?: number
      voiceNote?: boolean
      gif?: boolean
    }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contacts'; displayName?: string; vcards: string[] }
  | { kind: 'reaction'; target: MessageRef; emoji: string | null }
  | { kind: 'revoke'; target: MessageRef }
  /** the sender changed the text or caption of `target`; no `text` when the new text could not be read */
  | { kind: 'edit'; target: MessageRef; text?: string }
  /** a view-once photo, video or voice note: a linked device never receives its content */
  | { kind: 'viewOnce'; media?: 'image' | 'video' | 'audio' }
  /** `selectable`: how many options a voter may pick, 0 for any number */
  | { kind: 'poll'; question: string; options: string[]; selectable: number }
  /** the header of an album: its photos and videos follow as media messages naming it in `albumId` */
  | { kind: 'album'; images: number; videos: number }
  /** `target` was pinned in the chat (or unpinned) */
  | { kind: 'pin'; target: MessageRef; pinned: boolean }
  | { kind: 'unsupported'; type: string }

export type ChatType = 'direct' | 'group' | 'status' | 'broadcast' | 'newsletter'
export interface InboundMessage {
  accountId: AccountId
  ref: MessageRef
  chatType: ChatType
  /** `id` is what WhatsApp addressed (pn or lid); `pn`/`lid` are both forms when known. */
  sender: { id: Jid; pn?: Jid; lid?: Jid; pushName?: string }
  /** the other form of `ref.chatId` for direct chats (pn ↔ lid) */
  chatAlt?: Jid
  timestamp: EpochMs
  /**
   * true: it happened while the account was linked (live, or delivered from the offline backlog on
   * reconnect); false: history synced on linking
   */
  live: boolean
  content: InboundContent
  /** a photo or video of an album: the id of the album's header message */
  albumId?: string
  quoted?: { id: string; participant?: Jid; text?: string }
  mentions?: Jid[]
}

/** Ordered; a status only ever moves forward (see `isStatusAdvance`), except 'error'. */
export type DeliveryStatus = 'error' | 'pending' | 'server_ack' | 'delivered' | 'read' | 'played'
export interface StatusUpdate {
  accountId: AccountId
  ref: MessageRef
  status: DeliveryStatus
  /** set for per-member receipts in groups and status posts */
  by?: Jid
  at?: EpochMs
  /** set when status is 'error' */
  errorCode?: GatewayErrorCode
}

export interface GroupParticipant {
  id: Jid
  pn?: Jid
  lid?: Jid
  role: 'member' | 'admin' | 'superadmin'
}
export interface GroupInfo {
  id: Jid
  subject: string
  description?: string
  owner?: Jid
  createdAt?: EpochMs
  /** only admins may send */
  announce: boolean
  /** only admins may edit the group info */
  restrict: boolean
  participants: GroupParticipant[]
}
export type GroupSetting = 'announcement' | 'not_announcement' | 'locked' | 'unlocked'
export type ParticipantAction = 'add' | 'remove' | 'promote' | 'demote'
export type PresenceKind = 'available' | 'unavailable' | 'composing' | 'recording' | 'paused'

export type IdentityVia = 'message' | 'lid-store' | 'mapping' | 'contact' | 'history'

export interface GatewayEvents {
  status: { accountId: AccountId; status: AccountStatus }
  message: InboundMessage
  'message.status': StatusUpdate
  'group.updated': { accountId: AccountId; group: Partial<GroupInfo> & { id: Jid } }
  'group.participants': {
    accountId: AccountId
    groupId: Jid
    action: ParticipantAction | 'modify'
    participants: Jid[]
    author?: Jid
  }
  contacts: {
    accountId: AccountId
    contacts: { id: Jid; pn?: Jid; lid?: Jid; name?: string; pushName?: string }[]
  }
  /**
   * A phone address and a hidden id (lid) are one person. `via`: what told us (a message's
   * alternate address, the link's own lid store, a mapping or contact event, history sync).
   */
  'identity.mapping': { accountId: AccountId; pn: Jid; lid: Jid; via?: IdentityVia }
  presence: {
    accountId: AccountId
    chatId: Jid
    participant: Jid
    presence: PresenceKind
    lastSeen?: EpochMs
  }
}
/** Handlers may be async: the gateways await them in order (back-pressure on inbound). */
export type GatewayHandler<E extends keyof GatewayEvents> = (
  payload: GatewayEvents[E],
) => void | Promise<void>

/**
 * What the product needs from a WhatsApp link. Methods that talk to WhatsApp reject with a
 * `GatewayError` (see errors.ts) whose `code` the product maps to its failure reasons.
 */
export interface MessagingGateway {
  // lifecycle: progress arrives as 'status' events
  /** Start a fresh link (previous auth of this account is discarded). */
  login(accountId: AccountId, req: LoginRequest): Promise<void>
  /** Reconnect with stored auth; rejects with `not_linked` when there is none. */
  resume(accountId: AccountId, proxy?: ProxyConfig): Promise<void>
  /** Close the socket, keep auth (shutdown, stop). */
  disconnect(accountId: AccountId): Promise<void>
  /** Unlink the device and wipe auth. */
  logout(accountId: AccountId): Promise<void>
  getStatus(accountId: AccountId): AccountStatus | undefined
  // messaging
  /** A message id for this account, to store in the outbox before `send` (SendOptions.messageId). */
  newMessageId(accountId: AccountId): string
  send(accountId: AccountId, to: Jid, content: OutboundContent, opts?: SendOptions): Promise<SentMessage>
  revoke(accountId: AccountId, target: MessageRef): Promise<void>
  /**
   * Replace the text or caption of our own message `target` (its `chatId` is the chat, the rest
   * its key) with `text`; WhatsApp accepts it within 15 minutes of sending.
   */
  edit(accountId: AccountId, target: MessageRef, text: string): Promise<void>
  markRead(accountId: AccountId, refs: MessageRef[]): Promise<void>
  downloadMedia(accountId: AccountId, handle: string): Promise<Readable>
  postStatus(
    accountId: AccountId,
    content: StatusContent,
    audience: Jid[],
    style?: { backgroundColor?: string; font?: number },
    opts?: { messageId?: string },
  ): Promise<SentMessage>
  // lookups
  /** Serialised per account, ≥ 1 s apart, cached 24 h: bulk checks get numbers banned. */
  checkNumbers(accountId: AccountId, phones: string[]): Promise<NumberCheck[]>
  profilePictureUrl(accountId: AccountId, jid: Jid, hiRes?: boolean): Promise<string | undefined>
  // the linked number's own profile
  /** Set the number's WhatsApp profile name (what contacts see as its push name). */
  setProfileName(accountId: AccountId, name: string): Promise<void>
  /** Set the number's profile picture from a JPEG or PNG. */
  setProfilePicture(accountId: AccountId, image: Buffer): Promise<void>
  subscribePresence(accountId: AccountId, jid: Jid): Promise<void>
  setPresence(accountId: AccountId, presence: PresenceKind, jid?: Jid): Promise<void>
  // groups
  groupInfo(accountId: AccountId, groupId: Jid): Promise<GroupInfo>
  groupCreate(accountId: AccountId, subject: string, participants: Jid[]): Promise<GroupInfo>
  groupParticipants(
    accountId: AccountId,
    groupId: Jid,
    action: ParticipantAction,
    jids: Jid[],
  ): Promise<{ jid: Jid; status: string }[]>
  groupInviteCode(accountId: AccountId, groupId: Jid): Promise<string>
  groupRevokeInvite(accountId: AccountId, groupId: Jid): Promise<string>
  /** Accepts a code or a https://chat.whatsapp.com/<code> link; resolves to the group id. */
  groupJoin(accountId: AccountId, inviteCodeOrLink: string): Promise<Jid>
  groupLeave(accountId: AccountId, groupId: Jid): Promise<void>
  groupUpdate(
    accountId: AccountId,
    groupId: Jid,
    patch: { subject?: string; description?: string; setting?: GroupSetting },
  ): Promise<void>
  // events
  on<E extends keyof GatewayEvents>(event: E, handler: GatewayHandler<E>): () => void
}

export interface NumberCheck {
  /** digits only */
  phone: string
  exists: boolean
  jid?: Jid
}

/** The calls that act through one account's live connection (its first argument is the account). */
export const ACCOUNT_CALLS = [
  'send',
  'revoke',
  'edit',
  'markRead',
  'downloadMedia',
  'postStatus',
  'checkNumbers',
  'profilePictureUrl',
  'setProfileName',
  'setProfilePicture',
  'subscribePresence',
  'setPresence',
  'groupInfo',
  'groupCreate',
  'groupParticipants',
  'groupInviteCode',
  'groupRevokeInvite',
  'groupJoin',
  'groupLeave',
  'groupUpdate',
] as const
type AccountCall = (typeof ACCOUNT_CALLS)[number]

export {
  type ProductAccountState,
  toAccountState,
  toFailureReason,
} from './account-state.js'

export { GatewayError, isGatewayError } from './errors.js'
export { jidToPhone, phoneToJid } from './jid.js'
export { formatProxy, tryParseProxy } from './proxy.js'
