import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { User } from '../../db/schema.js'
import { CaptchaLimiter, CaptchaService, captchaRoutes } from '../captcha/index.js'
import { authRoutes } from './auth.routes.js'
import { AuthService, type SignInLookups } from './auth.service.js'
import type { LoginLimiter } from './login-limiter.js'
import type { TokenService } from './token.service.js'

export interface SignInDeps {
  db: Db
  config: Config
  tokens: TokenService
  limiter: LoginLimiter
  /** the users and tenants a sign-in names (the users module) */
  lookups: SignInLookups
  /** rules of other modules a sign-in must pass once the password is right (an agent's seat) */
  checks: ((user: User) => Promise<void>)[]
}

/** Both login screens, with the captcha that guards them. */
export function installSignIn(app: FastifyInstance, deps: SignInDeps) {
  const { db, config } = deps
  const captcha = new CaptchaService(db, new CaptchaLimiter(db, config.CAPTCHA_FREE_MISSES))
  const auth = new AuthService(deps.lookups, deps.tokens, deps.limiter, captcha, deps.checks)
  authRoutes(app, auth, deps.tokens, config.LOGIN_RATE_PER_MINUTE)
  captchaRoutes(app, captcha, config.LOGIN_RATE_PER_MINUTE)
  return { auth, captcha }
}
