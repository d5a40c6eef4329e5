import fs from 'node:fs'
import {
  Access,
  MerchantPath as M,
  merchantCodeCreateBody,
  merchantCodeIdBody,
  merchantCodeIdQuery,
  merchantCodePageBody,
  merchantCodeUpdateBody,
  merchantHistoryBody,
  merchantPublicHistoryBody,
  merchantPublicLinkBody,
  merchantPublicQuery,
  merchantPublicStatusQuery,
  normalizeLanguage,
  ProfilePath as P,
  profileApplyBody,
  profileListBody,
  profilePictureQuery,
} from '@app/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { MerchantsService } from './merchants.service.js'
import type { ProfilesService } from './profiles.service.js'

/** Public calls are counted per code and address: one supplier cannot exhaust another's allowance. */
/** A public page polls: its reads may come this many times as often as links. */
const READ_RATE_FACTOR = 5

const perCodeAndIp = (req: FastifyRequest) => `${req.ip}|${(req.query as { c?: unknown }).c ?? ''}`

export function merchantsRoutes(
  app: FastifyInstance,
  service: MerchantsService,
  profiles: ProfilesService,
  ratePerMinute: number,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['merchants']
  const config = { roles: Access.master }
  // linking starts a WhatsApp login: the sign-in rate; the reads (a page polls the progress) get more room
  const open = {
    public: true,
    rateLimit: { max: ratePerMinute, timeWindow: '1 minute', keyGenerator: perCodeAndIp },
  }
  const openRead = {
    public: true,
    rateLimit: { max: ratePerMinute * READ_RATE_FACTOR, timeWindow: '1 minute', keyGenerator: perCodeAndIp },
  }

  r.post(
    M.page,
    {
      config,
      schema: { tags, summary: 'Merchant codes of the tenant, newest first', body: merchantCodePageBody },
    },
    async (req) => ok(await service.page(callerOf(req).tenantId, req.body)),
  )
  r.post(
    M.create,
    { config, schema: { tags, summary: 'Issue a merchant code', body: merchantCodeCreateBody } },
    async (req) => {
      const c = callerOf(req)
      return ok(await service.create(c.tenantId, c.userId, req.body))
    },
  )
  r.put(
    M.update,
    {
      config,
      schema: { tags, summary: "Change a code's name, quota or expiry", body: merchantCodeUpdateBody },
    },
    async (req) => {
      await service.update(callerOf(req).tenantId, req.body)
      return ok(null)
    },
  )
  r.put(
    M.revoke,
    { config, schema: { tags, summary: 'Revoke a merchant code', body: merchantCodeIdBody } },
    async (req) => {
      await service.revoke(callerOf(req).tenantId, req.body.id)
      return ok(null)
    },
  )
  r.get(
    M.accounts,
    {
      config,
      schema: {
        tags,
        summary: 'The numbers linked through a code, with status',
        querystring: merchantCodeIdQuery,
      },
    },
    async (req) => ok({ list: await service.accounts(callerOf(req).tenantId, req.query.id) }),
  )
  r.post(
    M.chatHistory,
    {
      config,
      schema: {
        tags,
        summary: "The chat history of a code's numbers, newest first (keyset cursor)",
        body: merchantHistoryBody,
      },
    },
    async (req) => ok(await service.history(callerOf(req).tenantId, req.body)),
  )

  // the supplier's public pages: no sign-in, the code is the key
  r.get(
    M.publicInfo,
    {
      config: openRead,
      schema: { tags, summary: 'What a live code allows, and its numbers', querystring: merchantPublicQuery },
    },
    async (req) => ok(await service.publicInfo(req.query.c)),
  )
  r.post(
    M.publicLink,
    {
      config: open,
      schema: {
        tags,
        summary: 'Link a number through a code: answers its pairing code',
        querystring: merchantPublicQuery,
        body: merchantPublicLinkBody,
      },
    },
    async (req) => ok(await service.publicLink(req.query.c, req.body.phone)),
  )
  r.get(
    M.publicStatus,
    {
      config: openRead,
      schema: { tags, summary: "A linking number's progress", querystring: merchantPublicStatusQuery },
    },
    async (req) => ok(await service.publicStatus(req.query.c, req.query.accountId)),
  )
  r.post(
    M.publicChatHistory,
    {
      config: openRead,
      schema: {
        tags,
        summary: "The chat history of a code's numbers, read-only (keyset cursor)",
        querystring: merchantPublicQuery,
        body: merchantPublicHistoryBody,
      },
    },
    async (req) =>
      ok(await service.publicHistory(req.query.c, req.body.accountId, req.body.cursor, req.body.pageSize)),
  )

  // account profiles on the accounts page
  r.post(
    P.list,
    {
      config,
      schema: { tags, summary: "Accounts' profile name, picture and proxy area", body: profileListBody },
    },
    async (req) => ok({ list: await profiles.list(callerOf(req).tenantId, req.body.accountIds) }),
  )
  r.post(
    P.apply,
    {
      config,
      schema: { tags, summary: 'Set nickname and avatar materials on accounts', body: profileApplyBody },
    },
    async (req) => {
      const c = callerOf(req)
      const lang = normalizeLanguage(req.headers.language)
      return ok({ results: await profiles.apply(c.tenantId, c.userId, req.body, lang) })
    },
  )
  r.get(
    P.picture,
    {
      config,
      schema: { tags, summary: 'The picture last set on an account', querystring: profilePictureQuery },
    },
    async (req, reply) => {
      const file = await profiles.picture(callerOf(req).tenantId, req.query.accountId)
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=60')
        .send(fs.createReadStream(file.absolutePath))
    },
  )
}
