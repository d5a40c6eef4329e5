// The auth module's face: what the rest of the server may use of it.
export { installSignIn } from './auth.module.js'

export type { SignInLookups } from './auth.service.js'
export { accountLock, LoginLimiter } from './login-limiter.js'
export { hashPassword, verifyPassword } from './password.js'
export { TokenService } from './token.service.js'
