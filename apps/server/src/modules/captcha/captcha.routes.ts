import { captchaCheckBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../http/envelope.js'
import type { CaptchaService } from './captcha.service.js'

export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService, ratePerMinute: number): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const rateLimit = { max: ratePerMinute, timeWindow: '1 minute' }
  r.post(
    '/damai/system/captcha/get',
    {
      config: { public: true, rateLimit },
      schema: { tags: ['auth'], summary: 'A new block-puzzle captcha', body: z.object({}).optional() },
    },
    async () => ok(await captcha.issue()),
  )
  r.post(
    '/damai/system/captcha/check',
    {
      config: { public: true, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Check where the piece was dropped; misses from one address lock it for growing times',
        body: captchaCheckBody,
      },
    },
    async (req) => ok(await captcha.check(req.body.token, req.body.x, req.ip)),
  )
}
