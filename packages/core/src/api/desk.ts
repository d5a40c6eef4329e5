import { z } from 'zod'
import { CHAT_TEXT_MAX, INVALID_DELETE_REASON_MAX } from '../constants.js'
import { SESSION_STATUSES } from '../messaging.js'
import { checkContactPhone, MATERIAL_LINK_MAX, MATERIAL_TEXT_MAX, MATERIAL_TITLE_MAX } from './materials.js'

/**
 * The agent desk's sessions and chat API (spec §2 "Agent desk", §3 "Desk session data", §7
 * "Desk chat"). Every call answers the envelope; times are epoch ms.
 *
 * Acting as an agent: a supervisor (customerMaster) sends the header `customer-user-id: <agent id>`
 * and every desk call is then scoped to that agent's sessions (product-decisions "Desk as an agent").
 * Desk presence: `POST /damai/customer/desk/enter` answers a desk id; the desk sends it as the
 * header `desk-id` on every desk call. When the same agent's desk is entered elsewhere, the older
 * desk's calls answer code 433 and its socket hears `desk.taken`. Calls without the header (pages
 * outside the desk, such as chat history) are not checked.
 *
 * The team lead (customerUserLeader) has no desk: every desk call answers it 403, except the file
 * of a message (`chatMedia`), which the chat history it reads shows.
 */
export const DESK_ID_HEADER = 'desk-id'
/**
 * The calls the open desk adds its headers to: `desk-id` on every path under it, and for a
 * supervisor acting as an agent, `customer-user-id` (with `desk-id`) only on the calls the web's
 * acting-agent rule names; their other calls carry neither.
 */
export const DESK_CALLS_PREFIX = '/damai/customer/'

/** Largest page of the session list and of the chat history. */
export const SESSION_PAGE_MAX = 100
export const CHAT_PAGE_MAX = 100
export const SESSION_SEARCH_MAX = 50
/** Remark and nickname of a customer, editable in the side panel. */
export const FAN_REMARK_MAX = 100
export const FAN_NICKNAME_MAX = 50
/** WhatsApp lets a sender delete a message for everyone for about two days. */
export const REVOKE_WINDOW_MS = 48 * 3_600_000
/** Manual messages of one session still waiting to go out before the desk answers "sent too frequently". */
export const SESSION_QUEUE_MAX = 20
/** Longest voice message the desk sends, in seconds. */
export const VOICE_MAX_SECONDS = 30 * 60
/** Contact cards in one message. */
export const CONTACT_CARDS_MAX = 10

/** Sidebar entries of the desk's session list (spec §2 "Desk sidebar entries"). Invalid sessions appear under `invalid` only. */
export const SessionFilter = {
  all: 'all',
  unread: 'unread',
  /** our message awaits the customer's reply */
  noReply: 'noReply',
  pinned: 'pinned',
  /** AI reply off */
  manual: 'manual',
  /** AI reply on */
  ai: 'ai',
  group: 'group',
  invalid: 'invalid',
} as const
export type SessionFilterValue = (typeof SessionFilter)[keyof typeof SessionFilter]
export const SESSION_FILTERS = Object.values(SessionFilter) as [SessionFilterValue, ...SessionFilterValue[]]

/**
 * Toggles of a session (spec §4). `unread`: true marks it unread for the caller, false marks it
 * read (as sendReadToFriendForChat). `massSend` is the customer's mass-send permission (personal
 * sessions only). `invalid` marks the customer invalid (or restores it).
 */
export const SessionFlag = {
  pinned: 'pinned',
  blocked: 'blocked',
  dnd: 'dnd',
  aiReply: 'aiReply',
  unread: 'unread',
  invalid: 'invalid',
  massSend: 'massSend',
} as const
export type SessionFlagValue = (typeof SessionFlag)[keyof typeof SessionFlag]
export const SESSION_FLAGS = Object.values(SessionFlag) as [SessionFlagValue, ...SessionFlagValue[]]

/**
 * Risk of a session: `controlled` while its WS account is restricted, the tenant is under risk
 * control, or a risk limit refused one of the account's messages and its window has not reopened;
 * `unlocked` for {@link SESSION_RISK_UNLOCKED_MS} after that window reopened; else `none`.
 */
export const SessionRisk = { none: 'none', controlled: 'controlled', unlocked: 'unlocked' } as const
export type SessionRiskValue = (typeof SessionRisk)[keyof typeof SessionRisk]

/** How long a session shows "unlocked" after its account's refusing window reopened. */
export const SESSION_RISK_UNLOCKED_MS = 86_400_000

/**
 * A session's risk at `now`: `locked` (tenant under risk control or account time-locked) is
 * controlled; else the account's send-window hold (when it reopens) decides. The desk computes it
 * again when the hold ends, so the tag changes without a reload.
 */
export function sessionRiskAt(
  s: { riskLocked?: boolean; riskHoldUntil?: number | null },
  now: number,
): SessionRiskValue {
  if (s.riskLocked) return SessionRisk.controlled
  const hold = s.riskHoldUntil ?? null
  if (hold === null) return SessionRisk.none
  if (now < hold) return SessionRisk.controlled
  return now < hold + SESSION_RISK_UNLOCKED_MS ? SessionRisk.unlocked : SessionRisk.none
}

