import { z } from 'zod'
import { Access } from '../access.js'
import { endpoint } from './contract.js'

/**
 * A tenant's integrations: API keys for the public REST API (/api/v1) and webhook endpoints that
 * hear the tenant's events. The supervisor manages both on the settings page. A key's secret is
 * shown once, when made, and stored only as a hash; an endpoint's signing secret likewise.
 */

/** What a key may do on /api/v1. */
export const ApiScope = {
  /** read accounts, customers, labels, sessions, messages and materials */
  read: 'read',
  /** send, withdraw, and change a session's status or agent */
  send: 'send',
  /** create and change customers */
  customers: 'customers',
  /** create and run mass-send tasks */
  massSend: 'mass_send',
  /** manage the tenant's webhook endpoints through the API */
  webhooks: 'webhooks',
} as const
export type ApiScopeValue = (typeof ApiScope)[keyof typeof ApiScope]
export const API_SCOPES = Object.values(ApiScope) as [ApiScopeValue, ...ApiScopeValue[]]

/** The events a webhook endpoint may want. */
export const WebhookEvent = {
  messageReceived: 'message.received',
  messageStatus: 'message.status',
  sessionStatus: 'session.status',
  sessionAssigned: 'session.assigned',
  customerCreated: 'customer.created',
  accountStatus: 'account.status',
  massSendFinished: 'mass_send.finished',
  riskWarning: 'risk.warning',
} as const
export type WebhookEventValue = (typeof WebhookEvent)[keyof typeof WebhookEvent]
export const WEBHOOK_EVENTS = Object.values(WebhookEvent) as [WebhookEventValue, ...WebhookEventValue[]]

/** Keys one tenant may hold (revoked ones not counted). */
export const API_KEYS_MAX = 20
/** Webhook endpoints one tenant may hold. */
export const WEBHOOK_ENDPOINTS_MAX = 10
export const API_KEY_NAME_MAX = 50
/** Addresses a key may be limited to. */
export const API_KEY_IPS_MAX = 20
export const WEBHOOK_URL_MAX = 500
export const WEBHOOK_DESCRIPTION_MAX = 200
/** Largest page of a webhook endpoint's delivery log. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100

const id = z.number({ message: 'invalid' }).int().positive()

/** An IPv4 or IPv6 address, or a CIDR block of either. */
const ipOrCidr = z
  .string()
  .trim()
  .max(60, 'apiKey.ipInvalid')
  .regex(/^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]{2,45})(?:\/\d{1,3})?$/, 'apiKey.ipInvalid')

/** POST /damai/customer/apiKey */
export const apiKeyCreateBody = z.object({
  name: z
    .string({ message: 'apiKey.nameRequired' })
    .trim()
    .min(1, 'apiKey.nameRequired')
    .max(API_KEY_NAME_MAX, 'apiKey.nameLength'),
  scopes: z
    .array(z.enum(API_SCOPES, { message: 'apiKey.scopeInvalid' }), { message: 'apiKey.scopesRequired' })
    .min(1, 'apiKey.scopesRequired')
    .max(API_SCOPES.length, 'apiKey.scopeInvalid'),
  /** epoch ms; the key stops working then */
  expiresAt: z
    .number({ message: 'apiKey.expiryInvalid' })
    .int()
    .refine((v) => v > Date.now(), 'apiKey.expiryPast')
    .nullish(),
  /** when set, only these addresses may use the key */
  allowedIps: z.array(ipOrCidr).max(API_KEY_IPS_MAX, 'apiKey.ipsTooMany').default([]),
})
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>

/** PUT /damai/customer/apiKey/revoke */
export const apiKeyRevokeBody = z.object({ id })

export const apiKeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the key's first characters, to tell keys apart (the secret itself is never shown again) */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  allowedIps: z.array(z.string()),
  expiresAt: z.number().nullable(),
  createdAt: z.number(),
  createdBy: z.string(),
  lastUsedAt: z.number().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.number().nullable(),
})
export type ApiKeyView = z.infer<typeof apiKeyView>

export const apiKeyCreated = z.object({
  key: apiKeyView,
  /** the whole key: shown this once */
  secret: z.string(),
})
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>

const webhookUrl = z
  .string({ message: 'webhook.urlRequired' })
  .trim()
  .min(1, 'webhook.urlRequired')
  .max(WEBHOOK_URL_MAX, 'webhook.urlLength')
  .regex(/^https?:\/\/\S+$/i, 'webhook.urlInvalid')
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { message: 'webhook.eventInvalid' }), { message: 'webhook.eventsRequired' })
  .min(1, 'webhook.eventsRequired')
  .max(WEBHOOK_EVENTS.length, 'webhook.eventInvalid')
const webhookDescription = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, 'tooLong')

