import { ROLE_IDS, Role, type RoleId } from './roles.js'

/**
 * Who may reach each area of the product: one named role list per area, used by the server's
 * route gate, the web route table and the `<Access roles>` wrapper, so both sides agree. The
 * areas follow the spec's route lists and product-decisions "Who uses it".
 */
export const Access = {
  /** Every signed-in role: home, profile, the enabled announcements. */
  all: ROLE_IDS,
  /** The platform's staff; they reach tenant data only through admin endpoints. */
  platform: [Role.admin, Role.operations, Role.business],
  /** The platform admin's pages: operations users, announcements, nurturing, system. */
  platformAdmin: [Role.admin],
  /** Sales operations: order statistics, business users, supervisors, configuration. */
  operations: [Role.operations],
  /** The platform's leads: the admin sees everything operations sees (statistics, price list). */
  platformLeads: [Role.admin, Role.operations],
  /** Customers and orders: operations, and a business user for their own. */
  sales: [Role.operations, Role.business],
  /** The paying tenant's people. */
  tenant: [Role.customerMaster, Role.customerUser, Role.customerUserLeader],
  /** The tenant's supervisor: everything of the tenant. */
  master: [Role.customerMaster],
  /** Agents: each occupies a seat. */
  agents: [Role.customerUser, Role.customerUserLeader],
  /**
   * Who may open and act at the agent desk, and read or change what it works with: sessions,
   * messages, groups, labels, materials, translation. The team lead is not one of them: it reads
   * the chat history and home only.
   */
  desk: [Role.customerMaster, Role.customerUser],
  /** The tenant's chat history, read-only: the supervisor and the team lead. */
  chatHistory: [Role.customerMaster, Role.customerUserLeader],
  /** The file of a chat message: the desk's roles, and the team lead for the messages the chat history shows. */
  chatMedia: [Role.customerMaster, Role.customerUser, Role.customerUserLeader],
} as const satisfies Record<string, readonly RoleId[]>

export type AccessArea = keyof typeof Access

/** Platform staff: they belong to the platform tenant and reach tenant data only through admin endpoints. */
export const PLATFORM_ROLES: readonly RoleId[] = Access.platform
/** People of a paying tenant. */
export const TENANT_ROLES: readonly RoleId[] = Access.tenant
/** Agents: each occupies a seat. */
export const AGENT_ROLES: readonly RoleId[] = Access.agents
/** Who may open the agent desk. */
export const DESK_ROLES: readonly RoleId[] = Access.desk
/** Every signed-in role. */
export const ALL_ROLES: readonly RoleId[] = Access.all
