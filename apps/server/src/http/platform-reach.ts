import type { Caller } from './caller.js'
import { forbidden } from './errors.js'

declare const platformReachBrand: unique symbol

/**
 * The tenants a platform staff member (admin, operations, business) may read across: the tenants
 * their sellers sold, or every tenant (`tenantIds` null) for the admin. Request code spans tenants
 * only with one; it cannot be built by hand (its type carries a private brand), only by
 * `platformReach` from a platform caller, and only the platform's scope calls that (the structure
 * test checks it). It is never a `SystemScope`.
 */
export interface PlatformReach {
  readonly [platformReachBrand]: true
  /** the tenants the staff member sees; null: every tenant */
  readonly tenantIds: readonly number[] | null
}

/** The reach of a platform caller over the given tenants; a tenant's caller is refused. */
export function platformReach(caller: Caller, tenantIds: readonly number[] | null): PlatformReach {
  if (!caller.isPlatform) throw forbidden()
  return Object.freeze({
    tenantIds: tenantIds === null ? null : Object.freeze([...tenantIds]),
  }) as unknown as PlatformReach
}
