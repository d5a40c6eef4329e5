import { Role, UserStatus } from '@app/core'
import type { Kysely, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { TenantTable, UserTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { PlatformReach } from '../../http/platform-reach.js'
import { TenantAdminRepository, type TenantFilter } from './tenant-admin.repository.js'
import { UserAdminRepository } from './user-admin.repository.js'

type Q = Kysely<Database>

/** A new paying tenant as the platform opens it. */
interface NewTenant {
  name: string
  account: string
  sellerId: number | null
  /** a trial tenant */
  test: boolean
}

/** The supervisor a new tenant opens with; the rest is every new user's default. */
interface NewSupervisor {
  username: string
  password_hash: string
  nickname: string
  valid_start_date: number
  valid_end_date: number
}

/** What the platform may change of a paying tenant. */
type TenantPatch = Pick<
  Updateable<TenantTable>,
  'name' | 'status' | 'risk_status' | 'special_channel' | 'seller_user_id' | 'test'
>

/** What the platform may change of a supervisor. */
type SupervisorPatch = Pick<
  Updateable<UserTable>,
  'status' | 'nickname' | 'valid_start_date' | 'valid_end_date'
>

/**
 * Paying tenants and their supervisors (the first customerMaster, who carries the VIP dates) as
 * the platform's staff and billing address them: by id, within the staff member's `PlatformReach`
 * or the sellers the platform's scope lets them see.
 */
export class TenantRegistry {
  private readonly tenants: TenantAdminRepository
  private readonly users: UserAdminRepository

  constructor(db: Db) {
    this.tenants = new TenantAdminRepository(db)
    this.users = new UserAdminRepository(db)
  }

  /** Ids of the paying tenants sold by these sellers: what a staff member reaches. */
  idsSoldBy(sellerIds: number[]): Promise<number[]> {
    return this.tenants.idsSoldBy(sellerIds)
  }

  /** The seller a paying tenant is credited to, or null. */
  sellerOf(tenantId: number): Promise<number | null> {
    return this.tenants.sellerOf(tenantId)
  }

  /** A paying tenant by id, among the tenants the staff member reaches. */
  findIn(reach: PlatformReach, tenantId: number) {
    return this.tenants.findIn(reach, tenantId)
  }

  /** A live supervisor by id, in the tenants the staff member reaches. */
  supervisorIn(reach: PlatformReach, id: number) {
    return this.users.supervisorIn(reach, id)
  }

  /** Name, account and seller of tenants by id, among the tenants the staff member reaches. */
  briefsIn(reach: PlatformReach, ids: number[]) {
    return this.tenants.briefsIn(reach, ids)
  }

  /** Reached tenants whose enterprise account or name contains the text, ignoring case. */
  idsByKeyword(reach: PlatformReach, keyword: string): Promise<number[]> {
    return this.tenants.idsByKeyword(reach, keyword)
  }

  /** How many reached tenants a seller is credited with. */
  countBySeller(reach: PlatformReach, sellerId: number): Promise<number> {
    return this.tenants.countBySeller(reach, sellerId)
  }

  /** How many reached tenants each of these sellers is credited with. */
  countsBySellers(reach: PlatformReach, sellerIds: number[]): Promise<Map<number, number>> {
    return this.tenants.countsBySellers(reach, sellerIds)
  }

  /** Tenants with their supervisor, newest first, within the filter's sellers. */
  page(filter: TenantFilter, pageNo: number, pageSize: number) {
    return this.tenants.page(filter, pageNo, pageSize)
  }

  /** Whether a tenant has the enterprise account already, ignoring case. */
  accountTaken(account: string, q?: Q): Promise<boolean> {
    return this.tenants.accountTaken(account, q)
  }

  /** A new paying tenant with its enabled supervisor, inside the caller's transaction. */
  async open(
    q: Q,
    tenant: NewTenant,
    supervisor: NewSupervisor,
    now: number,
  ): Promise<{ tenantId: number; id: number }> {
    const tenantId = await this.tenants.insert(tenant, q)
    const id = await this.users.insert(
      {
        tenant_id: tenantId,
        ...supervisor,
        avatar: '',
        role_id: Role.customerMaster,
        status: UserStatus.enabled,
        target_language: 'zh-CN',
        parent_user_id: null,
        created_at: now,
        updated_at: now,
      },
      q,
    )
    return { tenantId, id }
  }

  change(tenantId: number, patch: TenantPatch, q?: Q): Promise<void> {
    return this.tenants.update(tenantId, patch, q)
  }

  changeSupervisor(tenantId: number, id: number, patch: SupervisorPatch, q?: Q): Promise<void> {
    return this.users.update(tenantId, id, patch, q)
  }

  /** Everyone of the tenant, to sign a disabled tenant's people out. */
  peopleOf(tenantId: number): Promise<number[]> {
    return this.users.idsOfTenant(tenantId)
  }

  /** How many paying tenants the platform has. */
  systemCount(system: SystemScope): Promise<number> {
    return this.tenants.systemCount(system)
  }

  /** How many live users all tenants have. */
  systemPeopleCount(system: SystemScope): Promise<number> {
    return this.users.systemCount(system)
  }
}
