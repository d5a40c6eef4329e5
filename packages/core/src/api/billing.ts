/**
 * Billing: orders of ports and seats, the records they make (one port or seat each), renewal,
 * refund and merge of records with every change kept, order statistics and export, and the
 * tenant's own orders, records and expiry reminder. Money is in integer cents (分); times epoch ms.
 *
 * This file holds the paths, limits, enums and the rules both sides share; the requests and
 * views are in billing.operations.ts (the platform's side) and billing.tenant.ts (the tenant's
 * own), the endpoint contracts in billing.endpoints.ts.
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
