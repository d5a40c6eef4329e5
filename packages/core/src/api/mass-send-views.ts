/** The mass-send answers: tasks, counters, recipients and their sends, the chart, the log as a file. */
import type { DeliveryValue, FailureReasonValue, MessageStatusValue } from '../messaging.js'
import type {
  MassSendActionValue,
  MassSendAudienceValue,
  MassSendEventKindValue,
  MassSendFailReasonValue,
  MassSendKindValue,
  MassSendMethodValue,
  MassSendRange,
  MassSendStatusValue,
  RecipientStateValue,
} from './mass-send.js'

// ---- views -------------------------------------------------------------------------------------

/** Counters of a task, per recipient. `total = remaining + sent + failed + stopped + cancelled`. */
export interface MassSendCounters {
  total: number
  /** not finished: `pending + active` */
  remaining: number
  pending: number
  active: number
  /** every sentence sent */
  sent: number
  failed: number
  failedByReason: Partial<Record<FailureReasonValue, number>>
  stopped: number
  cancelled: number
  /** recipients any of whose messages got this far (read counts as delivered too, replied as read) */
  delivered: number
  read: number
  replied: number
  /** messages handed to WhatsApp so far (all sentences) */
  messagesSent: number
}

/** The customers filter of a customers task, as created. */
export interface MassSendCustomerFilter {
  all: boolean
  includeLabelIds: number[]
  excludeLabelIds: number[]
  country: string | null
  source: string | null
}

/** A task in the list (and pushed on the socket). Times are epoch ms. */
export interface MassSendTaskView {
  id: number
  name: string
  kind: MassSendKindValue
  audience: MassSendAudienceValue
  method: MassSendMethodValue
  status: MassSendStatusValue
  /** set while paused by the server: `risk_control_limit` (tenant under risk control) or `platform_limit` (VIP expired) */
  pauseReason: FailureReasonValue | null
  failReason: MassSendFailReasonValue | null
  sentenceInterval: MassSendRange
  customerInterval: MassSendRange
  sendCount: MassSendRange
  dailyCap: number
  waitTimeout: number
  appointmentAt: number | null
  sentenceCount: number
  /** the sending accounts (strangers, or the accounts the customers were narrowed to) */
  accountIds: number[]
  customerFilter: MassSendCustomerFilter | null
  ownerUserId: number
  createdBy: number
  createdByName: string
  counters: MassSendCounters
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
  /** the actions the caller may take now ({@link massSendActions}) */
  can: Record<MassSendActionValue, boolean>
}

/** A sentence as it will be sent (a material resolved to its content). */
export interface MassSendSentenceView {
  index: number
  /** the outbound type: text, image, video, audio, document, location, contacts */
  type: string
  /** text or caption, with the variables unfilled */
  text: string
  mediaId: number | null
  /** the material it came from, if any */
  materialId: number | null
  /** location, contact card, file name… by type */
  meta: Record<string, unknown>
}

export interface MassSendEventView {
  id: number
  kind: MassSendEventKindValue
  at: number
  accountId: number | null
  accountPhone: string | null
  /** recipients concerned (moved, failed…) */
  count: number
  /** the reason of a pause, fail or account loss */
  reason: string | null
  /** accounts the recipients of a lost account moved to */
  toAccountIds: number[]
}

export interface MassSendAccountView {
  id: number
  phone: string | null
  status: string
  /** recipients of the task on this account: total and not finished */
  total: number
  remaining: number
}

export interface MassSendTaskDetail extends MassSendTaskView {
  sentences: MassSendSentenceView[]
  accounts: MassSendAccountView[]
  /** the task log, oldest first (at most the last 200) */
  events: MassSendEventView[]
}

/** One sentence to one recipient: its message's send status and delivery. */
export interface MassSendDeliveryView {
  index: number
  messageId: number
  status: MessageStatusValue
  delivery: DeliveryValue
  failureReason: FailureReasonValue | null
  /** handed to the outbox */
  queuedAt: number
  /** the message's time: when it was sent (or queued, until then) */
  at: number
}

export interface MassSendRecipientView {
  id: number
  /** a stranger's number, a customer's number, or null for a group */
  phone: string | null
  fanId: number | null
  groupChatId: number | null
  /** customer nickname or WhatsApp name, group subject, or the number */
  title: string
  accountId: number
  accountPhone: string | null
  /** set when moved here from a lost account */
  movedFromAccountId: number | null
  state: RecipientStateValue
  failureReason: FailureReasonValue | null
  /** a stranger's WhatsApp check: null not yet, else whether the number is on WhatsApp */
  onWhatsApp: boolean | null
  startedAt: number | null
  finishedAt: number | null
  sentences: MassSendDeliveryView[]
}

export interface MassSendRecipientPage {
  list: MassSendRecipientView[]
  /** the `afterId` of the next page; null on the last */
  nextCursor: number | null
}

/** Sends over time: one series per sending account, buckets of `bucketMs` from `from`. */
export interface MassSendChart {
  from: number
  bucketMs: number
  series: {
    accountId: number
    phone: string | null
    /** only buckets with sends; `at` is the bucket's start */
    points: { at: number; sent: number; failed: number }[]
  }[]
}

export interface MassSendGroupView {
  /** the group chat id to put in `groupChatIds` */
  id: number
  subject: string
  accountId: number
  accountPhone: string | null
  memberCount: number
}

export interface MassSendGroupPage {
  list: MassSendGroupView[]
  nextCursor: number | null
}

/** Socket `massSend.progress` (rooms: the task's owner and creator, and the tenant's supervisors). */
export interface MassSendProgressEvent {
  taskId: number
  status: MassSendStatusValue
  pauseReason: FailureReasonValue | null
  counters: MassSendCounters
  updatedAt: number
}

// ---- the log as a file -------------------------------------------------------------------------

/** Columns of the recipient log export (one row per sentence sent, or one per recipient not reached). */
export const MASS_SEND_EXPORT_COLUMNS = {
  zh: [
    '序号',
    '号码',
    '客户/群组',
    '发送账号',
    '状态',
    '失败原因',
    '转移自账号',
    '语句',
    '发送状态',
    '送达',
    '排队时间',
    '发送时间',
  ],
  en: [
    'No.',
    'Number',
    'Customer / group',
    'Sending account',
    'State',
    'Failure reason',
    'Moved from account',
    'Sentence',
    'Send status',
    'Delivery',
    'Queued at',
    'Sent at',
  ],
} as const

/** Words of the export for states, send statuses and deliveries. */
export const MASS_SEND_EXPORT_WORDS: Record<'zh' | 'en', Record<string, string>> = {
  zh: {
    pending: '待发送',
    active: '发送中',
    sent: '已发送',
    failed: '失败',
    stopped: '已停止（未回复或未读）',
    cancelled: '已取消',
    requested: '待发送',
    sending: '发送中',
    withdrawn: '已撤回',
    none: '未送达',
    delivered: '已送达',
    read: '已读',
    replied: '已回复',
  },
  en: {
    pending: 'Pending',
    active: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    stopped: 'Stopped (no reply or read)',
    cancelled: 'Cancelled',
    requested: 'To be sent',
    sending: 'Sending',
    withdrawn: 'Withdrawn',
    none: 'Not delivered',
    delivered: 'Delivered',
    read: 'Read',
    replied: 'Replied',
  },
}
