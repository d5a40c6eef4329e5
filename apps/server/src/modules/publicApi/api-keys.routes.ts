import { integrationEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { ApiKeysService } from './api-keys.service.js'

export function apiKeysRoutes(app: FastifyInstance, keys: ApiKeysService): void {
  route(app, api.apiKeys, async (req) => ok({ list: await keys.list(callerOf(req).tenantId) }))
  route(app, api.apiKeyCreate, async (req) => ok(await keys.create(callerOf(req), req.body)))
  route(app, api.apiKeyRevoke, async (req) => ok(await keys.revoke(callerOf(req).tenantId, req.body.id)))
}
