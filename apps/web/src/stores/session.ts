import { type CurrentUser, Role, type RoleId, type RoleName } from '@app/core'
import { create } from 'zustand'
import * as storage from '../utils/storage'

const isRoleName = (v: string): v is RoleName => Object.hasOwn(Role, v)

/** Role ids of a profile's role names (strings like 'customerMaster'); unknown names are ignored. */
export function rolesOf(user: Pick<CurrentUser, 'roles' | 'roleId'>): RoleId[] {
  const fromNames = user.roles.filter(isRoleName).map((name) => Role[name])
  return [...new Set(fromNames)]
}

export interface SessionState {
  token: string | undefined
  tenantId: number | undefined
  user: CurrentUser | null
  /** Empty until the profile is loaded: the navigation guard loads it then. */
  roles: RoleId[]
  /** Keep the token (and tenant) of a fresh sign-in together with its profile, in one update. */
  signedIn(token: string, user: CurrentUser): void
  setTenantId(id: number): void
  clearTenantId(): void
  /** Throws when the profile has no known role (spec §8: roles must be a non-empty array). */
  setProfile(user: CurrentUser): void
  /** Forget the token, tenant and profile (logout, expiry, password change). */
  clear(): void
}

export class NoRolesError extends Error {
  constructor() {
    super('roles must be a non-empty array')
  }
}

export const useSession = create<SessionState>()((set) => ({
  token: storage.getToken(),
  tenantId: storage.getTenantId(),
  user: null,
  roles: [],
  signedIn(token, user) {
    const roles = rolesOf(user)
    if (roles.length === 0) throw new NoRolesError()
    if (user.tenantId) storage.setTenantId(user.tenantId)
    set({ token, user, roles, tenantId: user.tenantId || storage.getTenantId() })
  },
  setTenantId(id) {
    storage.setTenantId(id)
    set({ tenantId: id })
  },
  clearTenantId() {
    storage.removeTenantId()
    set({ tenantId: undefined })
  },
  setProfile(user) {
    const roles = rolesOf(user)
    if (roles.length === 0) throw new NoRolesError()
    if (user.tenantId) storage.setTenantId(user.tenantId)
    set({ user, roles, tenantId: user.tenantId || storage.getTenantId() })
  },
  clear() {
    storage.removeToken()
    storage.removeTenantId()
    set({ token: undefined, tenantId: undefined, user: null, roles: [] })
  },
}))

export const hasAnyRole = (held: readonly RoleId[], wanted: readonly RoleId[]): boolean =>
  wanted.some((r) => held.includes(r))

export const useIsCustomerMaster = (): boolean => useSession((s) => s.roles.includes(Role.customerMaster))
