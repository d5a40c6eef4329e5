import type { Insertable, Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { UserTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { TenantAdminRepository } from './tenant-admin.repository.js'
import { TenantsRepository } from './tenants.repository.js'
import { UsersRepository } from './users.repository.js'

/**
 * What start-up and the demo seed may do with users, each within a tenant: find one by name, list
 * a tenant's names, add one (in the caller's transaction when given).
 */
export interface StartUpUsers {
  idByName(tenantId: number, username: string): Promise<number | undefined>
  names(tenantId: number): Promise<{ id: number; username: string }[]>
  insert(values: Insertable<UserTable>, q?: Kysely<Database>): Promise<number>
}

export function startUpUsers(db: Db): StartUpUsers {
  const repo = new UsersRepository(db)
  return {
    idByName: (tenantId, username) => repo.idByName(tenantId, username),
    names: (tenantId) => repo.names(tenantId),
    insert: (values, q) => repo.insert(values, q),
  }
}

/**
 * What start-up and the demo seed may do with tenants: find the platform's own and one by its
 * enterprise account (before anyone signs in), add one (in the caller's transaction when given),
 * and credit a paying tenant to a seller.
 */
export interface StartUpTenants {
  systemIdByAccount(system: SystemScope, account: string): Promise<number | undefined>
  systemPlatformId(system: SystemScope): Promise<number | undefined>
  insert(t: { name: string; account: string; isPlatform: boolean }, q?: Kysely<Database>): Promise<number>
  /** the seller a paying tenant is credited to; undefined when no paying tenant has the id */
  systemSellerOf(system: SystemScope, tenantId: number): Promise<number | null | undefined>
  setSeller(tenantId: number, sellerId: number | null, q?: Kysely<Database>): Promise<void>
}

export function startUpTenants(db: Db): StartUpTenants {
  const tenants = new TenantsRepository(db)
  const admin = new TenantAdminRepository(db)
  return {
    systemIdByAccount: (system: SystemScope, account) => tenants.systemIdByAccount(system, account),
    systemPlatformId: (system: SystemScope) => tenants.systemPlatformId(system),
    insert: (t, q) => tenants.insert(t, q),
    systemSellerOf: async (system: SystemScope, tenantId) =>
      (await admin.systemFind(system, tenantId))?.seller_user_id,
    setSeller: (tenantId, sellerId, q) => admin.update(tenantId, { seller_user_id: sellerId }, q),
  }
}
