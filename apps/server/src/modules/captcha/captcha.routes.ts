import { captchaEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { CaptchaService } from './captcha.service.js'

export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService, ratePerMinute: number): void {
  // open to everyone: each address is held to a rate
  const limited = { config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } } }
  route(app, api.get, async () => ok(await captcha.issue()), limited)
  route(
    app,
    api.check,
    async (req) => ok(await captcha.check(req.body.token, req.body.x, req.body.track, req.ip)),
    limited,
  )
}
