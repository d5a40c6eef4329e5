import fs from 'node:fs/promises'
import path from 'node:path'
import {
  diversionEndpoints as api,
  DIVERSION_PUBLIC_PATH,
  type DiversionUnavailableValue,
  ErrorCode,
} from '@app/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { Interactions } from './interactions.js'
import type { LinksService } from './links.service.js'
import { UNAVAILABLE_CODE, type VisitService } from './visits.js'

/** A visitor reads the /s page in Chinese when the browser prefers it, else in English. */
function visitorLanguage(req: FastifyRequest): 'zh' | 'en' {
  const first =
    String(req.headers['accept-language'] ?? '')
      .split(',')[0]
      ?.trim()
      .toLowerCase() ?? ''
  return first.startsWith('zh') ? 'zh' : 'en'
}

export interface DiversionRouteDeps {
  links: LinksService
  visits: VisitService
  interactions: Interactions
  visitsPerMinute: number
  /** the built web app, whose /s page explains a visit that found no account */
  webDist: string
}

export function diversionRoutes(app: FastifyInstance, deps: DiversionRouteDeps): void {
  const { links } = deps
  route(app, api.create, async (req) => {
    const c = callerOf(req)
    return ok(await links.create(c.tenantId, c.userId, req.body))
  })
  route(app, api.update, async (req) => ok(await links.update(callerOf(req).tenantId, req.body.id, req.body)))
  route(app, api.enable, async (req) => {
    await links.setEnabled(callerOf(req).tenantId, req.body.id, req.body.enabled)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await links.remove(callerOf(req).tenantId, req.query.id)
    return ok(null)
  })
  route(app, api.page, async (req) => ok(await links.page(callerOf(req).tenantId, req.body)))
  route(app, api.stats, async (req) => ok(await links.stats(callerOf(req).tenantId, req.query.id)))
  route(app, api.qr, async (req) =>
    ok(await links.qr(callerOf(req).tenantId, req.query.id, `${req.protocol}://${req.host}`)),
  )
  route(app, api.interactions, async (req) => ok(await deps.interactions.page(callerOf(req), req.body)))

  // the public visit is open to everyone: each address is held to a rate
  const limited = { config: { rateLimit: { max: deps.visitsPerMinute, timeWindow: '1 minute' } } }
  route(
    app,
    api.publicVisit,
    async (req) => {
      const target = await deps.visits.target(req.query.c)
      return ok({ url: target.url })
    },
    limited,
  )
  route(
    app,
    api.visitPage,
    async (req, reply) => {
      if (req.query.why !== undefined) return unavailablePage(reply, deps.webDist, req.query.why)
      const outcome = await deps.visits.visit(req.query.c)
      if ('url' in outcome) return reply.redirect(outcome.url, 302)
      const q = new URLSearchParams({ c: req.query.c, why: outcome.why, lang: visitorLanguage(req) })
      return reply.redirect(`${DIVERSION_PUBLIC_PATH}?${q}`, 302)
    },
    limited,
  )
}

/** The web app's page for /s (it reads `why` and `lang`); without a build, the reason as the envelope. */
async function unavailablePage(reply: FastifyReply, webDist: string, why: string) {
  const html = await fs.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => null)
  if (html !== null) return reply.header('cache-control', 'no-cache').type('text/html').send(html)
  throw new AppError(UNAVAILABLE_CODE[why as DiversionUnavailableValue] ?? ErrorCode.diversionUnknown)
}