/** chatType of an upload (spec §3 "Chat upload"); 11 (file) is ours, for documents of any type. */
export const ChatUploadType = { image: 8, video: 9, voice: 10, file: 11 } as const
export type ChatUploadTypeValue = (typeof ChatUploadType)[keyof typeof ChatUploadType]
/** fileType of an image upload: 7 a GIF (the GIF itself, or an MP4 made of one; the server converts a GIF to MP4), 8 a still image. */
export const ChatFileType = { gif: 7, image: 8 } as const

const id = z.number({ message: 'invalid' }).int().positive()
const sessionId = id
const bool = z.boolean({ message: 'invalid' })

// ---- requests ----

/** POST /damai/customer/desk/enter: open the desk (as the agent `customerUserId` when a supervisor). */
export const deskEnterBody = z.object({ customerUserId: id.optional() })

/**
 * POST /damai/customer/session/page: the desk's session list, pinned first, then newest activity
 * (with `waiting`: the longest waiting first).
 * Keyset paging: pass the previous answer's `nextCursor`. A session that gets a message while
 * paging moves to the top and arrives over the socket (message.new), never twice in the pages.
 */
export const sessionPageBody = z.object({
  filter: z.enum(SESSION_FILTERS).default('all'),
  /** related-account sessions: only this WS account's */
  accountId: id.optional(),
  /** title (nickname, name, group subject), phone or remark; case-insensitive */
  keyword: z.string().trim().max(SESSION_SEARCH_MAX, 'tooLong').optional(),
  /**
   * only the sessions of this agent (the same rule as the agent's own desk); for a whole-tenant
   * viewer such as the supervisor's invalid-customer list, an agent's own list is never wider
   */
  agentId: id.optional(),
  /** last activity from (inclusive) and to (exclusive), epoch ms */
  from: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  to: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  /** only the sessions in this status */
  status: z.enum(SESSION_STATUSES).optional(),
  /**
   * true: only the sessions whose customer wrote last and is not answered yet, the longest waiting
   * first (by `waitingSince`, pinning aside); its cursor starts with `w`
   */
  waiting: z.boolean().optional(),
  cursor: z
    .string()
    .regex(/^([01]|w)_\d{1,16}_\d{1,16}$/, 'invalid')
    .optional(),
  pageSize: z.number().int().min(1).max(SESSION_PAGE_MAX).default(30),
})
export type SessionPageBody = z.infer<typeof sessionPageBody>

/** POST /damai/customer/session/counts: sessions per sidebar entry, in the caller's scope. */
export const sessionCountsBody = z.object({ accountId: id.optional() })

/** POST /damai/customer/session/detail; POST …/user/sendReadToFriendForChat */
export const sessionIdBody = z.object({ sessionId })

/** POST /damai/customer/session/create: a personal session with a phone (9–20 digits). */
export const sessionCreateBody = z.object({
  phone: z.string({ message: 'phone.required' }).trim().min(1, 'phone.required').max(40, 'phone.invalid'),
  /** the WS account to chat from; default the caller's first online account */
  accountId: id.optional(),
})
export type SessionCreateBody = z.infer<typeof sessionCreateBody>

/** PUT /damai/customer/session/flag */
export const sessionFlagBody = z.object({ sessionId, flag: z.enum(SESSION_FLAGS), value: bool })
export type SessionFlagBody = z.infer<typeof sessionFlagBody>

/** PUT /damai/customer/session/migrate: hand the session to another agent (customerUser) of the tenant. */
export const sessionMigrateBody = z.object({ sessionId, userId: id })

/** PUT /damai/customer/session/fan: the customer's nickname and remark (side panel). */
export const sessionFanBody = z.object({
  sessionId,
  nickname: z.string().trim().max(FAN_NICKNAME_MAX, 'tooLong').optional(),
  remark: z.string().trim().max(FAN_REMARK_MAX, 'tooLong').optional(),
})
export type SessionFanBody = z.infer<typeof sessionFanBody>

/**
 * Query of DELETE /damai/customer/session: delete an invalid customer's session with a reason
 * (1–50 characters; the client asks the user to type `del` first). The chat is removed and a
 * deletion record is kept (POST /damai/customer/session/deletions).
 */
export const sessionDeleteQuery = z.object({
  sessionId: z.coerce.number().int().positive(),
  reason: z
    .string({ message: 'deleteReason.required' })
    .trim()
    .min(1, 'deleteReason.required')
    .max(INVALID_DELETE_REASON_MAX, 'deleteReason.length'),
})

/**
 * POST /damai/customer/session/deletions: the deletion records, newest first; an agent's own, or
 * the whole tenant's for the supervisor, who may narrow them to one account or agent (whose desk
 * it was deleted from), a time range (deleted at, from inclusive, to exclusive) and a keyword
 * (customer, phone, account phone or reason).
 */
