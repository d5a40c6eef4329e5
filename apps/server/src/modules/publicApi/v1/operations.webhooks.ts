import { ApiScope, webhookCreateBody, webhookCreated, webhookUpdateBody, webhookView } from '@app/core'
import { z } from 'zod'
import { idParams } from './fields.js'
import { type Operation, operation } from './operation.js'
import type { OperationDeps } from './operations.js'

/** The tenant's webhook endpoints, managed by a key with the `webhooks` scope as on the settings page. */
export function webhookOperations(d: OperationDeps): Operation[] {
  return [
    operation({
      method: 'GET',
      path: '/webhooks',
      operationId: 'listWebhooks',
      summary: 'The tenant’s webhook endpoints with their events, state and waiting deliveries',
      tag: 'webhooks',
      scope: ApiScope.webhooks,
      response: z.object({ data: z.array(webhookView) }),
      handler: async ({ principal }) => ({ data: await d.webhooks.list(principal.tenantId) }),
    }),
    operation({
      method: 'POST',
      path: '/webhooks',
      operationId: 'createWebhook',
      summary: 'Add an endpoint; its signing secret (whsec_…) is answered this once',
      tag: 'webhooks',
      scope: ApiScope.webhooks,
      body: webhookCreateBody,
      response: webhookCreated,
      status: 201,
      create: true,
      handler: async ({ principal, body }) => d.webhooks.create(principal.tenantId, body),
    }),
    operation({
      method: 'PATCH',
      path: '/webhooks/:id',
      operationId: 'updateWebhook',
      summary: 'Change an endpoint’s address, events or description, or turn it on or off',
      tag: 'webhooks',
      scope: ApiScope.webhooks,
      params: idParams,
      body: webhookUpdateBody.omit({ id: true }),
      response: webhookView,
      handler: async ({ principal, params, body }) =>
        d.webhooks.update(principal.tenantId, { ...body, id: params.id }),
    }),
    operation({
      method: 'DELETE',
      path: '/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Remove an endpoint and its delivery log',
      tag: 'webhooks',
      scope: ApiScope.webhooks,
      params: idParams,
      response: z.object({ id: z.number().int(), deleted: z.boolean() }),
      handler: async ({ principal, params }) => {
        await d.webhooks.remove(principal.tenantId, params.id)
        return { id: params.id, deleted: true }
      },
    }),
  ]
}
