import type { LanguageCode } from './constants.js'

/**
 * Enums of WS accounts, fans, sessions and messages (spec §3–4). Values are the strings stored in
 * the database and sent over the API and the socket; the gateway's product mapping
 * (gateway/account-state.ts) uses the same strings.
 */
export const AccountState = {
  offline: 'offline',
  loggingIn: 'logging_in',
  online: 'online',
  abnormal: 'abnormal',
  banned: 'banned',
} as const
export type AccountStateValue = (typeof AccountState)[keyof typeof AccountState]
export const ACCOUNT_STATES = Object.values(AccountState) as [AccountStateValue, ...AccountStateValue[]]

/** Why an account is abnormal (spec §4). */
export const AbnormalReason = {
  networkFault: 'network_fault',
  pushedOut: 'pushed_out',
  keyError: 'key_error',
  deviceRemoved: 'device_removed',
  /** WhatsApp refuses the client version (405), also after fetching the newest one: waits for an update */
  updateRequired: 'update_required',
} as const
export type AbnormalReasonValue = (typeof AbnormalReason)[keyof typeof AbnormalReason]

export const AccountType = { personal: 'personal', business: 'business' } as const
export type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType]

/** How a fan came to the account (spec §3 "Customer"). */
export const FanSource = {
  passiveAdd: 'passive_add',
  strangerMassSend: 'stranger_mass_send',
  scanSync: 'scan_sync',
  activeAdd: 'active_add',
} as const
export type FanSourceValue = (typeof FanSource)[keyof typeof FanSource]

export const SessionType = { personal: 'personal', group: 'group' } as const
export type SessionTypeValue = (typeof SessionType)[keyof typeof SessionType]

/**
 * Where a conversation stands for the desk: `open` (ours to work on), `pending` (waiting on the
 * customer), `snoozed` until a time (then open again by itself), `resolved`. A live customer message
 * opens a pending, snoozed or resolved session again.
 */
export const SessionStatus = {
  open: 'open',
  pending: 'pending',
  snoozed: 'snoozed',
  resolved: 'resolved',
} as const
export type SessionStatusValue = (typeof SessionStatus)[keyof typeof SessionStatus]
export const SESSION_STATUSES = Object.values(SessionStatus) as [SessionStatusValue, ...SessionStatusValue[]]

/** Send status of a message (spec §4). Inbound messages are stored as sent. */
export const MessageStatus = {
  requested: 'requested',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  withdrawn: 'withdrawn',
} as const
export type MessageStatusValue = (typeof MessageStatus)[keyof typeof MessageStatus]

/** Delivery of an outbound message; only ever moves forward in this order (spec §4). */
export const Delivery = { none: 'none', delivered: 'delivered', read: 'read', replied: 'replied' } as const
export type DeliveryValue = (typeof Delivery)[keyof typeof Delivery]
export const DELIVERY_RANK: readonly DeliveryValue[] = ['none', 'delivered', 'read', 'replied']

/** Why a message was not sent (spec §4). */
export const FailureReason = {
  riskControlLimit: 'risk_control_limit',
  invalidCustomer: 'invalid_customer',
  massSendProhibited: 'mass_send_prohibited',
  platformLimit: 'platform_limit',
  wsBan: 'ws_ban',
  accountStatus: 'account_status',
  wsSendLimitReached: 'ws_send_limit_reached',
  /** a text holding one of the tenant's blocked keywords (risk control) */
  contentViolation: 'content_violation',
} as const
export type FailureReasonValue = (typeof FailureReason)[keyof typeof FailureReason]

export const failureReasonMessages: Record<FailureReasonValue, Record<LanguageCode, string>> = {
  risk_control_limit: { zh: '风控限制', en: 'Risk control limit' },
  invalid_customer: { zh: '无效客户', en: 'Invalid customer' },
  mass_send_prohibited: { zh: '禁止群发', en: 'Mass send prohibited' },
  platform_limit: { zh: '平台限制', en: 'Platform limit' },
  ws_ban: { zh: 'WS封号', en: 'WS account banned' },
  account_status: { zh: '账号状态异常', en: 'Account status' },
  ws_send_limit_reached: { zh: 'WS发送已达上限', en: 'WS send limit reached' },
  content_violation: { zh: '内容违规', en: 'Content violation' },
}

export const MessageType = {
  text: 'text',
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  sticker: 'sticker',
  location: 'location',
  contacts: 'contacts',
  reaction: 'reaction',
  /** a view-once photo, video or voice note: only the phone opens it */
  viewOnce: 'viewOnce',
  /** body: the question; meta: options, selectable */
  poll: 'poll',
  /** the header of an album (meta: images, videos); its media follow as their own messages */
  album: 'album',
  /** a line about the chat rather than a message (meta.event: pinned, unpinned) */
  system: 'system',
  /** an internal note of the desk: kept with the chat, never sent to WhatsApp (meta.mentionUserIds) */
  note: 'note',
  unsupported: 'unsupported',
} as const
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType]

/**
 * The word in brackets a session's preview starts with for a message that is not plain text
 * ("[audio] caption", "[contact]"), by the type it names: the server writes it, the desk shows it
 * in the user's language.
 */
export const PreviewWord = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  sticker: 'sticker',
  location: 'location',
  contacts: 'contact',
  viewOnce: 'view once',
  poll: 'poll',
} as const satisfies Partial<Record<MessageTypeValue, string>>

/** The preview of a message of a type in `PreviewWord`: its word, then the text it carries. */
export const previewOf = (type: keyof typeof PreviewWord, text?: string | null): string =>
  text ? `[${PreviewWord[type]}] ${text}` : `[${PreviewWord[type]}]`

/** How long after sending WhatsApp lets the sender edit a text or a caption. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000

/** An outbox row's progress; 'sending' with an expired lease is retried with the same message id. */
export const OutboxState = {
  requested: 'requested',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
} as const
export type OutboxStateValue = (typeof OutboxState)[keyof typeof OutboxState]

/** Who asked for an outbound message: every sender goes through the same outbox. */
export const SendOrigin = {
  manual: 'manual',
  massSend: 'mass_send',
  autoReply: 'auto_reply',
  ai: 'ai',
  /** account nurturing: a tenant's new accounts talking to each other */
  nurturing: 'nurturing',
} as const
export type SendOriginValue = (typeof SendOrigin)[keyof typeof SendOrigin]

/** A fan whose whole message is one of these words opts out of mass sends (product decision). */
export const OPT_OUT_WORDS: readonly string[] = ['stop', '退订', 'unsubscribe']

export function isOptOut(text: string | null | undefined, words: readonly string[] = OPT_OUT_WORDS): boolean {
  if (!text) return false
  const t = text.trim().toLowerCase()
  return words.some((w) => w.toLowerCase() === t)
}

/** Lines of one account import. */
export const ACCOUNT_IMPORT_MAX_LINES = 500
/** Ids in one batch action. */
export const BATCH_IDS_MAX = 200
export const ACCOUNT_REMARK_MAX = 100
/** Longest range of an acquisition statistics query, in days. */
export const ACQUISITION_MAX_DAYS = 92
/** Characters of a message kept as the session's last-message preview. */
export const PREVIEW_MAX = 120
