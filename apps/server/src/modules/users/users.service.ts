import {
  Access,
  type BusinessProfile,
  type CurrentUser,
  checkPassword,
  ErrorCode,
  PLATFORM_ROLES,
  Role,
  type RoleId,
  roleName,
  UserStatus,
  vipActive,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { TokenService } from '../auth/index.js'
import { accountLock, hashPassword, type LoginLimiter, verifyPassword } from '../auth/index.js'

/** The signed-in user's own profile and password. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiter,
    /** the business-edition profile a user is shown (the platform module's settings) */
    private readonly businessProfiles: ((actor: Caller) => Promise<BusinessProfile | null>) | null = null,
  ) {}

  /** Whether `userId` is an enabled agent (customerUser) of the tenant: whom a supervisor may act as. */
  async isActiveAgent(tenantId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('role_id', '=', Role.customerUser)
      .where('status', '=', UserStatus.enabled)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Which of `userIds` are enabled desk users (supervisor or agent) of the tenant: whom a note may
   * mention, since only they can read their mentions.
   */
  async deskMembers(tenantId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return []
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', userIds)
      .where('role_id', 'in', Access.desk)
      .where('status', '=', UserStatus.enabled)
      .where('deleted_at', 'is', null)
      .execute()
    return rows.map((r) => r.id)
  }

  /** The name a user is shown by: the nickname, else the user name. */
  async displayName(tenantId: number, userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select(['nickname', 'username'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst()
    return row ? row.nickname || row.username : ''
  }

  /** The tenant's supervisors: they follow every task of the tenant (mass-send progress). */
  async supervisorIds(tenantId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', Role.customerMaster)
      .where('deleted_at', 'is', null)
      .execute()
    return rows.map((r) => r.id)
  }

  /** The translation target a user chose ('' when none). */
  async targetLanguage(tenantId: number, userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('target_language')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst()
    return row?.target_language ?? ''
  }

  async setTargetLanguage(tenantId: number, userId: number, code: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ target_language: code, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute()
  }

  /** The tenant's validity: the supervisor's valid dates (role 4 carries them). */
  async tenantValidity(tenantId: number): Promise<[number | null, number | null]> {
    const master = await this.db
      .selectFrom('users')
      .select(['valid_start_date', 'valid_end_date'])
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', Role.customerMaster)
      .orderBy('id')
      .executeTakeFirst()
    return [master?.valid_start_date ?? null, master?.valid_end_date ?? null]
  }

  async profile(actor: Caller): Promise<CurrentUser> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .select([
        'u.id',
        'u.username',
        'u.nickname',
        'u.avatar',
        'u.role_id',
        'u.tenant_id',
        'u.target_language',
      ])
      .select(['t.name as tenantName', 't.account as tenantAccount', 't.special_channel', 't.risk_status'])
      .where('u.id', '=', actor.userId)
      .where('u.tenant_id', '=', actor.tenantId)
      .executeTakeFirst()
    if (!row) throw new AppError(ErrorCode.unauthorized)
    const roleId = row.role_id as RoleId
    const platform = PLATFORM_ROLES.includes(roleId)
    const validDate = platform ? ([null, null] as [null, null]) : await this.tenantValidity(row.tenant_id)
    return {
      id: row.id,
      name: row.username,
      nickname: row.nickname || row.username,
      avatar: row.avatar,
      roles: [roleName(roleId)],
      roleId,
      tenantId: row.tenant_id,
      tenantName: row.tenantName,
      tenantAccount: row.tenantAccount,
      validDate,
      vipExpired: !platform && !vipActive(validDate[1]),
      targetLanguage: row.target_language,
      permissionVO: {},
      specialChannelData: {
        tenantSpecialChannel: row.special_channel === 1,
        specialChannel: row.special_channel === 1,
      },
      riskStatus: row.risk_status,
      enableMasterAiTranslate: false,
      translateTools: [],
      businessProfile: (await this.businessProfiles?.(actor)) ?? null,
    }
  }

  /**
   * Change one's own password with the shared rules, proven by the current one (a token alone
   * must not become the account); every token of the user is revoked. A wrong current password
   * counts as a failed sign-in of the account, so a token cannot guess it for ever.
   */
  async changeOwnPassword(actor: Caller, currentPassword: string, password: string): Promise<void> {
    const key = checkPassword(password, actor.username)
    if (key) throw new AppError(ErrorCode.passwordWeak, { messageKey: key })
    const user = { id: actor.userId, tenant_id: actor.tenantId }
    const locked = await this.limiter.minutesLeft(accountLock(user))
    if (locked) throw this.limiter.lockedError(locked)
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', actor.userId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst()
    if (!(await verifyPassword(row?.password_hash ?? null, currentPassword))) {
      await this.limiter.recordFailure(accountLock(user))
      throw new AppError(ErrorCode.oldPasswordWrong)
    }
    await this.limiter.reset(accountLock(user))
    const password_hash = await hashPassword(password)
    await this.db
      .updateTable('users')
      .set({ password_hash, updated_at: Date.now() })
      .where('id', '=', actor.userId)
      .where('tenant_id', '=', actor.tenantId)
      .execute()
    await this.tokens.revokeAllOf(actor.tenantId, actor.userId)
  }

  async tenantRiskStatus(actor: Caller): Promise<number> {
    const row = await this.db
      .selectFrom('tenants')
      .select('risk_status')
      .where('id', '=', actor.tenantId)
      .executeTakeFirst()
    return row?.risk_status ?? 0
  }
}
