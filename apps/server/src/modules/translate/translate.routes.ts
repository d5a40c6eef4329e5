import { Access, type TranslateResult, targetLanguageBody, translateBody } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { TranslateService } from './translate.service.js'

/**
 * Translation for the desk and chat history. The target language is the desk user's: the agent a
 * supervisor acts as (customer-user-id, spec §6 "customer user" calls), else the caller.
 */
export function translateRoutes(app: FastifyInstance, translate: TranslateService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['translate']
  r.post(
    '/damai/customer/user/translate',
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Translate `text` or `texts` into `target` (default: the desk user target language)',
        body: translateBody,
      },
    },
    async (req) => {
      const { tenantId } = callerOf(req)
      const target = req.body.target ?? (await translate.targetLanguage(tenantId, callerOf(req).actingUserId))
      const texts = req.body.texts ?? [req.body.text as string]
      const out = await translate.translate(texts, target)
      const result: TranslateResult = req.body.texts ? { target, texts: out } : { target, text: out[0] }
      return ok(result)
    },
  )
  r.get(
    '/damai/customer/user/targetLanguage',
    {
      config: { roles: Access.tenant },
      schema: { tags, summary: 'The language the desk translates chats into' },
    },
    async (req) => {
      const { tenantId } = callerOf(req)
      return ok({
        targetLanguage: await translate.storedTargetLanguage(tenantId, callerOf(req).actingUserId),
      })
    },
  )
  r.put(
    '/damai/customer/user/targetLanguage',
    {
      config: { roles: Access.tenant },
      schema: {
        tags,
        summary: 'Choose the language the desk translates chats into',
        body: targetLanguageBody,
      },
    },
    async (req) => {
      const { tenantId } = callerOf(req)
      await translate.setTargetLanguage(tenantId, callerOf(req).actingUserId, req.body.targetLanguage)
      return ok(null)
    },
  )
}
