// The captcha module's face: what the rest of the server may use of it.
export { CaptchaLimiter } from './captcha.limiter.js'
export { captchaRoutes } from './captcha.routes.js'
export { CaptchaService } from './captcha.service.js'
