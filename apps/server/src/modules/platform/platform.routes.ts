import { platformEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { StaffService } from './staff.service.js'
import type { TenantsService } from './tenants.service.js'

/** Operations and business users, supervisors and their tenants (the spec's admin user paths). */
export function platformRoutes(app: FastifyInstance, staff: StaffService, tenants: TenantsService): void {
  route(app, api.userCreate, async (req) => ok(await staff.create(callerOf(req), req.body)))
  route(app, api.userAddTestUser, async (req) => ok(await tenants.create(callerOf(req), req.body, true)))
  route(app, api.userQuery, async (req) => ok(await staff.query(callerOf(req), req.body)))
  route(app, api.userUpdateStatus, async (req) => {
    await staff.setStatus(callerOf(req), req.body.id, req.body.status)
    return ok(null)
  })
  route(app, api.userUpdateRiskStatus, async (req) => {
    await tenants.setRiskStatus(callerOf(req), req.body.id, req.body.riskStatus)
    return ok(null)
  })
  route(app, api.userUpdateSpecialChannel, async (req) => {
    await tenants.setSpecialChannel(callerOf(req), req.body.id, req.body.specialChannel)
    return ok(null)
  })
  route(app, api.userUpdateDetails, async (req) => {
    await staff.updateDetails(callerOf(req), req.body)
    return ok(null)
  })
  route(app, api.userUpdatePassword, async (req) => {
    await staff.resetPassword(callerOf(req), req.body.userId, req.body.password)
    return ok(null)
  })
  route(app, api.userDelete, async (req) => {
    await staff.remove(callerOf(req), req.query.id)
    return ok(null)
  })
  route(app, api.userValidDateRange, async (req) =>
    ok(await tenants.validDateRange(callerOf(req), req.params.id)),
  )
  route(app, api.sellerOptions, async (req) => ok(await staff.sellerOptions(callerOf(req))))
  route(app, api.tenantQuery, async (req) => ok(await tenants.tenantPage(callerOf(req), req.body)))
}
