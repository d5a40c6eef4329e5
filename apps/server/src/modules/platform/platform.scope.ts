import { Role } from '@app/core'
import type { Caller } from '../../http/caller.js'
import { type PlatformReach, platformReach } from '../../http/platform-reach.js'
import type { PlatformStaff, TenantRegistry } from '../users/index.js'

/**
 * Which sellers' tenants and orders a platform user sees: admin all; an operations user their
 * own and their salespeople's; a business user their own. `sellerIds` is null for "all".
 */
export interface SellerScope {
  sellerIds: number[] | null
}

export class PlatformScope {
  constructor(
    private readonly staff: PlatformStaff,
    private readonly tenants: TenantRegistry,
  ) {}

  async sellers(caller: Caller): Promise<SellerScope> {
    if (caller.roleId === Role.admin) return { sellerIds: null }
    if (caller.roleId === Role.operations)
      return { sellerIds: [caller.userId, ...(await this.staff.salespeopleOf(caller.userId))] }
    if (caller.roleId === Role.business) return { sellerIds: [caller.userId] }
    return { sellerIds: [] }
  }

  /** The tenants the caller sees: null for every tenant. */
  async tenantIds(caller: Caller): Promise<number[] | null> {
    const { sellerIds } = await this.sellers(caller)
    return sellerIds === null ? null : this.tenants.idsSoldBy(sellerIds)
  }

  /**
   * The one place a platform caller's reach over tenants is made: the tenants of their sellers, or
   * every tenant for the admin. A tenant's caller is refused.
   */
  async reach(caller: Caller): Promise<PlatformReach> {
    return platformReach(caller, caller.isPlatform ? await this.tenantIds(caller) : [])
  }

  /** Whether the caller sees this tenant. */
  async seesTenant(caller: Caller, tenantId: number): Promise<boolean> {
    if (!caller.isPlatform) return false
    return (await this.tenants.findIn(await this.reach(caller), tenantId)) !== undefined
  }

  /** Whether the caller may credit a tenant or an order to this seller: a live operations or business user in their scope. */
  async validSeller(caller: Caller, sellerId: number): Promise<boolean> {
    const seller = await this.staff.find(sellerId)
    if (!seller || (seller.role_id !== Role.operations && seller.role_id !== Role.business)) return false
    const { sellerIds } = await this.sellers(caller)
    return sellerIds === null || sellerIds.includes(sellerId)
  }

  /**
   * The operations user whose prices, trial and profile apply to a seller: the seller itself when
   * operations, their operations user when business; null otherwise (the platform's defaults).
   */
  async operationsOf(sellerId: number | null): Promise<number | null> {
    if (sellerId === null) return null
    const seller = await this.staff.find(sellerId)
    if (!seller) return null
    if (seller.role_id === Role.operations) return seller.id
    if (seller.role_id === Role.business) return seller.parent_user_id
    return null
  }

  /** The operations user behind a tenant's seller. */
  async operationsOfTenant(tenantId: number): Promise<number | null> {
    return this.operationsOf(await this.tenants.sellerOf(tenantId))
  }
}
