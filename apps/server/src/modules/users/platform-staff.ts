import { UserStatus } from '@app/core'
import type { Updateable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { UserTable } from '../../db/schema.js'
import type { PlatformReach } from '../../http/platform-reach.js'
import { type StaffFilter, UserAdminRepository } from './user-admin.repository.js'

/** What the staff pages give a new operations or business user; the rest is every new user's default. */
interface NewStaff {
  username: string
  password_hash: string
  nickname: string
  role_id: number
  /** the operations user a business user reports to */
  parent_user_id: number | null
}

/** What the staff pages may change of a user they manage. */
type StaffPatch = Pick<Updateable<UserTable>, 'status' | 'nickname' | 'parent_user_id' | 'password_hash'>

/**
 * The platform's own people (admin, operations and business users, all in the platform tenant)
 * as the staff pages manage them, and the names the platform's lists show beside orders and
 * requests.
 */
export class PlatformStaff {
  private readonly users: UserAdminRepository

  constructor(db: Db) {
    this.users = new UserAdminRepository(db)
  }

  /** A live user of the platform tenant by id: the staff pages address staff by id. */
  find(id: number) {
    return this.users.findStaff(id)
  }

  /** The live business users reporting to an operations user. */
  salespeopleOf(operationsId: number): Promise<number[]> {
    return this.users.businessIdsOf(operationsId)
  }

  /** Operations or business users, newest first, with how many salespeople report to each. */
  page(filter: StaffFilter, pageNo: number, pageSize: number) {
    return this.users.staffPage(filter, pageNo, pageSize)
  }

  /** Live operations and business users, for seller pickers; `onlyIds` narrows them to a team. */
  sellers(onlyIds?: number[]) {
    return this.users.staff(onlyIds)
  }

  /** Whether a user of the tenant, deleted ones included, has the name. */
  nameTaken(tenantId: number, username: string): Promise<boolean> {
    return this.users.nameTaken(tenantId, username)
  }

  /** A new enabled staff member of the platform tenant `tenantId`. */
  add(tenantId: number, staff: NewStaff, now: number): Promise<number> {
    return this.users.insert({
      tenant_id: tenantId,
      ...staff,
      avatar: '',
      status: UserStatus.enabled,
      valid_start_date: null,
      valid_end_date: null,
      target_language: 'zh-CN',
      created_at: now,
      updated_at: now,
    })
  }

  /** Change a user the staff pages manage, addressed with their tenant: a staff member, or a supervisor's password. */
  change(tenantId: number, id: number, patch: StaffPatch): Promise<void> {
    return this.users.update(tenantId, id, patch)
  }

  /** Delete keeping the row: disabled, and renamed so the name can be given again. */
  remove(tenantId: number, id: number): Promise<void> {
    return this.users.softDelete(tenantId, id)
  }

  /** Names of the platform's staff by id, deleted ones included (orders keep their seller and operator). */
  names(ids: number[]): Promise<Map<number, { username: string; nickname: string }>> {
    return this.users.staffNames(ids)
  }

  /** Names of the platform's staff and of the people of the tenants the staff member reaches, by id. */
  namesIn(reach: PlatformReach, ids: number[]): Promise<Map<number, { username: string; nickname: string }>> {
    return this.users.namesIn(reach, ids)
  }
}
