import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { Desk } from '../desk/index.js'
import { ApiKeysRepository } from './api-keys.repository.js'
import { apiKeysRoutes } from './api-keys.routes.js'
import { ApiKeysService } from './api-keys.service.js'
import { Idempotency } from './v1/idempotency.js'
import { type OperationDeps, operations } from './v1/operations.js'
import { PUBLIC_API_PREFIX, publicApi } from './v1/plugin.js'

export interface PublicApiDeps {
  db: Db
  desk: Desk
  labels: OperationDeps['labels']
  fans: OperationDeps['fans']
  materials: OperationDeps['materials']
  massSend: OperationDeps['massSend']
  outbound: OperationDeps['outbound']
  webhooks: OperationDeps['webhooks']
  /** requests per key and minute */
  ratePerMinute: number
}

/** API keys (the supervisor's settings) and the public REST API under /api/v1 that they open. */
export async function installPublicApi(app: FastifyInstance, deps: PublicApiDeps) {
  const keys = new ApiKeysService(new ApiKeysRepository(deps.db))
  apiKeysRoutes(app, keys)
  const { db, desk, labels, fans, materials, massSend } = deps
  const ops = operations({
    db,
    desk,
    labels,
    fans,
    materials,
    massSend,
    outbound: deps.outbound,
    webhooks: deps.webhooks,
  })
  await app.register(publicApi, {
    prefix: PUBLIC_API_PREFIX,
    keys,
    idempotency: new Idempotency(deps.db),
    operations: ops,
    ratePerMinute: deps.ratePerMinute,
  })
  return { keys, operations: ops }
}
