import {
  type ApiKeyView,
  integrationEndpoints as api,
  type WebhookDeliveryView,
  type WebhookView,
} from '@app/core'

/** The contract's paths, for the fake server (create, update and delete of an endpoint share one). */
export const P = {
  keys: api.apiKeys.path,
  keyCreate: api.apiKeyCreate.path,
  keyRevoke: api.apiKeyRevoke.path,
  hooks: api.webhooks.path,
  hook: api.webhookCreate.path,
  deliveries: api.webhookDeliveries.path,
  redeliver: api.webhookRedeliver.path,
}

const DAY = 86_400_000

/** A key made yesterday by the supervisor, used an hour ago, limited to one address. */
export function makeKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: 1,
    name: 'Order system',
    prefix: 'wsk_Ab12cd',
    scopes: ['read', 'send'],
    allowedIps: ['203.0.113.7'],
    expiresAt: null,
    createdAt: Date.now() - DAY,
    createdBy: 'Master',
    lastUsedAt: Date.now() - 3_600_000,
    lastUsedIp: '203.0.113.7',
    revokedAt: null,
    ...overrides,
  }
}

export function makeHook(overrides: Partial<WebhookView> = {}): WebhookView {
  return {
    id: 5,
    url: 'https://crm.example/hooks/ws',
    description: 'CRM',
    events: ['message.received', 'session.status'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    pending: 0,
    createdAt: Date.now() - DAY,
    ...overrides,
  }
}

/** A delivery of endpoint 5 that failed with a 500 and waits for its next try. */
export function makeDelivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  const id = overrides.id ?? 100
  return {
    id,
    eventId: `evt_${id}`,
    event: 'message.received',
    state: 'pending',
    attempts: 2,
    lastStatus: 500,
    lastError: null,
    lastMs: 120,
    lastAttemptAt: Date.now() - 60_000,
    nextAttemptAt: Date.now() + 60_000,
    deliveredAt: null,
    createdAt: Date.now() - 120_000,
    body: JSON.stringify({ type: 'message.received', data: { id } }),
    ...overrides,
  }
}
