import { z } from 'zod'
import { Access } from '../access.js'
import { MessageStatus, MessageType, type MessageTypeValue, SessionType } from '../messaging.js'
import { endpoint, fileResponse } from './contract.js'
import { chatMessageView } from './desk-views.js'

/**
 * The tenant's chat history (/chatHistory/index): every message of the tenant searched by WS
 * account, customer, agent, direction, type, time and keyword; a conversation opened read-only
 * around a hit; the result exported to XLSX. Read-only for the supervisor and the team lead.
 * Times are epoch ms.
 *
 * Keyword: a case-insensitive substring of the message's text (or caption) or its file name.
 * From HISTORY_INDEXED_KEYWORD_MIN characters on it is served by the database's full-text index;
 * a shorter keyword (one or two characters, common in Chinese) is looked for in at most
 * HISTORY_SHORT_SCAN_MAX messages per request, newest first within the other filters: the page
 * then says how far back it looked and its cursor goes on from there.
 */
export const ChatHistoryPath = {
  /** POST: a page of matching messages, newest first */
  search: '/damai/chatHistory/message/search',
  /** POST: the same filters as an XLSX file (at most HISTORY_EXPORT_ROWS_MAX rows, newest first) */
  export: '/damai/chatHistory/message/export',
  /** POST: the conversation of a message, around it or paged from it */
  conversation: '/damai/chatHistory/conversation/page',
  /** GET: the WS accounts and agents the search form offers */
  options: '/damai/chatHistory/filter/options',
} as const

// ---- limits ----

export const HISTORY_PAGE_MAX = 100
export const HISTORY_PAGE_DEFAULT = 20
export const HISTORY_KEYWORD_MAX = 100
export const HISTORY_CUSTOMER_MAX = 50
export const HISTORY_ACCOUNTS_MAX = 50
/** Keywords of at least this many characters are served by the full-text index (trigrams). */
export const HISTORY_INDEXED_KEYWORD_MIN = 3
/** Messages one request looks at for a keyword shorter than HISTORY_INDEXED_KEYWORD_MIN. */
export const HISTORY_SHORT_SCAN_MAX = 20_000
/** Rows of one export, the newest first. */
export const HISTORY_EXPORT_ROWS_MAX = 100_000
/** Messages one export with a short keyword looks at. */
export const HISTORY_EXPORT_SHORT_SCAN_MAX = 500_000
export const HISTORY_CONVERSATION_PAGE_MAX = 100
export const HISTORY_CONVERSATION_PAGE_DEFAULT = 30

// ---- enums ----

/** Who wrote a message: the customer (or a group member), or us. */
export const MessageDirection = { in: 'in', out: 'out' } as const
export type MessageDirectionValue = (typeof MessageDirection)[keyof typeof MessageDirection]
export const MESSAGE_DIRECTIONS = Object.values(MessageDirection) as [
  MessageDirectionValue,
  ...MessageDirectionValue[],
]

/** Message types the history lists; reactions belong to the message they react to. */
export const HISTORY_MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contacts',
  'viewOnce',
  'poll',
  'unsupported',
] as const satisfies readonly MessageTypeValue[]
export type HistoryMessageTypeValue = (typeof HISTORY_MESSAGE_TYPES)[number]

/** Which way a conversation page goes from its message. */
export const ConversationDirection = { around: 'around', older: 'older', newer: 'newer' } as const
export type ConversationDirectionValue = (typeof ConversationDirection)[keyof typeof ConversationDirection]
export const CONVERSATION_DIRECTIONS = Object.values(ConversationDirection) as [
  ConversationDirectionValue,
  ...ConversationDirectionValue[],
]

/** The characters of a keyword as the index counts them (code points, so an emoji is one). */
export const keywordLength = (keyword: string): number => [...keyword].length

/** Whether the full-text index can serve `keyword`. */
export const isIndexedKeyword = (keyword: string): boolean =>
  keywordLength(keyword) >= HISTORY_INDEXED_KEYWORD_MIN

// ---- bodies ----

const id = z.number({ message: 'invalid' }).int().positive()
const epochMs = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)

