/** Role ids as the spec numbers them (§6). */
export const Role = {
  admin: 1,
  operations: 2,
  business: 3,
  customerMaster: 4,
  customerUser: 5,
  customerUserLeader: 6,
} as const
export type RoleId = (typeof Role)[keyof typeof Role]
export type RoleName = keyof typeof Role

export const ROLE_IDS: readonly RoleId[] = Object.values(Role)
export const roleName = (id: RoleId): RoleName =>
  (Object.keys(Role) as RoleName[]).find((k) => Role[k] === id) as RoleName
export const isRoleId = (v: unknown): v is RoleId => typeof v === 'number' && ROLE_IDS.includes(v as RoleId)

/** Platform staff: they belong to the platform tenant and reach tenant data only through admin endpoints. */
export const PLATFORM_ROLES: readonly RoleId[] = [Role.admin, Role.operations, Role.business]
/** People of a paying tenant. */
export const TENANT_ROLES: readonly RoleId[] = [
  Role.customerMaster,
  Role.customerUser,
  Role.customerUserLeader,
]
/** Agents: each occupies a seat. */
export const AGENT_ROLES: readonly RoleId[] = [Role.customerUser, Role.customerUserLeader]
/** Who may open the agent desk (spec §2 "Agent desk"). */
export const DESK_ROLES: readonly RoleId[] = [Role.customerMaster, Role.customerUser]
/** Every signed-in role. */
export const ALL_ROLES: readonly RoleId[] = ROLE_IDS
