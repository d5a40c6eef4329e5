import { z } from 'zod'

/**
 * Billing: orders of ports and seats, the records they make (one port or seat each), renewal,
 * refund and merge of records with every change kept, order statistics and export, and the
 * tenant's own orders, records and expiry reminder. Money is in integer cents (分); times epoch ms.
 */
export const BillingPath = {
  // ports (spec paths, trailing slashes as given)
  portQuery: '/damai/admin/userPort/query/',
  portCreate: '/damai/admin/userPort/',
  portRenewal: '/damai/admin/userPort/renewal/',
  portRefund: '/damai/admin/userPort/refund/',
  /** PUT …/merge/{id}: `id` receives the remaining time of `sourceIds` */
  portMerge: '/damai/admin/userPort/merge/:id',
  // seats (spec paths)
  seatQuery: '/damai/admin/customerSeats/query/',
  seatCreate: '/damai/admin/customerSeats/',
  seatRenewal: '/damai/admin/customerSeats/renewal/',
  seatRefund: '/damai/admin/customerSeats/refund/',
  seatMerge: '/damai/admin/customerSeats/merge/:id',
  // the tenant's expiry reminder (spec paths)
  expiryReminder: '/damai/customer/portSeatExpiry/expiration',
  expiryDismiss: '/damai/customer/portSeatExpiry',
  // new: operations side
  /** POST: /orderManage list */
  orderQuery: '/damai/admin/order/query',
  /** POST: the same filters, answered as an XLSX file */
  orderExport: '/damai/admin/order/export',
  /** POST: who changed which record, when, before and after */
  recordChangeQuery: '/damai/admin/recordChange/query',
  /** POST: /orderStatistics/index */
  orderStatistics: '/damai/admin/order/statistics',
  /** POST: renewal requests tenants sent to their seller */
  renewalRequestQuery: '/damai/admin/renewalRequest/query',
  /** PUT: mark a renewal request handled */
  renewalRequestHandle: '/damai/admin/renewalRequest/handle',
  // new: tenant side
  /** POST: /myOrder */
  myOrderQuery: '/damai/customer/order/query',
  /** POST: /portRecord */
  myPortQuery: '/damai/customer/portRecord/query',
  /** POST: /seatRecord/index */
  mySeatQuery: '/damai/customer/seatRecord/query',
  /** POST: a renewal request to the seller: a note, not a payment */
  renewalRequestCreate: '/damai/customer/renewalRequest',
} as const

// ---- limits ----

export const ORDER_QUANTITY_MAX = 1000
export const ORDER_DAYS_MAX = 3650
/** Largest amount of one order, renewal or refund, in cents. */
export const AMOUNT_MAX = 10_000_000_000
/** Records named in one renewal, refund or merge. */
export const RECORD_IDS_MAX = 200
export const ORDER_REMARK_MAX = 200
export const RENEWAL_NOTE_MAX = 500
/** Rows of one order export. */
export const EXPORT_ROWS_MAX = 50_000
/** Longest range of the order statistics, in days. */
export const STATISTICS_RANGE_DAYS_MAX = 366
export const DAY_MS = 86_400_000

// ---- enums ----

/** What an order buys: ports (slots for WS accounts) or seats (slots for agents). */
export const OrderKind = { port: 'port', seat: 'seat' } as const
export type OrderKindValue = (typeof OrderKind)[keyof typeof OrderKind]
export const ORDER_KINDS = Object.values(OrderKind) as [OrderKindValue, ...OrderKindValue[]]

/** Money movements: a purchase of new records, a renewal of records, a refund on records. */
export const OrderType = { new: 'new', renewal: 'renewal', refund: 'refund' } as const
export type OrderTypeValue = (typeof OrderType)[keyof typeof OrderType]
export const ORDER_TYPES = Object.values(OrderType) as [OrderTypeValue, ...OrderTypeValue[]]

/** A port or seat record: running, past its end, ended early by a refund, ended by a merge into another. */
export const RecordStatus = {
  active: 'active',
  expired: 'expired',
  refunded: 'refunded',
  merged: 'merged',
} as const
export type RecordStatusValue = (typeof RecordStatus)[keyof typeof RecordStatus]
export const RECORD_STATUSES = Object.values(RecordStatus) as [RecordStatusValue, ...RecordStatusValue[]]

