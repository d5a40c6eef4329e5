import {
  type ApiKeyCreateBody,
  integrationEndpoints as api,
  type WebhookCreateBody,
  type WebhookUpdateBody,
} from '@app/core'
import { type CallConfig, call } from '../../../api/client'

/** A form's own call: a refusal lands on its fields (see `formIssues`), not in a toast. */
const quiet: CallConfig = { silent: true }

/** The tenant's API keys, newest first, revoked ones too. */
export const listApiKeys = () => call(api.apiKeys).then((r) => r.list)
/** The answer carries the whole key this once. */
export const createApiKey = (body: ApiKeyCreateBody) => call(api.apiKeyCreate, body, quiet)
export const revokeApiKey = (id: number) => call(api.apiKeyRevoke, { id })

export const listWebhooks = () => call(api.webhooks).then((r) => r.list)
/** The answer carries the signing secret this once. */
export const createWebhook = (body: WebhookCreateBody) => call(api.webhookCreate, body, quiet)
export const editWebhook = (body: WebhookUpdateBody) => call(api.webhookUpdate, body, quiet)
/** Turning an endpoint on again clears its failures. */
export const setWebhookEnabled = (id: number, enabled: boolean) => call(api.webhookUpdate, { id, enabled })
export const deleteWebhook = (id: number) => call(api.webhookDelete, { id })
export const listDeliveries = (endpointId: number, cursor: string | undefined, pageSize: number) =>
  call(api.webhookDeliveries, { endpointId, cursor, pageSize })
export const redeliver = (id: number) => call(api.webhookRedeliver, { id })

export const IntegrationsKey = {
  apiKeys: ['integrations', 'apiKeys'],
  webhooks: ['integrations', 'webhooks'],
  deliveries: (endpointId: number) => ['integrations', 'deliveries', endpointId],
} as const
