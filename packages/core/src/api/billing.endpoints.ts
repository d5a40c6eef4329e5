import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { int } from './billing.fields.js'
import { BillingPath } from './billing.js'
import {
  orderCreateBody,
  orderExportBody,
  orderQueryBody,
  orderResult,
  orderStatistics,
  orderStatisticsBody,
  orderView,
  recordChangeQueryBody,
  recordChangeView,
  recordIdParams,
  recordMergeBody,
  recordQueryBody,
  recordRefundBody,
  recordRenewalBody,
  recordView,
  renewalRequestHandleBody,
  renewalRequestQueryBody,
  renewalRequestView,
} from './billing.operations.js'
import {
  expiryDismissBody,
  expiryReminder,
  expiryReminderQuery,
  myOrderQueryBody,
  myOrderView,
  myPortRecordView,
  myRecordQueryBody,
  mySeatRecordView,
  portPageBody,
  portView,
  renewalRequestBody,
} from './billing.tenant.js'
import { endpoint, fileResponse } from './contract.js'

/** /orderManage: operations, and business for their own tenants; admin sees every tenant. */
const sales = { roles: Access.platform, tags: ['billing'] } as const
/** The supervisor's /myOrder, /portRecord, /seatRecord/index and the expiry reminder on entry. */
const master = { roles: Access.master, tags: ['billing (tenant)'] } as const

/** The five record endpoints of one kind: ports under userPort, seats under customerSeats (spec §7). */
const recordEndpointsOf = (
  what: 'ports' | 'seats',
  paths: { query: string; create: string; renewal: string; refund: string; merge: string },
) => ({
  query: endpoint({
    ...sales,
    method: 'POST',
    path: paths.query,
    summary: `Records of ${what}, soonest end first`,
    body: recordQueryBody,
    response: pageOf(recordView),
  }),
  create: endpoint({
    ...sales,
    method: 'POST',
    path: paths.create,
    summary: `An order of ${what}: its records start now`,
    body: orderCreateBody,
    response: orderResult,
  }),
  renewal: endpoint({
    ...sales,
    method: 'PUT',
    path: paths.renewal,
    summary: `Extend ${what} by N days`,
    body: recordRenewalBody,
    response: orderResult,
  }),
  refund: endpoint({
    ...sales,
    method: 'PUT',
    path: paths.refund,
    summary: `Refund ${what}: end them now or shorten them`,
    body: recordRefundBody,
    response: orderResult,
  }),
  merge: endpoint({
    ...sales,
    method: 'PUT',
    path: paths.merge,
    summary: `Move the remaining time of ${what} into record {id}`,
    params: recordIdParams,
    body: recordMergeBody,
    response: orderResult,
  }),
})

const B = BillingPath

export const billingEndpoints = {
  /** by kind: `port` and `seat` */
  records: {
    port: recordEndpointsOf('ports', {
      query: B.portQuery,
      create: B.portCreate,
      renewal: B.portRenewal,
      refund: B.portRefund,
      merge: B.portMerge,
    }),
    seat: recordEndpointsOf('seats', {
      query: B.seatQuery,
      create: B.seatCreate,
      renewal: B.seatRenewal,
      refund: B.seatRefund,
      merge: B.seatMerge,
    }),
  },
  orderQuery: endpoint({
    ...sales,
    method: 'POST',
    path: B.orderQuery,
    summary: 'Orders of my tenants, newest first',
    body: orderQueryBody,
    response: pageOf(orderView),
  }),
  orderExport: endpoint({
    ...sales,
    method: 'POST',
    path: B.orderExport,
    summary: 'The filtered orders as an XLSX file',
    body: orderExportBody,
    response: fileResponse,
  }),
  recordChangeQuery: endpoint({
    ...sales,
    method: 'POST',
    path: B.recordChangeQuery,
    summary: 'Who changed which record, when, before and after',
    body: recordChangeQueryBody,
    response: pageOf(recordChangeView),
  }),
  /** /orderStatistics/index */
  orderStatistics: endpoint({
    roles: Access.platformLeads,
    tags: ['billing'],
    method: 'POST',
    path: B.orderStatistics,
    summary: 'Revenue and quantities by day, seller and kind',
    body: orderStatisticsBody,
    response: orderStatistics,
  }),
  renewalRequestQuery: endpoint({
    ...sales,
    method: 'POST',
    path: B.renewalRequestQuery,
    summary: 'Renewal requests of my tenants',
    body: renewalRequestQueryBody,
    response: pageOf(renewalRequestView),
  }),
  renewalRequestHandle: endpoint({
    ...sales,
    method: 'PUT',
    path: B.renewalRequestHandle,
    summary: 'Mark a renewal request handled',
    body: renewalRequestHandleBody,
    response: z.null(),
  }),
  myOrderQuery: endpoint({
    ...master,
    method: 'POST',
    path: B.myOrderQuery,
    summary: 'My orders, newest first',
    body: myOrderQueryBody,
    response: pageOf(myOrderView),
  }),
  myPortQuery: endpoint({
    ...master,
    method: 'POST',
    path: B.myPortQuery,
    summary: 'My ports: end, days left, status, account',
    body: myRecordQueryBody,
    response: pageOf(myPortRecordView),
  }),
  mySeatQuery: endpoint({
    ...master,
    method: 'POST',
    path: B.mySeatQuery,
    summary: 'My seats: end, days left, status, agent',
    body: myRecordQueryBody,
    response: pageOf(mySeatRecordView),
  }),
  expiryReminder: endpoint({
    ...master,
    method: 'GET',
    path: B.expiryReminder,
    summary: 'Ports and seats ending soon, grouped by day',
    query: expiryReminderQuery,
    response: expiryReminder,
  }),
  expiryDismiss: endpoint({
    ...master,
    method: 'POST',
    path: B.expiryDismiss,
    summary: 'Do not remind again of these records',
    body: expiryDismissBody,
    response: z.null(),
  }),
  renewalRequestCreate: endpoint({
    ...master,
    method: 'POST',
    path: B.renewalRequestCreate,
    summary: 'Ask my seller to renew records (a note, not a payment)',
    body: renewalRequestBody,
    response: z.object({ id: int }),
  }),
}

/** Selling and renewing ports is the admin side; the supervisor reads their own. */
export const portEndpoints = {
  page: endpoint({
    roles: Access.master,
    tags: ['port'],
    method: 'POST',
    path: '/damai/customer/port/page',
    summary: 'My ports and the accounts on them',
    body: portPageBody,
    response: pageOf(portView),
  }),
}
