import { z } from 'zod'
import { days, id, ids, int, kindOf, pageNo, pageSize, recordStatusOf } from './billing.fields.js'
import { ORDER_KINDS, ORDER_TYPES, RECORD_IDS_MAX, RECORD_STATUSES, RENEWAL_NOTE_MAX } from './billing.js'

/**
 * Billing as the tenant's supervisor sees it: their orders (/myOrder), port and seat records
 * (/portRecord, /seatRecord/index), their ports with the accounts on them, renewal requests to
 * their seller and the expiry reminder on entry.
 */

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
export const myOrderView = z.object({
  id: int,
  kind: kindOf,
  type: z.enum(ORDER_TYPES),
  quantity: int,
  days: int,
  amount: int,
  sellerName: z.string().nullable(),
  remark: z.string(),
  createdAt: int,
})
export type MyOrderView = z.infer<typeof myOrderView>

export const myPortRecordView = z.object({
  id: int,
  startsAt: int,
  expiresAt: int,
  daysLeft: int,
  status: recordStatusOf,
  accountId: int.nullable(),
  phone: z.string().nullable(),
  /** the bound account's status (offline, online…) */
  accountStatus: z.string().nullable(),
})
export type MyPortRecordView = z.infer<typeof myPortRecordView>

export const mySeatRecordView = z.object({
  id: int,
  startsAt: int,
  expiresAt: int,
  daysLeft: int,
  status: recordStatusOf,
  userId: int.nullable(),
  agentName: z.string().nullable(),
})
export type MySeatRecordView = z.infer<typeof mySeatRecordView>

/** GET /damai/customer/portSeatExpiry/expiration?utcOffsetMinutes= */
export const expiryReminderQuery = z.object({
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
})

/** One date of the reminder: how many records end that day (spec §3 "Expiry reminder"). */
export const expiryGroup = z.object({
  /** start of the day (the viewer's midnight) */
  expiryDate: int,
  expiryTotal: int,
  /** days left rounded up; 0 means "today" */
  daysLeft: int,
  today: z.boolean(),
})
export type ExpiryGroup = z.infer<typeof expiryGroup>

/** Answer of the reminder; empty lists mean nothing to show. */
export const expiryReminder = z.object({
  portIdList: z.array(int),
  seatIdList: z.array(int),
  portExpiryList: z.array(expiryGroup),
  seatExpiryList: z.array(expiryGroup),
  /** how many days ahead the reminder looks */
  reminderDays: int,
})
export type ExpiryReminder = z.infer<typeof expiryReminder>

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

// ---- the tenant's ports (the accounts page's port usage) ----

/** POST /damai/customer/port/page */
export const portPageBody = z.object({ pageNo, pageSize })

/** A port of the tenant and the account on it. */
export const portView = z.object({
  id: int,
  expiresAt: int,
  expired: z.boolean(),
  accountId: int.nullable(),
  phone: z.string().nullable(),
  createdAt: int,
})
export type PortView = z.infer<typeof portView>
