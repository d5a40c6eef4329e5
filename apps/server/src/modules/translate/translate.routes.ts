import { translateEndpoints as api, type TranslateResult } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { TranslateService } from './translate.service.js'

/**
 * Translation for the desk (its roles only). The target language is the desk user's: the agent a
 * supervisor acts as (customer-user-id, spec §6 "customer user" calls), else the caller.
 */
export function translateRoutes(app: FastifyInstance, translate: TranslateService): void {
  route(app, api.translate, async (req) => {
    const { tenantId } = callerOf(req)
    const target = req.body.target ?? (await translate.targetLanguage(tenantId, callerOf(req).actingUserId))
    const texts = req.body.texts ?? [req.body.text as string]
    const out = await translate.translate(texts, target)
    const result: TranslateResult = req.body.texts ? { target, texts: out } : { target, text: out[0] }
    return ok(result)
  })
  route(app, api.targetLanguage, async (req) => {
    const { tenantId } = callerOf(req)
    return ok({
      targetLanguage: await translate.storedTargetLanguage(tenantId, callerOf(req).actingUserId),
    })
  })
  route(app, api.setTargetLanguage, async (req) => {
    const { tenantId } = callerOf(req)
    await translate.setTargetLanguage(tenantId, callerOf(req).actingUserId, req.body.targetLanguage)
    return ok(null)
  })
}