/** The filters of a search and an export; every one narrows, none widens past the tenant. */
export const historyFilters = {
  accountIds: z.array(id).max(HISTORY_ACCOUNTS_MAX, 'tooLong').optional(),
  /** one conversation */
  sessionId: id.optional(),
  /** the agent serving the conversation: it was migrated to them, or its WS account is theirs */
  agentId: id.optional(),
  /** part of the customer's phone, name or remark, or of a group's name */
  customer: z.string().trim().max(HISTORY_CUSTOMER_MAX, 'tooLong').optional(),
  direction: z.enum(MESSAGE_DIRECTIONS).optional(),
  types: z.array(z.enum(HISTORY_MESSAGE_TYPES)).max(HISTORY_MESSAGE_TYPES.length).optional(),
  /** sent in [from, to) */
  from: epochMs.optional(),
  to: epochMs.optional(),
  keyword: z
    .string()
    .trim()
    .max(HISTORY_KEYWORD_MAX, 'tooLong')
    .regex(/^[^\r\n]*$/, 'invalid')
    .optional(),
}

/** A page's position: `<timestamp>_<id>` of the last message it covered. */
export const historyCursor = z.string().regex(/^\d{1,16}_\d{1,16}$/, 'invalid')

/** POST /damai/chatHistory/message/search: newest first, keyset paged by (timestamp, id). */
export const historySearchBody = z.object({
  ...historyFilters,
  cursor: historyCursor.optional(),
  pageSize: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
})
export type HistorySearchBody = z.infer<typeof historySearchBody>
/** What a client sends (defaults left out). */
export type HistorySearchInput = z.input<typeof historySearchBody>
export type HistoryFilters = Omit<HistorySearchBody, 'cursor' | 'pageSize'>

/** POST /damai/chatHistory/message/export: "no data to export" when nothing matches. */
export const historyExportBody = z.object({
  ...historyFilters,
  /** the viewer's offset from UTC, for the times written in the file */
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
  language: z.enum(['zh', 'en']).optional(),
})
export type HistoryExportBody = z.infer<typeof historyExportBody>
export type HistoryExportInput = z.input<typeof historyExportBody>

/**
 * POST /damai/chatHistory/conversation/page: `around` a message (the messages before it, the
 * message, those after it), or the page `older` than or `newer` than a message of the conversation.
 */
export const historyConversationBody = z.object({
  messageId: id,
  direction: z.enum(CONVERSATION_DIRECTIONS).default('around'),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(HISTORY_CONVERSATION_PAGE_MAX)
    .default(HISTORY_CONVERSATION_PAGE_DEFAULT),
})
export type HistoryConversationBody = z.infer<typeof historyConversationBody>
export type HistoryConversationInput = z.input<typeof historyConversationBody>

// ---- views ----

export const historyAccountView = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  /** the WhatsApp name, or the remark */
  name: z.string(),
  deleted: z.boolean(),
})
export type HistoryAccountView = z.infer<typeof historyAccountView>

export const historyPeerView = z.object({
  /** the customer of a personal conversation; null for a group */
  fanId: z.number().int().nullable(),
  phone: z.string().nullable(),
  /** a customer WhatsApp shows only by a hidden id: no phone to show ("number hidden by WhatsApp") */
  phoneHidden: z.boolean().optional(),
  /** the customer's nickname, WhatsApp name or phone; a group's name */
  name: z.string(),
})
export type HistoryPeerView = z.infer<typeof historyPeerView>

export const historyUserView = z.object({ id: z.number().int(), name: z.string() })
export type HistoryUserView = z.infer<typeof historyUserView>

/** One message found, with where it was said. */
export const historyHitView = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  sessionType: z.enum(SessionType),
  account: historyAccountView,
  customer: historyPeerView,
  /** the agent serving the conversation now */
  agent: historyUserView.nullable(),
  fromMe: z.boolean(),
  /** our message: the user who sent it (null for automatic sends); theirs in a group: the member's phone */
  sentBy: historyUserView.nullable(),
  senderPhone: z.string().nullable(),
  type: z.enum(MessageType),
  /** text, caption or location name */
  body: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(MessageStatus),
  timestamp: z.number(),
})
export type HistoryHitView = z.infer<typeof historyHitView>

