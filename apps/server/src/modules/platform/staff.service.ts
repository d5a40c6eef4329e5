import {
  type AdminUserView,
  checkPassword,
  ErrorCode,
  type Page,
  Role,
  type SellerOption,
  type UserCreateBody,
  type UserCreated,
  type UserDetailsBody,
  type UserQueryBody,
  UserStatus,
} from '@app/core'
import type { User } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { AppError, forbidden, notFound } from '../../http/errors.js'
import { isUniqueViolation } from '../accounts/index.js'
import type { TokenService } from '../auth/index.js'
import { hashPassword } from '../auth/index.js'
import type { PlatformStaff, TenantRegistry } from '../users/index.js'
import type { PlatformScope } from './platform.scope.js'
import type { TenantsService } from './tenants.service.js'

/**
 * The platform's users from the admin pages: operations and business staff (admin manages
 * operations and every salesperson; an operations user their own salespeople), and supervisors,
 * whose rules live with their tenants. Who may act on a user: admin on staff and every
 * supervisor; operations on their salespeople and the supervisors of their team; business on
 * their own supervisors. Anyone else's id answers not found.
 */
export class StaffService {
  constructor(
    private readonly staff: PlatformStaff,
    private readonly tenantRows: TenantRegistry,
    private readonly scope: PlatformScope,
    private readonly tokens: TokenService,
    private readonly tenants: TenantsService,
  ) {}

  /** A user the caller may manage: staff by the rule above, or a supervisor of the caller's tenants. */
  private async target(caller: Caller, id: number): Promise<User> {
    // staff live in the platform tenant; anyone else is a supervisor of the caller's tenants or not found
    const u = await this.staff.find(id)
    if (!u || u.role_id === Role.customerMaster) return this.tenants.visibleSupervisor(caller, id)
    const ok =
      (u.role_id === Role.operations && caller.roleId === Role.admin) ||
      (u.role_id === Role.business &&
        (caller.roleId === Role.admin ||
          (caller.roleId === Role.operations && u.parent_user_id === caller.userId)))
    if (!ok) throw notFound()
    return u
  }

