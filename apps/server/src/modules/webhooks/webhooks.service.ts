import {
  DeliveryState,
  ErrorCode,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookCreateBody,
  type WebhookCreated,
  type WebhookDeliveriesQuery,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  WebhookDisabledReason,
  type WebhookEventValue,
  type WebhookUpdateBody,
  type WebhookView,
} from '@app/core'
import { AppError, notFound } from '../../http/errors.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { newSigningSecret } from './signature.js'
import {
  type DeliveryRow,
  type EndpointRow,
  eventBody,
  eventIdText,
  type WebhooksRepository,
} from './webhooks.repository.js'

type DeliveryWithEvent = DeliveryRow & { type: string; body: string; event_at: number }

/** The supervisor's webhook endpoints: add, change, turn on or off, remove; their delivery log. */
export class WebhooksService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly outbound: OutboundGuard,
    /** the endpoints of a tenant changed: the publisher reads them again */
    private readonly changed: (tenantId: number) => void,
    /** deliveries of these endpoints are due now */
    private readonly wake: (endpointIds: number[]) => void,
  ) {}

  async list(tenantId: number): Promise<WebhookView[]> {
    const [rows, pending] = await Promise.all([this.repo.list(tenantId), this.repo.pendingCounts(tenantId)])
    return rows.map((r) => present(r, pending.get(Number(r.id)) ?? 0))
  }

  async create(tenantId: number, body: WebhookCreateBody): Promise<WebhookCreated> {
    await this.outbound.checkUrlForSave(body.url)
    if ((await this.repo.count(tenantId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError(ErrorCode.webhooksFull, { params: { max: WEBHOOK_ENDPOINTS_MAX } })
    const now = Date.now()
    const secret = newSigningSecret()
    const id = await this.repo.insert({
      tenant_id: tenantId,
      url: body.url,
      description: body.description,
      secret,
      events: JSON.stringify(unique(body.events)),
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    })
    this.changed(tenantId)
    return { endpoint: await this.view(tenantId, id), secret }
  }

  async update(tenantId: number, body: WebhookUpdateBody): Promise<WebhookView> {
    const row = await this.repo.byId(tenantId, body.id)
    if (!row) throw notFound()
    if (body.url !== undefined && body.url !== row.url) await this.outbound.checkUrlForSave(body.url)
    const set: Partial<EndpointRow> = { updated_at: Date.now() }
    if (body.url !== undefined) set.url = body.url
    if (body.description !== undefined) set.description = body.description
    if (body.events !== undefined) set.events = JSON.stringify(unique(body.events))
    if (body.enabled === true) Object.assign(set, { enabled: 1, disabled_reason: null, failing_since: null })
    if (body.enabled === false)
      Object.assign(set, { enabled: 0, disabled_reason: WebhookDisabledReason.user })
    await this.repo.update(tenantId, body.id, set)
    this.changed(tenantId)
    if (body.enabled === true) this.wake([body.id])
    return this.view(tenantId, body.id)
  }

  async remove(tenantId: number, id: number): Promise<void> {
    if (!(await this.repo.remove(tenantId, id))) throw notFound()
    this.changed(tenantId)
  }

  async deliveries(tenantId: number, q: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
    if (!(await this.repo.byId(tenantId, q.endpointId))) throw notFound()
    const rows = await this.repo.deliveries(
      tenantId,
      q.endpointId,
      q.cursor === undefined ? undefined : Number(q.cursor),
      q.pageSize + 1,
    )
    const more = rows.length > q.pageSize
    const list = rows.slice(0, q.pageSize).map(presentDelivery)
    return { list, nextCursor: more ? String(list[list.length - 1].id) : null }
  }

  /** Send a delivery again now; on an endpoint turned off it waits until the endpoint is on again. */
  async redeliver(tenantId: number, id: number): Promise<WebhookDeliveryView> {
    const row = await this.repo.delivery(tenantId, id)
    if (!row) throw notFound()
    await this.repo.redeliver(tenantId, id, Date.now())
    this.wake([Number(row.endpoint_id)])
    const after = await this.repo.delivery(tenantId, id)
    return presentDelivery(after ?? row)
  }

  private async view(tenantId: number, id: number): Promise<WebhookView> {
    const row = await this.repo.byId(tenantId, id)
    if (!row) throw notFound()
    const pending = await this.repo.pendingCounts(tenantId)
    return present(row, pending.get(id) ?? 0)
  }
}

const unique = (events: WebhookEventValue[]) => [...new Set(events)]

function present(r: EndpointRow, pending: number): WebhookView {
  return {
    id: Number(r.id),
    url: r.url,
    description: r.description,
    events: JSON.parse(r.events) as WebhookEventValue[],
    enabled: r.enabled === 1,
    disabledReason: r.enabled === 1 ? null : ((r.disabled_reason ?? 'user') as WebhookView['disabledReason']),
    failingSince: r.failing_since,
    pending,
    createdAt: r.created_at,
  }
}

function presentDelivery(d: DeliveryWithEvent): WebhookDeliveryView {
  const eventId = Number(d.event_id)
  return {
    id: Number(d.id),
    eventId: eventIdText(eventId),
    event: d.type as WebhookEventValue,
    state: d.state as WebhookDeliveryView['state'],
    attempts: d.attempts,
    lastStatus: d.last_status,
    lastError: d.last_error,
    lastMs: d.last_ms,
    lastAttemptAt: d.last_at,
    nextAttemptAt: d.state === DeliveryState.pending ? d.next_at : null,
    deliveredAt: d.delivered_at,
    createdAt: d.created_at,
    body: eventBody(eventId, d.type, d.event_at, d.body),
  }
}
