import { type AdminLoginBody, ErrorCode, type LoginBody, type LoginResult, UserStatus } from '@app/core'
import type { Db } from '../../db/index.js'
import type { User } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import type { CaptchaService } from '../captcha/captcha.service.js'
import type { LoginLimiter } from './login-limiter.js'
import { verifyPassword } from './password.js'
import type { TokenService } from './token.service.js'

export interface ClientMeta {
  ip: string
  userAgent: string
}

/** Sign-in rules for both login screens. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiter,
    private readonly captcha: CaptchaService,
  ) {}

  /** /login: the tenants' people; the target account is needed only when the name is ambiguous. */
  async login(body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
    await this.limiter.assertOpen(body.username)
    let query = this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .selectAll('u')
      .where('u.username', '=', body.username)
      .where('t.is_platform', '=', 0)
    if (body.targetAccount) query = query.where('t.account', '=', body.targetAccount)
    const candidates = await query.limit(2).execute()
    if (candidates.length > 1) throw new AppError(ErrorCode.targetAccountRequired)
    return this.finish(candidates[0] ?? null, body.username, body.password, meta)
  }

  /** /adminLogin: enterprise account + captcha; any role may use it. */
  async adminLogin(body: AdminLoginBody, meta: ClientMeta): Promise<LoginResult> {
    await this.captcha.consume(body.captchaVerification)
    await this.limiter.assertOpen(body.username)
    const user = await this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .selectAll('u')
      .where('u.username', '=', body.username)
      .where('t.account', '=', body.enterUsername)
      .executeTakeFirst()
    return this.finish(user ?? null, body.username, body.password, meta)
  }

  private async finish(
    user: User | null,
    username: string,
    password: string,
    meta: ClientMeta,
  ): Promise<LoginResult> {
    const valid = await verifyPassword(user?.password_hash ?? null, password)
    if (!user || !valid) {
      await this.limiter.recordFailure(username)
      throw new AppError(ErrorCode.wrongCredentials)
    }
    const tenant = await this.db
      .selectFrom('tenants')
      .select('status')
      .where('id', '=', user.tenant_id)
      .executeTakeFirst()
    if (user.status !== UserStatus.enabled || tenant?.status !== 0) throw new AppError(ErrorCode.userDisabled)
    await this.limiter.reset(username)
    const issued = await this.tokens.issue(user, meta)
    return { ...issued, tenantId: user.tenant_id, userId: user.id }
  }

  /** The tenant id behind an enterprise account name (the admin login stores it before signing in). */
  async tenantIdByName(name: string): Promise<{ tenantId: number }> {
    const row = await this.db
      .selectFrom('tenants')
      .select('id')
      .where('account', '=', name.trim())
      .executeTakeFirst()
    if (!row) throw new AppError(ErrorCode.tenantNotFound)
    return { tenantId: row.id }
  }
}