/** What happened to a record, as kept in its history. */
export const RecordAction = {
  create: 'create',
  renewal: 'renewal',
  refund: 'refund',
  /** the record received another's remaining time */
  mergeIn: 'merge_in',
  /** the record gave its remaining time to another and ended */
  mergeOut: 'merge_out',
} as const
export type RecordActionValue = (typeof RecordAction)[keyof typeof RecordAction]

export const RenewalRequestStatus = { open: 'open', handled: 'handled' } as const
export type RenewalRequestStatusValue = (typeof RenewalRequestStatus)[keyof typeof RenewalRequestStatus]

// ---- rules shared by both sides ----

/** Whole days left until `expiresAt`, rounded up; 0 once it has passed. */
export function daysLeft(expiresAt: number, now = Date.now()): number {
  return expiresAt <= now ? 0 : Math.ceil((expiresAt - now) / DAY_MS)
}

/** The status of a record from its end and how it ended. */
export function recordStatus(
  r: { expiresAt: number; endedReason: 'refunded' | 'merged' | null },
  now = Date.now(),
): RecordStatusValue {
  if (r.endedReason) return r.endedReason
  return r.expiresAt <= now ? RecordStatus.expired : RecordStatus.active
}

/** Cents as a decimal amount with two places ("1234.50"). */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A decimal amount as typed ("12", "12.5", "12.50") in cents, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,10})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

// ---- pieces ----

const id = z.number({ message: 'invalid' }).int().positive()
const ids = z.array(id).min(1, 'required').max(RECORD_IDS_MAX, 'tooLong')
const pageNo = z.number().int().min(1).default(1)
const pageSize = z.number().int().min(1).max(100).default(10)
const amount = z.number({ message: 'invalid' }).int().min(0).max(AMOUNT_MAX)
const days = z.number({ message: 'invalid' }).int().min(1).max(ORDER_DAYS_MAX)
const remark = z.string().trim().max(ORDER_REMARK_MAX, 'tooLong').default('')
const epochMs = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)
/** the viewer's offset from UTC, to cut days at their midnight */
const utcOffsetMinutes = z.number().int().min(-720).max(840).default(0)

// ---- operations: orders and records ----

/**
 * POST /damai/admin/userPort/ and /damai/admin/customerSeats/: an order of `quantity` records of
 * `days` each for a tenant (named by its supervisor's user id, as the admin pages list them, or by
 * tenant id). The records start now. `amount` defaults to quantity × days × the price per day.
 */
export const orderCreateBody = z
  .object({
    tenantId: id.optional(),
    /** the supervisor of the tenant (the /customerMasterManage row) */
    userId: id.optional(),
    quantity: z.number({ message: 'invalid' }).int().min(1).max(ORDER_QUANTITY_MAX),
    days,
    amount: amount.optional(),
    /** defaults to the tenant's seller */
    sellerId: id.optional(),
    remark,
  })
  .refine((b) => b.tenantId !== undefined || b.userId !== undefined, {
    message: 'required',
    path: ['tenantId'],
  })
export type OrderCreateBody = z.infer<typeof orderCreateBody>

/** PUT …/renewal/: extend each record by `days` (from now when it has already ended by expiry); `amount` is paid for all of them. */
export const recordRenewalBody = z.object({ ids, days, amount, remark })
export type RecordRenewalBody = z.infer<typeof recordRenewalBody>

/**
 * PUT …/refund/: give back `amount` (at most what was paid for these records and not refunded
 * yet) and end each record now, or, with `days`, shorten each by that many days (refused when a
 * record would end before it starts). A refunded port logs its WS account out.
 */
export const recordRefundBody = z.object({ ids, amount, days: days.optional(), remark })
export type RecordRefundBody = z.infer<typeof recordRefundBody>

/**
 * PUT …/merge/{id}: the remaining time of each source record is added to record `id`, and the
 * sources end. All must be of the same kind and tenant and still running. A source's account or
 * agent moves to the target when the target holds none.
 */
export const recordMergeBody = z.object({ sourceIds: ids, remark })
export type RecordMergeBody = z.infer<typeof recordMergeBody>
export const recordIdParams = z.object({ id: z.coerce.number().int().positive() })

/** POST …/query/: records of the tenants the caller may see, soonest end first. */
export const recordQueryBody = z.object({
  pageNo,
  pageSize,
  tenantId: id.optional(),
  orderId: id.optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  /** only running records ending within this many days */
  expiringWithinDays: z.number().int().min(0).max(ORDER_DAYS_MAX).optional(),
})
export type RecordQueryBody = z.infer<typeof recordQueryBody>

