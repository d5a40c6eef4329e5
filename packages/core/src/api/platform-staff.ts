import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint } from './contract.js'
import {
  addTestUserBody,
  PlatformPath,
  RiskStatus,
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
} from './platform.js'

/**
 * The platform's staff (operations and business users), the supervisors and their tenants: the
 * rows the admin pages show and the endpoints that list and change them.
 */

const int = z.number().int()
const flagOut = z.union([z.literal(0), z.literal(1)])

/** The tenant of a supervisor row. */
export const tenantBrief = z.object({
  tenantId: int,
  tenantName: z.string(),
  enterpriseAccount: z.string(),
  validStartDate: int.nullable(),
  validEndDate: int.nullable(),
  vipActive: z.boolean(),
  /** whole days until the VIP ends (rounded up), 0 when it ended */
  vipDaysLeft: int,
  riskStatus: z.union([z.literal(RiskStatus.normal), z.literal(RiskStatus.underControl)]),
  specialChannel: flagOut,
  test: flagOut,
  sellerId: int.nullable(),
  sellerName: z.string().nullable(),
})
export type TenantBrief = z.infer<typeof tenantBrief>

/** A row of POST /damai/admin/user/query. */
export const adminUserView = z.object({
  id: int,
  username: z.string(),
  nickname: z.string(),
  roleId: int,
  status: int,
  /** business: their operations user */
  parentId: int.nullable(),
  parentName: z.string().nullable(),
  /** operations: business users under them */
  salespersonCount: int,
  /** staff: tenants they sell (supervisors) */
  tenantCount: int,
  /** supervisors only */
  tenant: tenantBrief.nullable(),
  createdAt: int,
  /** what the caller may do on this row */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    resetPassword: z.boolean(),
    changeStatus: z.boolean(),
  }),
})
export type AdminUserView = z.infer<typeof adminUserView>

export const validDateRange = z.object({ validStartDate: int.nullable(), validEndDate: int.nullable() })
export type ValidDateRange = z.infer<typeof validDateRange>

export const sellerOption = z.object({ id: int, username: z.string(), nickname: z.string(), roleId: int })
export type SellerOption = z.infer<typeof sellerOption>

/** Answer of user/create and addTestUser. */
export const userCreated = z.object({ id: int, tenantId: int.nullable() })
export type UserCreated = z.infer<typeof userCreated>

/** Ports or seats of a tenant: active records, those holding an account or agent, those ending within 7 days. */
export const slotCounts = z.object({ bought: int, used: int, expiringSoon: int })
export type SlotCounts = z.infer<typeof slotCounts>

export const tenantView = tenantBrief.extend({
  masterUserId: int,
  masterUsername: z.string(),
  masterNickname: z.string(),
  status: int,
  ports: slotCounts,
  seats: slotCounts,
  /** linked WS accounts online now, and all of the tenant's */
  accounts: z.object({ online: int, total: int }),
  createdAt: int,
})
export type TenantView = z.infer<typeof tenantView>

// ---- endpoints: staff, supervisors and their tenants ----

/** Everyone of the platform's staff reaches these; the services narrow each action to the users and tenants the caller may touch. */
const staff = { roles: Access.platform, tags: ['platform'] } as const
const P = PlatformPath

export const platformEndpoints = {
  userCreate: endpoint({
    ...staff,
    method: 'POST',
    path: P.userCreate,
    summary: 'Create an operations (2) or business (3) user, or a supervisor (4) with a new tenant',
    body: userCreateBody,
    response: userCreated,
  }),
  userAddTestUser: endpoint({
    ...staff,
    method: 'POST',
    path: P.userAddTestUser,
    summary: "A trial tenant with the seller's trial quota and length",
    body: addTestUserBody,
    response: userCreated,
  }),
  userQuery: endpoint({
    ...staff,
    method: 'POST',
    path: P.userQuery,
    summary: "One role's users the caller may see, newest first",
    body: userQueryBody,
    response: pageOf(adminUserView),
  }),
  userUpdateStatus: endpoint({
    ...staff,
    method: 'PUT',
    path: P.userUpdateStatus,
    summary: 'Enable or disable a user (a supervisor: the whole tenant)',
    body: userStatusBody,
    response: z.null(),
  }),
  userUpdateRiskStatus: endpoint({
    ...staff,
    method: 'PUT',
    path: P.userUpdateRiskStatus,
    summary: "Put a supervisor's tenant under risk control (1) or release it (0)",
    body: userRiskStatusBody,
    response: z.null(),
  }),
  userUpdateSpecialChannel: endpoint({
    ...staff,
    method: 'PUT',
    path: P.userUpdateSpecialChannel,
    summary: "Grant (1) or withdraw (0) a supervisor's tenant the special channel",
    body: userSpecialChannelBody,
    response: z.null(),
  }),
  userUpdateDetails: endpoint({
    ...staff,
    method: 'PUT',
    path: P.userUpdateDetails,
    summary:
      "A user's nickname; a salesperson's operations user; a supervisor's tenant, VIP dates and seller",
    body: userDetailsBody,
    response: z.null(),
  }),
  userUpdatePassword: endpoint({
    ...staff,
    method: 'PUT',
    path: P.userUpdatePassword,
    summary: "Reset a user's password; signs them out",
    body: userPasswordBody,
    response: z.null(),
  }),
  userDelete: endpoint({
    ...staff,
    method: 'DELETE',
    path: P.userDelete,
    summary: 'Delete an operations or business user who sells no tenant and has no salespeople',
    query: userIdQuery,
    response: z.null(),
  }),
  userValidDateRange: endpoint({
    ...staff,
    method: 'GET',
    path: P.userValidDateRange,
    summary: "A supervisor's VIP start and end",
    params: userIdParams,
    response: validDateRange,
  }),
  sellerOptions: endpoint({
    ...staff,
    method: 'GET',
    path: P.sellerOptions,
    summary: 'The sellers the caller may credit a tenant or an order to',
    response: z.array(sellerOption),
  }),
  tenantQuery: endpoint({
    ...staff,
    method: 'POST',
    path: P.tenantQuery,
    summary: "The caller's tenants with ports, seats, numbers and VIP",
    body: tenantQueryBody,
    response: pageOf(tenantView),
  }),
}