  async create(caller: Caller, body: UserCreateBody): Promise<UserCreated> {
    if (body.roleId === Role.customerMaster) return this.tenants.create(caller, body, false)
    if (body.roleId === Role.operations && caller.roleId !== Role.admin) throw forbidden()
    let parentId: number | null = null
    if (body.roleId === Role.business) {
      if (caller.roleId === Role.operations) parentId = caller.userId
      else if (caller.roleId === Role.admin) {
        const parent = body.parentId === undefined ? undefined : await this.staff.find(body.parentId)
        if (!parent || parent.role_id !== Role.operations) throw new AppError(ErrorCode.sellerInvalid)
        parentId = parent.id
      } else throw forbidden()
    }
    const weak = checkPassword(body.password, body.username)
    if (weak) throw new AppError(ErrorCode.passwordWeak, { messageKey: weak })
    if (await this.staff.nameTaken(caller.tenantId, body.username))
      throw new AppError(ErrorCode.usernameTaken)
    const now = Date.now()
    try {
      const id = await this.staff.add(
        caller.tenantId,
        {
          username: body.username,
          password_hash: await hashPassword(body.password),
          nickname: body.nickname ?? '',
          role_id: body.roleId,
          parent_user_id: parentId,
        },
        now,
      )
      return { id, tenantId: null }
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.usernameTaken)
      throw err
    }
  }

  async query(caller: Caller, body: UserQueryBody): Promise<Page<AdminUserView>> {
    if (body.roleId === Role.customerMaster) return this.tenants.supervisorPage(caller, body)
    let onlyIds: number[] | undefined
    if (caller.roleId === Role.operations)
      onlyIds =
        body.roleId === Role.operations ? [caller.userId] : await this.staff.salespeopleOf(caller.userId)
    else if (caller.roleId !== Role.admin) throw forbidden()
    const { list, total } = await this.staff.page(
      { roleId: body.roleId, keyword: body.keyword, status: body.status, parentId: body.parentId, onlyIds },
      body.pageNo,
      body.pageSize,
    )
    const ids = list.map((u) => u.id)
    const [tenantCounts, parents] = await Promise.all([
      this.tenantRows.countsBySellers(await this.scope.reach(caller), ids),
      this.staff.names(list.map((u) => u.parent_user_id).filter((x): x is number => x !== null)),
    ])
    return {
      total,
      list: list.map((u) => {
        const parent = u.parent_user_id === null ? undefined : parents.get(u.parent_user_id)
        const mine = u.id !== caller.userId && (caller.roleId === Role.admin || u.role_id === Role.business)
        return {
          id: u.id,
          username: u.username,
          nickname: u.nickname || u.username,
          roleId: u.role_id,
          status: u.status,
          parentId: u.parent_user_id,
          parentName: parent ? parent.nickname || parent.username : null,
          salespersonCount: Number(u.salesperson_count ?? 0),
          tenantCount: tenantCounts.get(u.id) ?? 0,
          tenant: null,
          createdAt: u.created_at,
          can: { edit: mine, delete: mine, resetPassword: mine, changeStatus: mine },
        }
      }),
    }
  }

  /** Sellers the caller may name: admin every operations and business user; operations themselves and their team; business themselves. */
  async sellerOptions(caller: Caller): Promise<SellerOption[]> {
    const { sellerIds } = await this.scope.sellers(caller)
    const rows = await this.staff.sellers(sellerIds ?? undefined)
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      nickname: r.nickname || r.username,
      roleId: r.role_id,
    }))
  }

  /** Disabling signs the user out everywhere; a supervisor's status is their tenant's. */
  async setStatus(caller: Caller, id: number, status: number): Promise<void> {
    if (id === caller.userId) throw new AppError(ErrorCode.cannotChangeSelf)
    const u = await this.target(caller, id)
    if (u.role_id === Role.customerMaster) return this.tenants.setStatus(caller, id, status)
    await this.staff.change(u.tenant_id, u.id, { status })
    if (status !== UserStatus.enabled) await this.tokens.revokeAllOf(u.tenant_id, u.id)
  }

  async updateDetails(caller: Caller, body: UserDetailsBody): Promise<void> {
    const u = await this.target(caller, body.id)
    if (u.role_id === Role.customerMaster) return this.tenants.updateDetails(caller, body)
    const tenantFields = [body.tenantName, body.validStartDate, body.validEndDate, body.sellerId, body.test]
    if (tenantFields.some((v) => v !== undefined)) throw forbidden()
    let parentId: number | undefined
    if (body.parentId !== undefined) {
      if (caller.roleId !== Role.admin || u.role_id !== Role.business) throw forbidden()
      const parent = await this.staff.find(body.parentId)
      if (!parent || parent.role_id !== Role.operations) throw new AppError(ErrorCode.sellerInvalid)
      parentId = parent.id
    }
    await this.staff.change(u.tenant_id, u.id, {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(parentId !== undefined ? { parent_user_id: parentId } : {}),
    })
  }

  /** A reset by someone who manages the user: no current password asked; every token of the user is revoked. */
  async resetPassword(caller: Caller, userId: number, password: string): Promise<void> {
    const u = await this.target(caller, userId)
    const weak = checkPassword(password, u.username)
    if (weak) throw new AppError(ErrorCode.passwordWeak, { messageKey: weak })
    await this.staff.change(u.tenant_id, u.id, { password_hash: await hashPassword(password) })
    await this.tokens.revokeAllOf(u.tenant_id, u.id)
  }

  /** Refused while the user still sells tenants or has salespeople; supervisors are disabled, never deleted. */
  async remove(caller: Caller, id: number): Promise<void> {
    if (id === caller.userId) throw new AppError(ErrorCode.cannotChangeSelf)
    const u = await this.target(caller, id)
    if (u.role_id === Role.customerMaster) throw new AppError(ErrorCode.supervisorNotDeletable)
    if ((await this.tenantRows.countBySeller(await this.scope.reach(caller), u.id)) > 0)
      throw new AppError(ErrorCode.userHasTenants)
    if (u.role_id === Role.operations && (await this.staff.salespeopleOf(u.id)).length > 0)
      throw new AppError(ErrorCode.userHasSalespeople)
    await this.staff.remove(u.tenant_id, u.id)
    await this.tokens.revokeAllOf(u.tenant_id, u.id)
  }
}
