import fs from 'node:fs'
import { merchantEndpoints as api, normalizeLanguage } from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { MerchantsService } from './merchants.service.js'
import type { ProfilesService } from './profiles.service.js'

/** A public page polls a link's progress: its reads may come this many times as often as links. */
const READ_RATE_FACTOR = 5

/** A link and its progress are counted per code and address: one supplier cannot exhaust another's allowance. */
const perCodeAndIp = (req: FastifyRequest) => `${req.ip}|${(req.query as { c?: unknown }).c ?? ''}`

export interface MerchantRates {
  /** links per code and address per minute (the sign-in rate: a link starts a WhatsApp login) */
  perMinute: number
  /** lookups of a code per address per minute */
  lookups: number
}

export function merchantsRoutes(
  app: FastifyInstance,
  service: MerchantsService,
  profiles: ProfilesService,
  rates: MerchantRates,
): void {
  const open = {
    config: { rateLimit: { max: rates.perMinute, timeWindow: '1 minute', keyGenerator: perCodeAndIp } },
  }
  const openRead = {
    config: {
      rateLimit: {
        max: rates.perMinute * READ_RATE_FACTOR,
        timeWindow: '1 minute',
        keyGenerator: perCodeAndIp,
      },
    },
  }
  // a lookup answers for any code it is given: counted per address alone, so trying codes costs the
  // caller its allowance (the address the other public pages count, as resolved behind TRUST_PROXY)
  const lookup = { config: { rateLimit: { max: rates.lookups, timeWindow: '1 minute' } } }

  route(app, api.page, async (req) => ok(await service.page(callerOf(req).tenantId, req.body)))
  route(app, api.create, async (req) => {
    const c = callerOf(req)
    return ok(await service.create(c.tenantId, c.userId, req.body))
  })
  route(app, api.update, async (req) => {
    await service.update(callerOf(req).tenantId, req.body)
    return ok(null)
  })
  route(app, api.revoke, async (req) => {
    await service.revoke(callerOf(req).tenantId, req.body.id)
    return ok(null)
  })
  route(app, api.accounts, async (req) =>
    ok({ list: await service.accounts(callerOf(req).tenantId, req.query.id) }),
  )
  route(app, api.chatHistory, async (req) => ok(await service.history(callerOf(req).tenantId, req.body)))

  // the supplier's public pages: no sign-in, the code is the key
  route(app, api.publicInfo, async (req) => ok(await service.publicInfo(req.query.c)), lookup)
  route(app, api.publicLink, async (req) => ok(await service.publicLink(req.query.c, req.body.phone)), open)
  route(
    app,
    api.publicStatus,
    async (req) => ok(await service.publicStatus(req.query.c, req.query.accountId)),
    openRead,
  )
  route(
    app,
    api.publicChatHistory,
    async (req) =>
      ok(await service.publicHistory(req.query.c, req.body.accountId, req.body.cursor, req.body.pageSize)),
    lookup,
  )

  // account profiles on the accounts page
  route(app, api.profileList, async (req) =>
    ok({ list: await profiles.list(callerOf(req).tenantId, req.body.accountIds) }),
  )
  route(app, api.profileApply, async (req) => {
    const c = callerOf(req)
    const lang = normalizeLanguage(req.headers.language)
    return ok({ results: await profiles.apply(c.tenantId, c.userId, req.body, lang) })
  })
  route(app, api.profilePicture, async (req, reply) => {
    const file = await profiles.picture(callerOf(req).tenantId, req.query.accountId)
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=60')
      .send(fs.createReadStream(file.absolutePath))
  })
}
