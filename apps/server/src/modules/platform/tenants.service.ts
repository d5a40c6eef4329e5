import {
  type AddTestUserBody,
  type AdminUserView,
  checkPassword,
  DAY_MS,
  ErrorCode,
  EXPIRING_SOON_DAYS,
  type Page,
  Role,
  type SlotCounts,
  type TenantQueryBody,
  type TenantView,
  type UserCreateBody,
  type UserCreated,
  type UserDetailsBody,
  type UserQueryBody,
  UserStatus,
  type ValidDateRange,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { User } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { AppError, forbidden, notFound } from '../../http/errors.js'
import { isUniqueViolation } from '../accounts/index.js'
import type { TokenService } from '../auth/index.js'
import { hashPassword } from '../auth/index.js'
import type { Q } from '../ports/index.js'
import type { PlatformStaff, TenantFilter, TenantRegistry } from '../users/index.js'
import { presentSupervisor, presentTenant } from './platform.presenter.js'
import type { PlatformScope } from './platform.scope.js'
import type { SettingsService } from './settings.service.js'

/** What the tenant pages need from billing and the WS accounts, without knowing their tables. */
export interface TenantSlots {
  counts(
    tenantIds: number[],
    now: number,
    soonUntil: number,
  ): Promise<{ ports: Map<number, SlotCounts>; seats: Map<number, SlotCounts> }>
  /** tenants (of those given, or all for null) with a port or seat ending before `until` */
  tenantsEnding(tenantIds: number[] | null, now: number, until: number): Promise<number[]>
  /** free ports and seats for a trial tenant, as zero-amount orders, inside the caller's transaction */
  grantTrial(
    q: Q,
    t: {
      tenantId: number
      ports: number
      seats: number
      days: number
      sellerId: number | null
      operatorId: number
    },
  ): Promise<void>
  accounts(tenantIds: number[]): Promise<Map<number, { online: number; total: number }>>
}

type SupervisorInput = Extract<UserCreateBody, { roleId: 4 }> | (AddTestUserBody & { roleId?: 4 })

const startOfToday = (now: number) => {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/**
 * Tenants and their supervisors as the platform manages them: created with the tenant (or as a
 * trial from the seller's configured quota), listed within the caller's sellers, their VIP dates,
 * risk status, special channel, seller, status and password.
 */
export class TenantsService {
  constructor(
    private readonly db: Db,
    private readonly staff: PlatformStaff,
    private readonly tenants: TenantRegistry,
    private readonly scope: PlatformScope,
    private readonly settings: SettingsService,
    private readonly tokens: TokenService,
    private readonly slots: TenantSlots,
  ) {}

  /** The supervisor `id`, if the caller sees their tenant; not found otherwise. */
  async visibleSupervisor(caller: Caller, id: number): Promise<User> {
    const user = await this.tenants.supervisorIn(await this.scope.reach(caller), id)
    if (
      !user ||
      user.role_id !== Role.customerMaster ||
      !(await this.scope.seesTenant(caller, user.tenant_id))
    )
      throw notFound()
    return user
  }

  /**
   * A supervisor with a new tenant. Credited to `sellerId` (within the caller's team) or to the
   * caller; a trial takes its VIP length and free ports and seats from the seller's settings.
   */
  async create(caller: Caller, body: SupervisorInput, trial: boolean): Promise<UserCreated> {
    if (caller.roleId === Role.business && body.sellerId !== undefined && body.sellerId !== caller.userId)
      throw new AppError(ErrorCode.sellerInvalid)
    const sellerId = body.sellerId ?? (caller.roleId === Role.admin ? null : caller.userId)
    if (sellerId !== null && !(await this.scope.validSeller(caller, sellerId)))
      throw new AppError(ErrorCode.sellerInvalid)
    const weak = checkPassword(body.password, body.username)
    if (weak) throw new AppError(ErrorCode.passwordWeak, { messageKey: weak })
    const now = Date.now()
    const config = await this.settings.operationsConfig(await this.scope.operationsOf(sellerId))
    const start = 'validStartDate' in body && !trial ? body.validStartDate : now
    const end = 'validEndDate' in body && !trial ? body.validEndDate : now + config.trialDays * DAY_MS
    if (end < start) throw new AppError(ErrorCode.vipRangeInvalid)
    const account = body.enterpriseAccount.trim()
    const password_hash = await hashPassword(body.password)
    try {
      return await this.db.transaction().execute(async (tx) => {
        if (await this.tenants.accountTaken(account, tx)) throw new AppError(ErrorCode.enterpriseAccountTaken)
        const { tenantId, id } = await this.tenants.open(
          tx,
          { name: body.tenantName || account, account, sellerId, test: trial },
          {
            username: body.username,
            password_hash,
            nickname: body.nickname ?? '',
            valid_start_date: start,
            valid_end_date: end,
          },
          now,
        )
        if (trial)
          await this.slots.grantTrial(tx, {
            tenantId,
            ports: config.trialPorts,
            seats: config.trialSeats,
            days: config.trialDays,
            sellerId,
            operatorId: caller.userId,
          })
        return { id, tenantId }
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.enterpriseAccountTaken)
      throw err
    }
  }

  private async filterFor(caller: Caller, f: Omit<TenantFilter, 'sellerIds'>): Promise<TenantFilter> {
    const { sellerIds } = await this.scope.sellers(caller)
    return { ...f, sellerIds: sellerIds ?? undefined }
  }

  /** /customerMasterManage: supervisors of the caller's tenants, newest first. */
  async supervisorPage(caller: Caller, body: UserQueryBody): Promise<Page<AdminUserView>> {
    const filter = await this.filterFor(caller, {
      keyword: body.keyword,
      status: body.status,
      sellerId: body.sellerId ?? body.parentId,
    })
    const { list, total } = await this.tenants.page(filter, body.pageNo, body.pageSize)
    const names = await this.staff.names(
      list.map((r) => r.seller_user_id).filter((x): x is number => x !== null),
    )
    const now = Date.now()
    return { total, list: list.map((r) => presentSupervisor(r, names, now)) }
  }

  /** /customerManage: the caller's tenants with their ports, seats, numbers and VIP. */
  async tenantPage(caller: Caller, body: TenantQueryBody): Promise<Page<TenantView>> {
    const now = Date.now()
    const today = startOfToday(now)
    const soon = today + EXPIRING_SOON_DAYS * DAY_MS
    const vip =
      body.vip === 'active'
        ? { vipEndFrom: today }
        : body.vip === 'expiring'
          ? { vipEndFrom: today, vipEndBefore: soon }
          : body.vip === 'expired'
            ? { vipEndBefore: today }
            : {}
    const filter = await this.filterFor(caller, {
      keyword: body.keyword,
      sellerId: body.sellerId,
      riskStatus: body.riskStatus,
      specialChannel: body.specialChannel,
      test: body.test,
      ...vip,
    })
    if (body.expiringOnly)
      filter.onlyIds = await this.slots.tenantsEnding(
        (await this.scope.tenantIds(caller)) ?? null,
        now,
        now + EXPIRING_SOON_DAYS * DAY_MS,
      )
    const { list, total } = await this.tenants.page(filter, body.pageNo, body.pageSize)
    const ids = list.map((r) => r.tenant_id)
    const [names, counts, accounts] = await Promise.all([
      this.staff.names(list.map((r) => r.seller_user_id).filter((x): x is number => x !== null)),
      this.slots.counts(ids, now, now + EXPIRING_SOON_DAYS * DAY_MS),
      this.slots.accounts(ids),
    ])
    return {
      total,
      list: list.map((r) =>
        presentTenant(
          r,
          names,
          { ports: counts.ports.get(r.tenant_id), seats: counts.seats.get(r.tenant_id) },
          accounts.get(r.tenant_id),
          now,
        ),
      ),
    }
  }

  async validDateRange(caller: Caller, id: number): Promise<ValidDateRange> {
    const u = await this.visibleSupervisor(caller, id)
    return { validStartDate: u.valid_start_date, validEndDate: u.valid_end_date }
  }

  /** Disabling a supervisor disables their tenant: everyone in it is signed out and refused. */
  async setStatus(caller: Caller, id: number, status: number): Promise<void> {
    const u = await this.visibleSupervisor(caller, id)
    await this.db.transaction().execute(async (tx) => {
      await this.tenants.changeSupervisor(u.tenant_id, u.id, { status }, tx)
      await this.tenants.change(u.tenant_id, { status }, tx)
    })
    if (status !== UserStatus.enabled)
      for (const userId of await this.tenants.peopleOf(u.tenant_id))
        await this.tokens.revokeAllOf(u.tenant_id, userId)
  }

  async setRiskStatus(caller: Caller, id: number, riskStatus: number): Promise<void> {
    const u = await this.visibleSupervisor(caller, id)
    await this.tenants.change(u.tenant_id, { risk_status: riskStatus })
  }

  async setSpecialChannel(caller: Caller, id: number, specialChannel: number): Promise<void> {
    const u = await this.visibleSupervisor(caller, id)
    await this.tenants.change(u.tenant_id, { special_channel: specialChannel })
  }

  /** Nickname, tenant name, VIP dates, seller and trial flag; only the fields given change. */
  async updateDetails(caller: Caller, body: UserDetailsBody): Promise<void> {
    const u = await this.visibleSupervisor(caller, body.id)
    if (body.parentId !== undefined) throw forbidden()
    if (body.sellerId !== undefined && !(await this.scope.validSeller(caller, body.sellerId)))
      throw new AppError(ErrorCode.sellerInvalid)
    const start = body.validStartDate ?? u.valid_start_date
    const end = body.validEndDate ?? u.valid_end_date
    if (start !== null && end !== null && end < start) throw new AppError(ErrorCode.vipRangeInvalid)
    await this.db.transaction().execute(async (tx) => {
      await this.tenants.changeSupervisor(
        u.tenant_id,
        u.id,
        {
          ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
          ...(body.validStartDate !== undefined ? { valid_start_date: body.validStartDate } : {}),
          ...(body.validEndDate !== undefined ? { valid_end_date: body.validEndDate } : {}),
        },
        tx,
      )
      const tenantPatch = {
        ...(body.tenantName !== undefined ? { name: body.tenantName } : {}),
        ...(body.sellerId !== undefined ? { seller_user_id: body.sellerId } : {}),
        ...(body.test !== undefined ? { test: body.test } : {}),
      }
      if (Object.keys(tenantPatch).length > 0) await this.tenants.change(u.tenant_id, tenantPatch, tx)
    })
  }
}
