import { z } from 'zod'
import {
  amount,
  days,
  epochMs,
  id,
  ids,
  int,
  kindOf,
  pageNo,
  pageSize,
  recordStatusOf,
  remark,
  utcOffsetMinutes,
} from './billing.fields.js'
import {
  ORDER_DAYS_MAX,
  ORDER_KINDS,
  ORDER_QUANTITY_MAX,
  ORDER_TYPES,
  RECORD_STATUSES,
  RecordAction,
  type RecordActionValue,
  RenewalRequestStatus,
} from './billing.js'

/**
 * Billing on the platform's side (/orderManage, /orderStatistics): orders of ports and seats,
 * renewal, refund and merge of their records, the record changes, order statistics and export,
 * and the renewal requests tenants send. The tenant's own side is in billing.tenant.ts.
 */

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

export const orderView = z.object({
  id: int,
  tenantId: int,
  tenantName: z.string(),
  enterpriseAccount: z.string(),
  kind: kindOf,
  type: z.enum(ORDER_TYPES),
  /** records bought, renewed or refunded */
  quantity: int,
  /** days bought or added; days taken back by a shortening refund; 0 for a refund that ends records now */
  days: int,
  /** cents; a refund's amount is what was given back */
  amount: int,
  sellerId: int.nullable(),
  sellerName: z.string().nullable(),
  operatorId: int,
  operatorName: z.string(),
  remark: z.string(),
  recordIds: z.array(int),
  createdAt: int,
})
export type OrderView = z.infer<typeof orderView>

export const recordView = z.object({
  id: int,
  kind: kindOf,
  tenantId: int,
  tenantName: z.string(),
  enterpriseAccount: z.string(),
  orderId: int.nullable(),
  startsAt: int,
  expiresAt: int,
  status: recordStatusOf,
  daysLeft: int,
  /** the WS account (port) or agent (seat) holding it */
  holderId: int.nullable(),
  /** the account's phone, or the agent's name */
  holderName: z.string().nullable(),
  /** cents paid for this record (its share of orders and renewals, merges included) and refunded */
  paid: int,
  refunded: int,
  createdAt: int,
})
export type RecordView = z.infer<typeof recordView>

export const recordSnapshot = z.object({
  startsAt: int,
  expiresAt: int,
  status: recordStatusOf,
  holderId: int.nullable(),
})
export type RecordSnapshot = z.infer<typeof recordSnapshot>

export const recordChangeView = z.object({
  id: int,
  kind: kindOf,
  recordId: int,
  tenantId: int,
  tenantName: z.string(),
  action: z.enum(Object.values(RecordAction) as [RecordActionValue, ...RecordActionValue[]]),
  orderId: int.nullable(),
  /** the other record of a merge */
  relatedRecordId: int.nullable(),
  operatorId: int,
  operatorName: z.string(),
  before: recordSnapshot.nullable(),
  after: recordSnapshot,
  remark: z.string(),
  createdAt: int,
})
export type RecordChangeView = z.infer<typeof recordChangeView>

/**
 * Answer of an order, renewal or refund: the order row made, with the records it touched (no
 * order row when the records were only looked up again).
 */
export const orderResult = z.object({ order: orderView.nullable(), records: z.array(recordView) })
export type OrderResult = z.infer<typeof orderResult>

export const statLine = z.object({
  newAmount: int,
  newQuantity: int,
  renewalAmount: int,
  renewalQuantity: int,
  refundAmount: int,
  refundQuantity: int,
  /** new + renewal − refund, in cents */
  netAmount: int,
})
export type StatLine = z.infer<typeof statLine>

export const orderStatistics = z.object({
  totals: statLine,
  /** every day of the range, empty days included; `date` is the day's start */
  byDay: z.array(statLine.extend({ date: int })),
  bySeller: z.array(statLine.extend({ sellerId: int.nullable(), sellerName: z.string().nullable() })),
  byKind: z.array(statLine.extend({ kind: kindOf })),
})
export type OrderStatistics = z.infer<typeof orderStatistics>

export const renewalRequestView = z.object({
  id: int,
  tenantId: int,
  tenantName: z.string(),
  enterpriseAccount: z.string(),
  kind: kindOf,
  recordIds: z.array(int),
  days: int,
  note: z.string(),
  requestedBy: int,
  requestedByName: z.string(),
  status: z.enum([RenewalRequestStatus.open, RenewalRequestStatus.handled]),
  handledBy: int.nullable(),
  handledAt: int.nullable(),
  createdAt: int,
})
export type RenewalRequestView = z.infer<typeof renewalRequestView>

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