/** POST /damai/customer/webhook */
export const webhookCreateBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.default(''),
})
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>

/** PUT /damai/customer/webhook: what is given changes; turning it on again clears its failures. */
export const webhookUpdateBody = z.object({
  id,
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: webhookDescription.optional(),
  enabled: z.boolean().optional(),
})
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>

/** DELETE /damai/customer/webhook?id= */
export const webhookIdQuery = z.object({ id: z.coerce.number().int().positive() })

export const WebhookDisabledReason = {
  /** the supervisor turned it off */
  user: 'user',
  /** every delivery failed for a day */
  failing: 'failing',
} as const

export const webhookView = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** why it is off, when it is */
  disabledReason: z.enum(WebhookDisabledReason).nullable(),
  /** since when its deliveries fail (null: the last one succeeded) */
  failingSince: z.number().nullable(),
  /** deliveries waiting or being retried */
  pending: z.number().int(),
  createdAt: z.number(),
})
export type WebhookView = z.infer<typeof webhookView>

export const webhookCreated = z.object({
  endpoint: webhookView,
  /** the signing secret (HMAC-SHA256): shown this once */
  secret: z.string(),
})
export type WebhookCreated = z.infer<typeof webhookCreated>

/** GET /damai/customer/webhook/deliveries: an endpoint's deliveries, newest first; keyset cursor. */
export const webhookDeliveriesQuery = z.object({
  endpointId: z.coerce.number().int().positive(),
  cursor: z
    .string()
    .regex(/^\d{1,16}$/, 'invalid')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(20),
})
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>

export const DeliveryState = {
  pending: 'pending',
  delivered: 'delivered',
  /** retried for a day without success, or its endpoint was turned off */
  failed: 'failed',
} as const

export const webhookDeliveryView = z.object({
  id: z.number().int(),
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  state: z.enum(DeliveryState),
  attempts: z.number().int(),
  /** the receiver's last HTTP status (null: no answer) */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** how long the last attempt took */
  lastMs: z.number().int().nullable(),
  lastAttemptAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
  createdAt: z.number(),
  /** the JSON body sent */
  body: z.string(),
})
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>

export const webhookDeliveryPage = z.object({
  list: z.array(webhookDeliveryView),
  nextCursor: z.string().nullable(),
})
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>

/** POST /damai/customer/webhook/redeliver: send a delivery again (a new attempt of the same event). */
export const webhookRedeliverBody = z.object({ id })

const master = { roles: Access.master, tags: ['integrations'] } as const

export const integrationEndpoints = {
  apiKeys: endpoint({
    ...master,
    method: 'GET',
    path: '/damai/customer/apiKey/list',
    summary: "The tenant's API keys, newest first (revoked ones too)",
    response: z.object({ list: z.array(apiKeyView) }),
  }),
  apiKeyCreate: endpoint({
    ...master,
    method: 'POST',
    path: '/damai/customer/apiKey',
    summary: 'Make an API key; its secret is answered this once',
    body: apiKeyCreateBody,
    response: apiKeyCreated,
  }),
  apiKeyRevoke: endpoint({
    ...master,
    method: 'PUT',
    path: '/damai/customer/apiKey/revoke',
    summary: 'Revoke an API key: it stops working at once',
    body: apiKeyRevokeBody,
    response: apiKeyView,
  }),
  webhooks: endpoint({
    ...master,
    method: 'GET',
    path: '/damai/customer/webhook/list',
    summary: "The tenant's webhook endpoints",
    response: z.object({ list: z.array(webhookView) }),
  }),
  webhookCreate: endpoint({
    ...master,
    method: 'POST',
    path: '/damai/customer/webhook',
    summary: 'Add a webhook endpoint; its signing secret is answered this once',
    body: webhookCreateBody,
    response: webhookCreated,
  }),
  webhookUpdate: endpoint({
    ...master,
    method: 'PUT',
    path: '/damai/customer/webhook',
    summary: "Change a webhook endpoint's address, events, description, or turn it on or off",
    body: webhookUpdateBody,
    response: webhookView,
  }),
  webhookDelete: endpoint({
    ...master,
    method: 'DELETE',
    path: '/damai/customer/webhook',
    summary: 'Remove a webhook endpoint and its delivery log',
    query: webhookIdQuery,
    response: z.null(),
  }),
  webhookDeliveries: endpoint({
    ...master,
    method: 'GET',
    path: '/damai/customer/webhook/deliveries',
    summary: "An endpoint's delivery log, newest first",
    query: webhookDeliveriesQuery,
    response: webhookDeliveryPage,
  }),
  webhookRedeliver: endpoint({
    ...master,
    method: 'POST',
    path: '/damai/customer/webhook/redeliver',
    summary: 'Send a delivery again now',
    body: webhookRedeliverBody,
    response: webhookDeliveryView,
  }),
}