export const historySearchPage = z.object({
  list: z.array(historyHitView),
  /** more may follow: ask again with this cursor */
  nextCursor: z.string().nullable(),
  /**
   * A short keyword's bounded look stopped before the page was full: `scannedUntil` is the time of
   * the oldest message looked at, and `nextCursor` goes on from there.
   */
  scanLimited: z.boolean(),
  scannedUntil: z.number().nullable(),
})
export type HistorySearchPage = z.infer<typeof historySearchPage>

export const historyConversationView = z.object({
  sessionId: z.number().int(),
  sessionType: z.enum(SessionType),
  account: historyAccountView,
  customer: historyPeerView,
  agent: historyUserView.nullable(),
  /** oldest first */
  list: z.array(chatMessageView),
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
})
export type HistoryConversationView = z.infer<typeof historyConversationView>

export const historyOptionsView = z.object({
  accounts: z.array(historyAccountView),
  agents: z.array(historyUserView),
})
export type HistoryOptionsView = z.infer<typeof historyOptionsView>

/**
 * /chatHistory/index: the tenant's whole chat history for the supervisor and the team lead. Every
 * call only reads (the team lead's scope is the tenant, read-only); agents are refused.
 */
const history = { roles: Access.chatHistory, tags: ['chatHistory'] } as const

export const chatHistoryEndpoints = {
  search: endpoint({
    ...history,
    method: 'POST',
    path: ChatHistoryPath.search,
    summary: "A page of the tenant's messages by the filters, newest first (keyset cursor)",
    body: historySearchBody,
    response: historySearchPage,
  }),
  conversation: endpoint({
    ...history,
    method: 'POST',
    path: ChatHistoryPath.conversation,
    summary: 'The conversation of a message: around it, or the page older or newer than it',
    body: historyConversationBody,
    response: historyConversationView,
  }),
  options: endpoint({
    ...history,
    method: 'GET',
    path: ChatHistoryPath.options,
    summary: 'The WS accounts and agents the search form offers',
    response: historyOptionsView,
  }),
  export: endpoint({
    ...history,
    method: 'POST',
    path: ChatHistoryPath.export,
    summary: 'The matching messages as an XLSX file, newest first',
    body: historyExportBody,
    response: fileResponse,
  }),
}

// ---- export ----

export const HISTORY_EXPORT_COLUMNS = {
  zh: [
    '时间',
    'WS账号',
    '客户',
    '客户手机号',
    '会话类型',
    '负责客服',
    '方向',
    '发送人',
    '消息类型',
    '内容',
    '文件名',
    '状态',
  ],
  en: [
    'Time',
    'WS account',
    'Customer',
    'Customer phone',
    'Chat type',
    'Agent',
    'Direction',
    'Sender',
    'Message type',
    'Content',
    'File name',
    'Status',
  ],
} as const

export const HISTORY_EXPORT_WORDS = {
  zh: {
    sheet: '聊天记录',
    in: '客户发送',
    out: '我方发送',
    personal: '单聊',
    group: '群聊',
    automatic: '系统',
    deleted: '已删除',
    types: {
      text: '文本',
      image: '图片',
      video: '视频',
      audio: '语音',
      document: '文件',
      sticker: '贴纸',
      location: '位置',
      contacts: '名片',
      reaction: '表情回应',
      viewOnce: '一次性查看',
      poll: '投票',
      album: '相册',
      system: '系统提示',
      note: '内部备注',
      unsupported: '不支持的消息',
    },
    status: {
      requested: '待发送',
      sending: '发送中',
      sent: '已发送',
      failed: '发送失败',
      withdrawn: '已撤回',
      received: '已接收',
    },
  },
  en: {
    sheet: 'Chat history',
    in: 'From customer',
    out: 'From us',
    personal: 'Personal',
    group: 'Group',
    automatic: 'System',
    deleted: 'deleted',
    types: {
      text: 'Text',
      image: 'Image',
      video: 'Video',
      audio: 'Voice',
      document: 'File',
      sticker: 'Sticker',
      location: 'Location',
      contacts: 'Contact card',
      reaction: 'Reaction',
      viewOnce: 'View once',
      poll: 'Poll',
      album: 'Album',
      system: 'Notice',
      note: 'Internal note',
      unsupported: 'Unsupported message',
    },
    status: {
      requested: 'Queued',
      sending: 'Sending',
      sent: 'Sent',
      failed: 'Failed',
      withdrawn: 'Withdrawn',
      received: 'Received',
    },
  },
} as const