const orderFilters = {
  tenantId: id.optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  sellerId: id.optional(),
  /** created in [from, to) */
  from: epochMs.optional(),
  to: epochMs.optional(),
  /** enterprise account or tenant name, ignoring case */
  keyword: z.string().trim().max(50, 'tooLong').optional(),
}

/** POST /damai/admin/order/query: newest first. */
export const orderQueryBody = z.object({ pageNo, pageSize, ...orderFilters })
export type OrderQueryBody = z.infer<typeof orderQueryBody>

/** POST /damai/admin/order/export: an XLSX file of the filtered orders; "no data to export" when none. */
export const orderExportBody = z.object({
  ...orderFilters,
  utcOffsetMinutes,
  language: z.enum(['zh', 'en']).optional(),
})
export type OrderExportBody = z.infer<typeof orderExportBody>

/** POST /damai/admin/recordChange/query: newest first. */
export const recordChangeQueryBody = z.object({
  pageNo,
  pageSize,
  kind: z.enum(ORDER_KINDS).optional(),
  recordId: id.optional(),
  tenantId: id.optional(),
  orderId: id.optional(),
})
export type RecordChangeQueryBody = z.infer<typeof recordChangeQueryBody>

/** POST /damai/admin/order/statistics: [from, to) at most STATISTICS_RANGE_DAYS_MAX days, cut at the viewer's midnight. */
export const orderStatisticsBody = z.object({
  from: epochMs,
  to: epochMs,
  sellerId: id.optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  utcOffsetMinutes,
})
export type OrderStatisticsBody = z.infer<typeof orderStatisticsBody>

/** POST /damai/admin/renewalRequest/query */
export const renewalRequestQueryBody = z.object({
  pageNo,
  pageSize,
  status: z.enum([RenewalRequestStatus.open, RenewalRequestStatus.handled]).optional(),
})
/** PUT /damai/admin/renewalRequest/handle */
export const renewalRequestHandleBody = z.object({ id })

export interface OrderView {
  id: number
  tenantId: number
  tenantName: string
  enterpriseAccount: string
  kind: OrderKindValue
  type: OrderTypeValue
  /** records bought, renewed or refunded */
  quantity: number
  /** days bought or added; days taken back by a shortening refund; 0 for a refund that ends records now */
  days: number
  /** cents; a refund's amount is what was given back */
  amount: number
  sellerId: number | null
  sellerName: string | null
  operatorId: number
  operatorName: string
  remark: string
  recordIds: number[]
  createdAt: number
}

export interface RecordView {
  id: number
  kind: OrderKindValue
  tenantId: number
  tenantName: string
  enterpriseAccount: string
  orderId: number | null
  startsAt: number
  expiresAt: number
  status: RecordStatusValue
  daysLeft: number
  /** the WS account (port) or agent (seat) holding it */
  holderId: number | null
  /** the account's phone, or the agent's name */
  holderName: string | null
  /** cents paid for this record (its share of orders and renewals, merges included) and refunded */
  paid: number
  refunded: number
  createdAt: number
}

export interface RecordSnapshot {
  startsAt: number
  expiresAt: number
  status: RecordStatusValue
  holderId: number | null
}

export interface RecordChangeView {
  id: number
  kind: OrderKindValue
  recordId: number
  tenantId: number
  tenantName: string
  action: RecordActionValue
  orderId: number | null
  /** the other record of a merge */
  relatedRecordId: number | null
  operatorId: number
  operatorName: string
  before: RecordSnapshot | null
  after: RecordSnapshot
  remark: string
  createdAt: number
}

/** Answer of an order, renewal or refund: the order row made, with the records it touched. */
export interface OrderResult {
  order: OrderView
  records: RecordView[]
}

export interface StatLine {
  newAmount: number
  newQuantity: number
  renewalAmount: number
  renewalQuantity: number
  refundAmount: number
  refundQuantity: number
  /** new + renewal − refund, in cents */
  netAmount: number
}

export interface OrderStatistics {
  totals: StatLine
  /** every day of the range, empty days included; `date` is the day's start */
  byDay: (StatLine & { date: number })[]
  bySeller: (StatLine & { sellerId: number | null; sellerName: string | null })[]
  byKind: (StatLine & { kind: OrderKindValue })[]
}

