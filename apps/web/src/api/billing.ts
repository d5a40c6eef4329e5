import {
  BillingPath as B,
  type ExpiryDismissBody,
  type ExpiryReminder,
  type MyOrderQueryBody,
  type MyOrderView,
  type MyPortRecordView,
  type MyRecordQueryBody,
  type MySeatRecordView,
  type OrderCreateBody,
  type OrderExportBody,
  type OrderKindValue,
  type OrderQueryBody,
  type OrderResult,
  type OrderStatistics,
  type OrderStatisticsBody,
  type OrderView,
  type Page,
  type RecordChangeQueryBody,
  type RecordChangeView,
  type RecordMergeBody,
  type RecordQueryBody,
  type RecordRefundBody,
  type RecordRenewalBody,
  type RecordView,
  type RenewalRequestBody,
} from '@app/core'
import { downloadFile } from './download'
import { backgroundCall, dataOf, http } from './request'

/** The paths of one kind of record: ports under userPort, seats under customerSeats (spec §7). */
const paths = (kind: OrderKindValue) =>
  kind === 'port'
    ? {
        query: B.portQuery,
        create: B.portCreate,
        renewal: B.portRenewal,
        refund: B.portRefund,
        merge: B.portMerge,
      }
    : {
        query: B.seatQuery,
        create: B.seatCreate,
        renewal: B.seatRenewal,
        refund: B.seatRefund,
        merge: B.seatMerge,
      }

export const queryOrders = (body: OrderQueryBody) => dataOf(http.post<Page<OrderView>>(B.orderQuery, body))

export const createOrder = (kind: OrderKindValue, body: OrderCreateBody) =>
  dataOf(http.post<OrderResult>(paths(kind).create, body))

export const queryRecords = (kind: OrderKindValue, body: RecordQueryBody) =>
  dataOf(http.post<Page<RecordView>>(paths(kind).query, body))

export const renewRecords = (kind: OrderKindValue, body: RecordRenewalBody) =>
  dataOf(http.put<OrderResult>(paths(kind).renewal, body))

export const refundRecords = (kind: OrderKindValue, body: RecordRefundBody) =>
  dataOf(http.put<OrderResult>(paths(kind).refund, body))

export const mergeRecords = (kind: OrderKindValue, targetId: number, body: RecordMergeBody) =>
  dataOf(http.put<OrderResult>(paths(kind).merge.replace(':id', String(targetId)), body))

export const queryRecordChanges = (body: RecordChangeQueryBody) =>
  dataOf(http.post<Page<RecordChangeView>>(B.recordChangeQuery, body))

export const exportOrders = (body: OrderExportBody, fileName: string) =>
  downloadFile('post', B.orderExport, body, fileName)

/** The supervisor's own orders and records. */
export const queryMyOrders = (body: MyOrderQueryBody) =>
  dataOf(http.post<Page<MyOrderView>>(B.myOrderQuery, body))

export const queryMyPorts = (body: MyRecordQueryBody) =>
  dataOf(http.post<Page<MyPortRecordView>>(B.myPortQuery, body))

export const queryMySeats = (body: MyRecordQueryBody) =>
  dataOf(http.post<Page<MySeatRecordView>>(B.mySeatQuery, body))

export const requestRenewal = (body: RenewalRequestBody) =>
  dataOf(http.post<null>(B.renewalRequestCreate, body))

/** The expiry reminder on entry: fetched once after sign-in, so no toast when it fails. */
export const expiryReminder = () =>
  dataOf(
    http.get<ExpiryReminder>(
      B.expiryReminder,
      { utcOffsetMinutes: -new Date().getTimezoneOffset() },
      backgroundCall,
    ),
  )

export const dismissExpiry = (body: ExpiryDismissBody) => dataOf(http.post<null>(B.expiryDismiss, body))

/** /orderStatistics/index: revenue and quantities by day, seller and kind over [from, to). */
export const orderStatistics = (body: OrderStatisticsBody) =>
  dataOf(http.post<OrderStatistics>(B.orderStatistics, body))
