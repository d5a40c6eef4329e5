/** The mass-send answers: tasks, counters, recipients and their sends, the chart, the log as a file. */
import { z } from 'zod'
import { Delivery, FailureReason, MessageStatus } from '../messaging.js'
import {
  MassSendAction,
  MassSendAudience,
  MassSendEventKind,
  MassSendFailReason,
  MassSendKind,
  MassSendMethod,
  MassSendStatus,
  RecipientState,
} from './mass-send.js'

// ---- views -------------------------------------------------------------------------------------

const range = z.object({ min: z.number().int(), max: z.number().int() })

/** Counters of a task, per recipient. `total = remaining + sent + failed + stopped + cancelled`. */
export const massSendCounters = z.object({
  total: z.number().int(),
  /** not finished: `pending + active` */
  remaining: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  /** every sentence sent */
  sent: z.number().int(),
  failed: z.number().int(),
  failedByReason: z.partialRecord(z.enum(FailureReason), z.number().int()),
  stopped: z.number().int(),
  cancelled: z.number().int(),
  /** recipients any of whose messages got this far (read counts as delivered too, replied as read) */
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  /** messages handed to WhatsApp so far (all sentences) */
  messagesSent: z.number().int(),
})
export type MassSendCounters = z.infer<typeof massSendCounters>

/** The customers filter of a customers task, as created. */
export const massSendCustomerFilter = z.object({
  all: z.boolean(),
  includeLabelIds: z.array(z.number().int()),
  excludeLabelIds: z.array(z.number().int()),
  country: z.string().nullable(),
  source: z.string().nullable(),
})
export type MassSendCustomerFilter = z.infer<typeof massSendCustomerFilter>

/** A task in the list (and pushed on the socket). Times are epoch ms. */
export const massSendTaskView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MassSendKind),
  audience: z.enum(MassSendAudience),
  method: z.enum(MassSendMethod),
  status: z.enum(MassSendStatus),
  /** set while paused by the server: `risk_control_limit` (tenant under risk control) or `platform_limit` (VIP expired) */
  pauseReason: z.enum(FailureReason).nullable(),
  failReason: z.enum(MassSendFailReason).nullable(),
  sentenceInterval: range,
  customerInterval: range,
  sendCount: range,
  dailyCap: z.number().int(),
  waitTimeout: z.number().int(),
  appointmentAt: z.number().nullable(),
  sentenceCount: z.number().int(),
  /** the sending accounts (strangers, or the accounts the customers were narrowed to) */
  accountIds: z.array(z.number().int()),
  customerFilter: massSendCustomerFilter.nullable(),
  ownerUserId: z.number().int(),
  createdBy: z.number().int(),
  createdByName: z.string(),
  counters: massSendCounters,
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** the actions the caller may take now ({@link massSendActions}) */
  can: z.record(z.enum(MassSendAction), z.boolean()),
})
export type MassSendTaskView = z.infer<typeof massSendTaskView>

/** A sentence as it will be sent (a material resolved to its content). */
export const massSendSentenceView = z.object({
  index: z.number().int(),
  /** the outbound type: text, image, video, audio, document, location, contacts */
  type: z.string(),
  /** text or caption, with the variables unfilled */
  text: z.string(),
  mediaId: z.number().int().nullable(),
  /** the material it came from, if any */
  materialId: z.number().int().nullable(),
  /** location, contact card, file name… by type */
  meta: z.record(z.string(), z.unknown()),
})
export type MassSendSentenceView = z.infer<typeof massSendSentenceView>

export const massSendEventView = z.object({
  id: z.number().int(),
  kind: z.enum(MassSendEventKind),
  at: z.number(),
  accountId: z.number().int().nullable(),
  accountPhone: z.string().nullable(),
  /** recipients concerned (moved, failed…) */
  count: z.number().int(),
  /** the reason of a pause, fail or account loss */
  reason: z.string().nullable(),
  /** accounts the recipients of a lost account moved to */
  toAccountIds: z.array(z.number().int()),
})
export type MassSendEventView = z.infer<typeof massSendEventView>

export const massSendAccountView = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  status: z.string(),
  /** recipients of the task on this account: total and not finished */
  total: z.number().int(),
  remaining: z.number().int(),
})
export type MassSendAccountView = z.infer<typeof massSendAccountView>

export const massSendTaskDetail = massSendTaskView.extend({
  sentences: z.array(massSendSentenceView),
  accounts: z.array(massSendAccountView),
  /** the task log, oldest first (at most the last 200) */
  events: z.array(massSendEventView),
})
export type MassSendTaskDetail = z.infer<typeof massSendTaskDetail>

/** One sentence to one recipient: its message's send status and delivery. */
export const massSendDeliveryView = z.object({
  index: z.number().int(),
  messageId: z.number().int(),
  status: z.enum(MessageStatus),
  delivery: z.enum(Delivery),
  failureReason: z.enum(FailureReason).nullable(),
  /** handed to the outbox */
  queuedAt: z.number(),
  /** the message's time: when it was sent (or queued, until then) */
  at: z.number(),
})
export type MassSendDeliveryView = z.infer<typeof massSendDeliveryView>

export const massSendRecipientView = z.object({
  id: z.number().int(),
  /** a stranger's number, a customer's number, or null for a group */
  phone: z.string().nullable(),
  fanId: z.number().int().nullable(),
  groupChatId: z.number().int().nullable(),
  /** customer nickname or WhatsApp name, group subject, or the number */
  title: z.string(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  /** set when moved here from a lost account */
  movedFromAccountId: z.number().int().nullable(),
  state: z.enum(RecipientState),
  failureReason: z.enum(FailureReason).nullable(),
  /** a stranger's WhatsApp check: null not yet, else whether the number is on WhatsApp */
  onWhatsApp: z.boolean().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  sentences: z.array(massSendDeliveryView),
})
export type MassSendRecipientView = z.infer<typeof massSendRecipientView>

export const massSendRecipientPage = z.object({
  list: z.array(massSendRecipientView),
  /** the `afterId` of the next page; null on the last */
  nextCursor: z.number().int().nullable(),
})
export type MassSendRecipientPage = z.infer<typeof massSendRecipientPage>

/** Sends over time: one series per sending account, buckets of `bucketMs` from `from`. */
export const massSendChart = z.object({
  from: z.number(),
  bucketMs: z.number(),
  series: z.array(
    z.object({
      accountId: z.number().int(),
      phone: z.string().nullable(),
      /** only buckets with sends; `at` is the bucket's start */
      points: z.array(z.object({ at: z.number(), sent: z.number().int(), failed: z.number().int() })),
    }),
  ),
})
export type MassSendChart = z.infer<typeof massSendChart>

export const massSendGroupView = z.object({
  /** the group chat id to put in `groupChatIds` */
  id: z.number().int(),
  subject: z.string(),
  accountId: z.number().int(),
  accountPhone: z.string().nullable(),
  memberCount: z.number().int(),
})
export type MassSendGroupView = z.infer<typeof massSendGroupView>

export const massSendGroupPage = z.object({
  list: z.array(massSendGroupView),
  nextCursor: z.number().int().nullable(),
})
export type MassSendGroupPage = z.infer<typeof massSendGroupPage>

/** Socket `massSend.progress` (rooms: the task's owner and creator, and the tenant's supervisors). */
export const massSendProgressEvent = z.object({
  taskId: z.number().int(),
  status: z.enum(MassSendStatus),
  pauseReason: z.enum(FailureReason).nullable(),
  counters: massSendCounters,
  updatedAt: z.number(),
})
export type MassSendProgressEvent = z.infer<typeof massSendProgressEvent>

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