export interface RenewalRequestView {
  id: number
  tenantId: number
  tenantName: string
  enterpriseAccount: string
  kind: OrderKindValue
  recordIds: number[]
  days: number
  note: string
  requestedBy: number
  requestedByName: string
  status: RenewalRequestStatusValue
  handledBy: number | null
  handledAt: number | null
  createdAt: number
}

/** Column titles of the order export, in the order written. */
export const ORDER_EXPORT_COLUMNS = {
  zh: [
    '订单号',
    '企业账号',
    '客户名称',
    '类型',
    '业务',
    '数量',
    '天数',
    '金额',
    '销售',
    '操作人',
    '备注',
    '时间',
  ],
  en: [
    'Order',
    'Enterprise account',
    'Customer',
    'Kind',
    'Type',
    'Quantity',
    'Days',
    'Amount',
    'Seller',
    'Operator',
    'Remark',
    'Time',
  ],
} as const
/** How kinds and types read in the export. */
export const ORDER_EXPORT_WORDS = {
  zh: { port: '端口', seat: '坐席', new: '新购', renewal: '续费', refund: '退款' },
  en: { port: 'Port', seat: 'Seat', new: 'New', renewal: 'Renewal', refund: 'Refund' },
} as const

// ---- the tenant: orders, records, reminder ----

/** POST /damai/customer/order/query (/myOrder): the tenant's orders, newest first. */
export const myOrderQueryBody = z.object({
  pageNo,
  pageSize,
  kind: z.enum(ORDER_KINDS).optional(),
  type: z.enum(ORDER_TYPES).optional(),
})
export type MyOrderQueryBody = z.infer<typeof myOrderQueryBody>

/** POST /damai/customer/portRecord/query and …/seatRecord/query: the tenant's records, running first. */
export const myRecordQueryBody = z.object({ pageNo, pageSize, status: z.enum(RECORD_STATUSES).optional() })
export type MyRecordQueryBody = z.infer<typeof myRecordQueryBody>

/** POST /damai/customer/renewalRequest: asks the seller to renew; no payment is made. */
export const renewalRequestBody = z.object({
  kind: z.enum(ORDER_KINDS),
  ids,
  days,
  note: z.string().trim().max(RENEWAL_NOTE_MAX, 'tooLong').default(''),
})
export type RenewalRequestBody = z.infer<typeof renewalRequestBody>

/** A tenant's order: what it bought, renewed or got back, and from whom. */
export interface MyOrderView {
  id: number
  kind: OrderKindValue
  type: OrderTypeValue
  quantity: number
  days: number
  amount: number
  sellerName: string | null
  remark: string
  createdAt: number
}

export interface MyPortRecordView {
  id: number
  startsAt: number
  expiresAt: number
  daysLeft: number
  status: RecordStatusValue
  accountId: number | null
  phone: string | null
  /** the bound account's status (offline, online…) */
  accountStatus: string | null
}

export interface MySeatRecordView {
  id: number
  startsAt: number
  expiresAt: number
  daysLeft: number
  status: RecordStatusValue
  userId: number | null
  agentName: string | null
}

/** GET /damai/customer/portSeatExpiry/expiration?utcOffsetMinutes= */
export const expiryReminderQuery = z.object({
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
})

/** One date of the reminder: how many records end that day (spec §3 "Expiry reminder"). */
export interface ExpiryGroup {
  /** start of the day (the viewer's midnight) */
  expiryDate: number
  expiryTotal: number
  /** days left rounded up; 0 means "today" */
  daysLeft: number
  today: boolean
}

/** Answer of the reminder; empty lists mean nothing to show. */
export interface ExpiryReminder {
  portIdList: number[]
  seatIdList: number[]
  portExpiryList: ExpiryGroup[]
  seatExpiryList: ExpiryGroup[]
  /** how many days ahead the reminder looks */
  reminderDays: number
}

/** POST /damai/customer/portSeatExpiry: "do not remind again" for these records until their end changes. */
export const expiryDismissBody = z.object({
  portIdList: z
    .array(id)
    .max(RECORD_IDS_MAX * 5, 'tooLong')
    .default([]),
  seatIdList: z
    .array(id)
    .max(RECORD_IDS_MAX * 5, 'tooLong')
    .default([]),
})
export type ExpiryDismissBody = z.infer<typeof expiryDismissBody>
