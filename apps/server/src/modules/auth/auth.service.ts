import {
  type AdminLoginBody,
  ErrorCode,
  LOGIN_SAME_NAME_MAX,
  type LoginBody,
  type LoginResult,
  UserStatus,
} from '@app/core'
import type { User } from '../../db/schema.js'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { AppError } from '../../http/errors.js'
import type { CaptchaService } from '../captcha/index.js'
import { accountLock, addressLock, type LoginLimiter } from './login-limiter.js'
import { verifyPassword } from './password.js'
import type { TokenService } from './token.service.js'

/** Sign-in: a user by enterprise account and name. */
const system = openSystemScope('modules/auth/auth.service')

export interface ClientMeta {
  ip: string
  userAgent: string
}

/**
 * Sign-in rules for both login screens. Each screen resolves the users its form can name; a
 * password is always checked (against a decoy when nobody matched, so unknown names cost the
 * same) before anything about the name is answered.
 */
/** What a sign-in asks of the owner of users and tenants (wired where the app is assembled). */
export interface SignInLookups {
  /** /login: tenant users (never platform staff) of that name, in one tenant when its account is given */
  systemTenantUsers(
    system: SystemScope,
    username: string,
    targetAccount: string | undefined,
    limit: number,
  ): Promise<User[]>
  /** /adminLogin: the user of that name in the tenant of that enterprise account */
  systemByEnterpriseAccount(system: SystemScope, account: string, username: string): Promise<User | undefined>
  /** 0 while the tenant may be used */
  tenantStatus(tenantId: number): Promise<number | undefined>
  /** the tenant behind an enterprise account name */
  systemTenantIdByAccount(system: SystemScope, account: string): Promise<number | undefined>
}

export class AuthService {
  constructor(
    private readonly signIn: SignInLookups,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiter,
    private readonly captcha: CaptchaService,
    /** rules of other modules a sign-in must pass once the password is right (an agent's seat) */
    private readonly checks: readonly ((user: User) => Promise<void>)[] = [],
  ) {}

  /**
   * /login: the tenants' people only, so its failures can never lock platform staff. The target
   * account is needed only when the name exists in several tenants.
   */
  async login(body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
    const candidates = await this.signIn.systemTenantUsers(
      system,
      body.username,
      body.targetAccount,
      LOGIN_SAME_NAME_MAX,
    )
    if (candidates.length > 1) return this.ambiguous(candidates, body.password, meta)
    return this.attempt(candidates[0] ?? null, body.password, meta)
  }

  /** /adminLogin: enterprise account + captcha; any role may use it. */
  async adminLogin(body: AdminLoginBody, meta: ClientMeta): Promise<LoginResult> {
    await this.captcha.consume(body.captchaVerification)
    const user = await this.signIn.systemByEnterpriseAccount(system, body.enterUsername, body.username)
    return this.attempt(user ?? null, body.password, meta)
  }

  /** One resolved user (or none): its own lock counts its failures; an unknown name counts against the address. */
  private async attempt(user: User | null, password: string, meta: ClientMeta): Promise<LoginResult> {
    const locked = user ? await this.limiter.minutesLeft(accountLock(user)) : null
    // checked even while locked, so a locked account answers in the same time as an open one
    const valid = await verifyPassword(user?.password_hash ?? null, password)
    if (locked) throw this.limiter.lockedError(locked)
    if (!user || !valid) throw await this.failed(user, meta)
    const tenantStatus = await this.signIn.tenantStatus(user.tenant_id)
    if (user.status !== UserStatus.enabled || tenantStatus !== 0) throw new AppError(ErrorCode.userDisabled)
    for (const check of this.checks) await check(user)
    await this.limiter.reset(accountLock(user))
    const issued = await this.tokens.issue(user, meta)
    return { ...issued, tenantId: user.tenant_id, userId: user.id }
  }

  /**
   * A name in several tenants without a target account: "give the target account" only after the
   * password is right for one of them (a locked one does not count). A miss resolves nobody, so it
   * counts against the address, never against each same-named user of other tenants.
   */
  private async ambiguous(candidates: User[], password: string, meta: ClientMeta): Promise<never> {
    const checks = await Promise.all(
      candidates.map(async (u) => {
        const locked = await this.limiter.minutesLeft(accountLock(u))
        const valid = await verifyPassword(u.password_hash, password)
        return valid && !locked
      }),
    )
    if (checks.some(Boolean)) throw new AppError(ErrorCode.targetAccountRequired)
    throw await this.failed(null, meta)
  }

  /**
   * Counts a failure and says so. While the address is locked every failure from it reads
   * "locked", whether the name exists or not, so the lock reveals no names; the right password of
   * an open account still signs in from there.
   */
  private async failed(user: User | null, meta: ClientMeta): Promise<AppError> {
    const address = addressLock(meta.ip)
    const addressLocked = await this.limiter.minutesLeft(address)
    if (user) await this.limiter.recordFailure(accountLock(user))
    else if (!addressLocked) await this.limiter.recordFailure(address)
    return addressLocked ? this.limiter.lockedError(addressLocked) : new AppError(ErrorCode.wrongCredentials)
  }

  /** The tenant id behind an enterprise account name (the admin login stores it before signing in). */
  async tenantIdByName(name: string): Promise<{ tenantId: number }> {
    const tenantId = await this.signIn.systemTenantIdByAccount(system, name.trim())
    if (tenantId === undefined) throw new AppError(ErrorCode.tenantNotFound)
    return { tenantId }
  }
}