export const sessionDeletionsBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  accountId: id.optional(),
  agentId: id.optional(),
  from: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  to: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  keyword: z.string().trim().max(SESSION_SEARCH_MAX, 'tooLong').optional(),
})
export type SessionDeletionsBody = z.infer<typeof sessionDeletionsBody>

/** POST /damai/customer/user/getSessionChatMessages: newest first; `beforeId` pages upward. */
export const chatHistoryBody = z.object({
  sessionId,
  beforeId: id.optional(),
  pageSize: z.number().int().min(1).max(CHAT_PAGE_MAX).default(30),
})
export type ChatHistoryBody = z.infer<typeof chatHistoryBody>

const contactCard = z.object({
  name: z
    .string({ message: 'material.contactNameRequired' })
    .trim()
    .min(1, 'material.contactNameRequired')
    .max(100, 'tooLong'),
  phone: z
    .string({ message: 'material.contactPhone' })
    .max(40, 'material.contactPhone')
    .superRefine((v, ctx) => {
      const key = checkContactPhone(v)
      if (key) ctx.addIssue({ code: 'custom', message: key })
    }),
})

const sendCommon = {
  sessionId,
  /** the session's WS account as the client knows it; the session decides the account */
  whatsappId: z.union([z.string().max(40), z.number()]).optional(),
  /** our id of a message of the same session to quote */
  quotedMessageId: id.optional(),
}

/** POST /damai/customer/user/sendChatMessage. Files go through uploadThenSendChatMessageAsync. */
export const sendChatBody = z.discriminatedUnion('type', [
  z.object({
    ...sendCommon,
    type: z.literal('text'),
    text: z.string({ message: 'required' }).trim().min(1, 'required').max(CHAT_TEXT_MAX, 'tooLong'),
  }),
  z.object({
    ...sendCommon,
    type: z.literal('location'),
    latitude: z
      .number({ message: 'material.location' })
      .min(-90, 'material.location')
      .max(90, 'material.location'),
    longitude: z
      .number({ message: 'material.location' })
      .min(-180, 'material.location')
      .max(180, 'material.location'),
    name: z.string().trim().max(200, 'tooLong').optional(),
    address: z.string().trim().max(500, 'tooLong').optional(),
  }),
  z.object({
    ...sendCommon,
    type: z.literal('contacts'),
    contacts: z.array(contactCard).min(1, 'required').max(CONTACT_CARDS_MAX, 'tooLong'),
  }),
  /** a material of the caller's libraries, sent as it is stored */
  z.object({ ...sendCommon, type: z.literal('material'), materialId: id }),
  /** an image-text link: sent as text with the link last, so WhatsApp shows its preview */
  z.object({
    ...sendCommon,
    type: z.literal('link'),
    link: z
      .string({ message: 'material.linkInvalid' })
      .trim()
      .max(MATERIAL_LINK_MAX, 'material.linkLength')
      .regex(/^https?:\/\/\S+$/i, 'material.linkInvalid'),
    title: z.string().trim().max(MATERIAL_TITLE_MAX, 'material.titleLength').optional(),
    text: z.string().trim().max(MATERIAL_TEXT_MAX, 'material.textLength').optional(),
  }),
])
export type SendChatBody = z.infer<typeof sendChatBody>

/** POST …/user/revokeChatMessage and …/user/resendChatMessage */
export const messageIdBody = z.object({ messageId: id })

/** POST …/user/editChatMessage: the new text of our own text or caption (WhatsApp's edit window) */
export const editChatBody = z.object({
  messageId: id,
  text: z.string({ message: 'required' }).trim().min(1, 'required').max(CHAT_TEXT_MAX, 'tooLong'),
})
export type EditChatBody = z.infer<typeof editChatBody>

const formInt = (min: number, max: number) => z.coerce.number({ message: 'invalid' }).int().min(min).max(max)

/**
 * Fields of the multipart POST /damai/customer/user/uploadThenSendChatMessageAsync besides `file`
 * (at most 10 MB). The file's bytes decide: image jpg/png (fileType 8) or a GIF, or an MP4 made
 * of one (fileType 7; a GIF is converted to MP4 on the server and sent as a looping video), video
 * mp4, voice mp3/ogg with a readable duration or a WebM/Opus browser recording (converted to Ogg),
 * file anything but a program. `repeatSubmit` is a client header only.
 */
export const chatUploadFields = z.object({
  sessionId: z.coerce.number({ message: 'invalid' }).int().positive(),
  whatsappId: z.string().max(40).optional(),
  chatType: z.coerce
    .number({ message: 'invalid' })
    .pipe(z.union([z.literal(8), z.literal(9), z.literal(10), z.literal(11)], { message: 'invalid' })),
  fileType: z.coerce
    .number({ message: 'invalid' })
    .pipe(z.union([z.literal(7), z.literal(8)], { message: 'invalid' }))
    .optional(),
  width: formInt(0, 100_000).optional(),
  height: formInt(0, 100_000).optional(),
  seconds: formInt(0, 86_400).optional(),
  caption: z.string().trim().max(1024, 'tooLong').optional(),
  quotedMessageId: z.coerce.number().int().positive().optional(),
})
export type ChatUploadFields = z.infer<typeof chatUploadFields>
