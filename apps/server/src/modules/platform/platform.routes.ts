import {
  Access,
  addTestUserBody,
  PlatformPath as P,
  tenantQueryBody,
  userCreateBody,
  userDetailsBody,
  userIdParams,
  userIdQuery,
  userPasswordBody,
  userQueryBody,
  userRiskStatusBody,
  userSpecialChannelBody,
  userStatusBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { StaffService } from './staff.service.js'
import type { TenantsService } from './tenants.service.js'

/** Everyone of the platform's staff reaches these; the services narrow each action to the users and tenants the caller may touch. */
const STAFF = Access.platform
const tags = ['platform']

/** Operations and business users, supervisors and their tenants (the spec's admin user paths). */
export function platformRoutes(app: FastifyInstance, staff: StaffService, tenants: TenantsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    P.userCreate,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Create an operations (2) or business (3) user, or a supervisor (4) with a new tenant',
        body: userCreateBody,
      },
    },
    async (req) => ok(await staff.create(callerOf(req), req.body)),
  )
  r.post(
    P.userAddTestUser,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "A trial tenant with the seller's trial quota and length",
        body: addTestUserBody,
      },
    },
    async (req) => ok(await tenants.create(callerOf(req), req.body, true)),
  )
  r.post(
    P.userQuery,
    {
      config: { roles: STAFF },
      schema: { tags, summary: "One role's users the caller may see, newest first", body: userQueryBody },
    },
    async (req) => ok(await staff.query(callerOf(req), req.body)),
  )
  r.put(
    P.userUpdateStatus,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Enable or disable a user (a supervisor: the whole tenant)',
        body: userStatusBody,
      },
    },
    async (req) => {
      await staff.setStatus(callerOf(req), req.body.id, req.body.status)
      return ok(null)
    },
  )
  r.put(
    P.userUpdateRiskStatus,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "Put a supervisor's tenant under risk control (1) or release it (0)",
        body: userRiskStatusBody,
      },
    },
    async (req) => {
      await tenants.setRiskStatus(callerOf(req), req.body.id, req.body.riskStatus)
      return ok(null)
    },
  )
  r.put(
    P.userUpdateSpecialChannel,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "Grant (1) or withdraw (0) a supervisor's tenant the special channel",
        body: userSpecialChannelBody,
      },
    },
    async (req) => {
      await tenants.setSpecialChannel(callerOf(req), req.body.id, req.body.specialChannel)
      return ok(null)
    },
  )
  r.put(
    P.userUpdateDetails,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary:
          "A user's nickname; a salesperson's operations user; a supervisor's tenant, VIP dates and seller",
        body: userDetailsBody,
      },
    },
    async (req) => {
      await staff.updateDetails(callerOf(req), req.body)
      return ok(null)
    },
  )
  r.put(
    P.userUpdatePassword,
    {
      config: { roles: STAFF },
      schema: { tags, summary: "Reset a user's password; signs them out", body: userPasswordBody },
    },
    async (req) => {
      await staff.resetPassword(callerOf(req), req.body.userId, req.body.password)
      return ok(null)
    },
  )
  r.delete(
    P.userDelete,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: 'Delete an operations or business user who sells no tenant and has no salespeople',
        querystring: userIdQuery,
      },
    },
    async (req) => {
      await staff.remove(callerOf(req), req.query.id)
      return ok(null)
    },
  )
  r.get(
    P.userValidDateRange,
    {
      config: { roles: STAFF },
      schema: { tags, summary: "A supervisor's VIP start and end", params: userIdParams },
    },
    async (req) => ok(await tenants.validDateRange(callerOf(req), req.params.id)),
  )
  r.get(
    P.sellerOptions,
    {
      config: { roles: STAFF },
      schema: { tags, summary: 'The sellers the caller may credit a tenant or an order to' },
    },
    async (req) => ok(await staff.sellerOptions(callerOf(req))),
  )
  r.post(
    P.tenantQuery,
    {
      config: { roles: STAFF },
      schema: {
        tags,
        summary: "The caller's tenants with ports, seats, numbers and VIP",
        body: tenantQueryBody,
      },
    },
    async (req) => ok(await tenants.tenantPage(callerOf(req), req.body)),
  )
}
