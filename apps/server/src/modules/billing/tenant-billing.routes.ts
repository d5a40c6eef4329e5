import { billingEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { TenantBillingService } from './tenant-billing.service.js'

/** The supervisor's /myOrder, /portRecord, /seatRecord/index and the expiry reminder on entry. */
export function tenantBillingRoutes(app: FastifyInstance, billing: TenantBillingService): void {
  route(app, api.myOrderQuery, async (req) => ok(await billing.myOrders(callerOf(req), req.body)))
  route(app, api.myPortQuery, async (req) => ok(await billing.myPorts(callerOf(req), req.body)))
  route(app, api.mySeatQuery, async (req) => ok(await billing.mySeats(callerOf(req), req.body)))
  route(app, api.expiryReminder, async (req) =>
    ok(await billing.reminder(callerOf(req), req.query.utcOffsetMinutes)),
  )
  route(app, api.expiryDismiss, async (req) => {
    await billing.dismiss(callerOf(req), req.body)
    return ok(null)
  })
  route(app, api.renewalRequestCreate, async (req) =>
    ok(await billing.requestRenewal(callerOf(req), req.body)),
  )
}
