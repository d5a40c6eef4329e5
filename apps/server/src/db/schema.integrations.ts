import type { Generated } from 'kysely'

/** Tables of API keys and webhooks (migration 0030); part of `Database` in schema.ts. Times are epoch ms. */

export interface ApiKeyTable {
  id: Generated<number>
  tenant_id: number
  name: string
  prefix: string
  /** hex SHA-256 of the whole key */
  secret_hash: string
  /** JSON ApiScopeValue[] */
  scopes: string
  /** JSON string[]: addresses or CIDR blocks; empty: any */
  allowed_ips: Generated<string>
  expires_at: number | null
  created_by: number
  created_at: number
  last_used_at: number | null
  last_used_ip: string | null
  revoked_at: number | null
}

export interface ApiIdempotencyTable {
  id: Generated<number>
  tenant_id: number
  idem_key: string
  /** the method, route and body's hash of the first request */
  fingerprint: string
  /** 'pending' while the first request runs, then 'done' */
  state: string
  status: number | null
  /** the first answer's JSON body */
  response: string | null
  created_at: number
}

export interface WebhookEndpointTable {
  id: Generated<number>
  tenant_id: number
  url: string
  description: Generated<string>
  /** the HMAC-SHA256 signing secret */
  secret: string
  /** JSON WebhookEventValue[] */
  events: string
  enabled: number
  disabled_reason: string | null
  failing_since: number | null
  created_at: number
  updated_at: number
}

export interface WebhookEventTable {
  id: Generated<number>
  tenant_id: number
  type: string
  /** the JSON body posted to each endpoint */
  body: string
  created_at: number
}

export interface WebhookDeliveryTable {
  id: Generated<number>
  tenant_id: number
  endpoint_id: number
  event_id: number
  /** deliveries of one key reach an endpoint in the order they were made */
  order_key: string
  state: string
  attempts: Generated<number>
  next_at: number
  lease_owner: string | null
  lease_until: number | null
  last_status: number | null
  last_error: string | null
  last_ms: number | null
  last_at: number | null
  delivered_at: number | null
  created_at: number
}

export interface IntegrationTables {
  api_keys: ApiKeyTable
  api_idempotency: ApiIdempotencyTable
  webhook_endpoints: WebhookEndpointTable
  webhook_events: WebhookEventTable
  webhook_deliveries: WebhookDeliveryTable
}
