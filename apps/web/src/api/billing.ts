import {
  billingEndpoints as api,
  type ExpiryDismissBody,
  type MyOrderQueryBody,
  type MyRecordQueryBody,
  type OrderCreateBody,
  type OrderExportBody,
  type OrderKindValue,
  type OrderQueryBody,
  type OrderStatisticsBody,
  type RecordChangeQueryBody,
  type RecordMergeBody,
  type RecordQueryBody,
  type RecordRefundBody,
  type RecordRenewalBody,
  type RenewalRequestBody,
} from '@app/core'
import { call } from './client'
import { downloadEndpoint } from './download'
import { backgroundCall } from './request'

export const queryOrders = (body: OrderQueryBody) => call(api.orderQuery, body)

export const createOrder = (kind: OrderKindValue, body: OrderCreateBody) =>
  call(api.records[kind].create, body)

export const queryRecords = (kind: OrderKindValue, body: RecordQueryBody) =>
  call(api.records[kind].query, body)

export const renewRecords = (kind: OrderKindValue, body: RecordRenewalBody) =>
  call(api.records[kind].renewal, body)

export const refundRecords = (kind: OrderKindValue, body: RecordRefundBody) =>
  call(api.records[kind].refund, body)

export const mergeRecords = (kind: OrderKindValue, targetId: number, body: RecordMergeBody) =>
  call(api.records[kind].merge, { id: targetId, ...body })

export const queryRecordChanges = (body: RecordChangeQueryBody) => call(api.recordChangeQuery, body)

export const exportOrders = (body: OrderExportBody, fileName: string) =>
  downloadEndpoint(api.orderExport, body, fileName)

/** The supervisor's own orders and records. */
export const queryMyOrders = (body: MyOrderQueryBody) => call(api.myOrderQuery, body)

export const queryMyPorts = (body: MyRecordQueryBody) => call(api.myPortQuery, body)

export const queryMySeats = (body: MyRecordQueryBody) => call(api.mySeatQuery, body)

export const requestRenewal = (body: RenewalRequestBody) => call(api.renewalRequestCreate, body)

/** The expiry reminder on entry: fetched once after sign-in, so no toast when it fails. */
export const expiryReminder = () =>
  call(api.expiryReminder, { utcOffsetMinutes: -new Date().getTimezoneOffset() }, backgroundCall)

export const dismissExpiry = (body: ExpiryDismissBody) => call(api.expiryDismiss, body)

/** /orderStatistics/index: revenue and quantities by day, seller and kind over [from, to). */
export const orderStatistics = (body: OrderStatisticsBody) => call(api.orderStatistics, body)
