import fs from 'node:fs/promises'
import path from 'node:path'
import {
  Access,
  DIVERSION_PUBLIC_PATH,
  DiversionUnavailable,
  type DiversionUnavailableValue,
  diversionEnableBody,
  diversionIdQuery,
  diversionLinkBody,
  diversionLinkUpdateBody,
  diversionPageBody,
  ErrorCode,
  type ErrorCodeValue,
  InteractionPath,
  interactionPageBody,
  DiversionPath as P,
  publicVisitQuery,
} from '@app/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { Interactions } from './interactions.js'
import type { LinksService } from './links.service.js'
import type { VisitService } from './visits.js'

const tags = ['diversion']
const master = { roles: Access.master }

const UNAVAILABLE_CODE: Record<DiversionUnavailableValue, ErrorCodeValue> = {
  [DiversionUnavailable.unknown]: ErrorCode.diversionUnknown,
  [DiversionUnavailable.disabled]: ErrorCode.diversionDisabled,
  [DiversionUnavailable.noAccount]: ErrorCode.diversionNoAccount,
}

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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { links } = deps
  r.post(
    P.create,
    { config: master, schema: { tags, summary: 'Create a diversion link', body: diversionLinkBody } },
    async (req) => {
      const c = callerOf(req)
      return ok(await links.create(c.tenantId, c.userId, req.body))
    },
  )
  r.put(
    P.update,
    {
      config: master,
      schema: { tags, summary: "Change a link's name, greeting and accounts", body: diversionLinkUpdateBody },
    },
    async (req) => ok(await links.update(callerOf(req).tenantId, req.body.id, req.body)),
  )
  r.put(
    P.enable,
    { config: master, schema: { tags, summary: 'Enable or disable a link', body: diversionEnableBody } },
    async (req) => {
      await links.setEnabled(callerOf(req).tenantId, req.body.id, req.body.enabled)
      return ok(null)
    },
  )
  r.delete(
    P.remove,
    { config: master, schema: { tags, summary: 'Delete a link', querystring: diversionIdQuery } },
    async (req) => {
      await links.remove(callerOf(req).tenantId, req.query.id)
      return ok(null)
    },
  )
  r.post(
    P.page,
    { config: master, schema: { tags, summary: 'Links, newest first', body: diversionPageBody } },
    async (req) => ok(await links.page(callerOf(req).tenantId, req.body)),
  )
  r.get(
    P.stats,
    {
      config: master,
      schema: { tags, summary: 'Visits and new fans per account and agent', querystring: diversionIdQuery },
    },
    async (req) => ok(await links.stats(callerOf(req).tenantId, req.query.id)),
  )
  r.get(
    P.qr,
    {
      config: master,
      schema: { tags, summary: 'QR code of the public link (PNG data URL)', querystring: diversionIdQuery },
    },
    async (req) => ok(await links.qr(callerOf(req).tenantId, req.query.id, `${req.protocol}://${req.host}`)),
  )
  r.post(
    InteractionPath.page,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'Sessions whose customer answered a mass send or an auto reply, newest first',
        body: interactionPageBody,
      },
    },
    async (req) => ok(await deps.interactions.page(callerOf(req), req.body)),
  )

  const rateLimit = { max: deps.visitsPerMinute, timeWindow: '1 minute' }
  r.get(
    P.publicVisit,
    {
      config: { public: true, rateLimit },
      schema: {
        tags,
        summary: 'A visit to a link, as JSON: where to send the visitor',
        querystring: publicVisitQuery,
      },
    },
    async (req) => {
      const outcome = await deps.visits.visit(req.query.c)
      if ('why' in outcome) throw new AppError(UNAVAILABLE_CODE[outcome.why])
      return ok(outcome)
    },
  )
  r.get(
    DIVERSION_PUBLIC_PATH,
    {
      config: { public: true, rateLimit },
      schema: {
        tags,
        summary: 'A visit to a link: redirect to WhatsApp, or to the page saying why not',
        querystring: z.object({
          c: z.string().max(64).default(''),
          why: z.string().max(20).optional(),
          lang: z.string().max(5).optional(),
        }),
      },
    },
    async (req, reply) => {
      if (req.query.why !== undefined) return unavailablePage(reply, deps.webDist, req.query.why)
      const outcome = await deps.visits.visit(req.query.c)
      if ('url' in outcome) return reply.redirect(outcome.url, 302)
      const q = new URLSearchParams({ c: req.query.c, why: outcome.why, lang: visitorLanguage(req) })
      return reply.redirect(`${DIVERSION_PUBLIC_PATH}?${q}`, 302)
    },
  )
}

/** The web app's page for /s (it reads `why` and `lang`); without a build, the reason as the envelope. */
async function unavailablePage(reply: FastifyReply, webDist: string, why: string) {
  const html = await fs.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => null)
  if (html !== null) return reply.header('cache-control', 'no-cache').type('text/html').send(html)
  throw new AppError(UNAVAILABLE_CODE[why as DiversionUnavailableValue] ?? ErrorCode.diversionUnknown)
}
