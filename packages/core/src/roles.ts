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
