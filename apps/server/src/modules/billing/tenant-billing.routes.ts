import {
  Access,
  BillingPath as B,
  expiryDismissBody,
  expiryReminderQuery,
  myOrderQueryBody,
  myRecordQueryBody,
  renewalRequestBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { TenantBillingService } from './tenant-billing.service.js'

/** The supervisor's /myOrder, /portRecord, /seatRecord/index and the expiry reminder on entry. */
const MASTER = Access.master
const tags = ['billing (tenant)']

export function tenantBillingRoutes(app: FastifyInstance, billing: TenantBillingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    B.myOrderQuery,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'My orders, newest first', body: myOrderQueryBody },
    },
    async (req) => ok(await billing.myOrders(callerOf(req), req.body)),
  )
  r.post(
    B.myPortQuery,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'My ports: end, days left, status, account', body: myRecordQueryBody },
    },
    async (req) => ok(await billing.myPorts(callerOf(req), req.body)),
  )
  r.post(
    B.mySeatQuery,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'My seats: end, days left, status, agent', body: myRecordQueryBody },
    },
    async (req) => ok(await billing.mySeats(callerOf(req), req.body)),
  )
  r.get(
    B.expiryReminder,
    {
      config: { roles: MASTER },
      schema: {
        tags,
        summary: 'Ports and seats ending soon, grouped by day',
        querystring: expiryReminderQuery,
      },
    },
    async (req) => ok(await billing.reminder(callerOf(req), req.query.utcOffsetMinutes)),
  )
  r.post(
    B.expiryDismiss,
    {
      config: { roles: MASTER },
      schema: { tags, summary: 'Do not remind again of these records', body: expiryDismissBody },
    },
    async (req) => {
      await billing.dismiss(callerOf(req), req.body)
      return ok(null)
    },
  )
  r.post(
    B.renewalRequestCreate,
    {
      config: { roles: MASTER },
      schema: {
        tags,
        summary: 'Ask my seller to renew records (a note, not a payment)',
        body: renewalRequestBody,
      },
    },
    async (req) => ok(await billing.requestRenewal(callerOf(req), req.body)),
  )
}
