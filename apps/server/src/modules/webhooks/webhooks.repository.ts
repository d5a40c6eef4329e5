import { DeliveryState } from '@app/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.integrations.js'

export type EndpointRow = Selectable<WebhookEndpointTable>
export type DeliveryRow = Selectable<WebhookDeliveryTable>

/** One occurrence to store, with the endpoints that want it. */
export interface NewEvent {
  tenantId: number
  type: string
  orderKey: string
  /** the event's data (the body posted wraps it with the event's id, type and time) */
  data: Record<string, unknown>
  createdAt: number
  endpointIds: number[]
}

type Q = Kysely<Database>

/** Webhook endpoints, the events they hear and their delivery log (the queue's own work: delivery-queue.repository.ts). */
export class WebhooksRepository {
  constructor(private readonly db: Db) {}

  list(tenantId: number): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
  }

  byId(tenantId: number, id: number): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** The enabled endpoints of a tenant (the publisher's cache). */
  enabled(tenantId: number): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .execute()
  }

  async count(tenantId: number): Promise<number> {
    const r = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }

  async pendingCounts(tenantId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', DeliveryState.pending)
      .groupBy('endpoint_id')
      .execute()
    return new Map(rows.map((r) => [Number(r.endpoint_id), Number(r.n)]))
  }

  async insert(row: Omit<EndpointRow, 'id'>): Promise<number> {
    const r = await this.db
      .insertInto('webhook_endpoints')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(r.id)
  }

  async update(
    tenantId: number,
    id: number,
    set: Partial<Omit<EndpointRow, 'id' | 'tenant_id'>>,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set(set)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** Remove an endpoint with its deliveries (events stay for the other endpoints). */
  async remove(tenantId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('webhook_deliveries')
        .where('tenant_id', '=', tenantId)
        .where('endpoint_id', '=', id)
        .execute()
      const r = await tx
        .deleteFrom('webhook_endpoints')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(r.numDeletedRows) === 1
    })
  }

  /**
   * Store occurrences and their deliveries in `q` (the caller's transaction): the body posted
   * carries the event's id, so a receiver can drop a delivery it already has.
   */
  async enqueue(q: Q, events: NewEvent[]): Promise<void> {
    const wanted = events.filter((e) => e.endpointIds.length > 0)
    if (wanted.length === 0) return
    for (let i = 0; i < wanted.length; i += 200) {
      const chunk = wanted.slice(i, i + 200)
      const ids = await q
        .insertInto('webhook_events')
        .values(
          chunk.map((e) => ({
            tenant_id: e.tenantId,
            type: e.type,
            body: JSON.stringify(e.data),
            created_at: e.createdAt,
          })),
        )
        .returning('id')
        .execute()
      const deliveries: Omit<DeliveryRow, 'id' | 'attempts'>[] = []
      for (const [j, e] of chunk.entries()) {
        const eventId = Number(ids[j].id)
        for (const endpointId of e.endpointIds)
          deliveries.push({
            tenant_id: e.tenantId,
            endpoint_id: endpointId,
            event_id: eventId,
            order_key: e.orderKey,
            state: DeliveryState.pending,
            next_at: e.createdAt,
            lease_owner: null,
            lease_until: null,
            last_status: null,
            last_error: null,
            last_ms: null,
            last_at: null,
            delivered_at: null,
            created_at: e.createdAt,
          })
      }
      for (let k = 0; k < deliveries.length; k += 300)
        await q
          .insertInto('webhook_deliveries')
          .values(deliveries.slice(k, k + 300))
          .execute()
    }
  }

  /** An endpoint's deliveries, newest first, with their events. */
  deliveries(tenantId: number, endpointId: number, before: number | undefined, limit: number) {
    let q = this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.type', 'e.body', 'e.created_at as event_at'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.endpoint_id', '=', endpointId)
    if (before !== undefined) q = q.where('d.id', '<', before)
    return q.orderBy('d.id', 'desc').limit(limit).execute()
  }

  delivery(tenantId: number, id: number) {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.type', 'e.body', 'e.created_at as event_at'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.id', '=', id)
      .executeTakeFirst()
  }

  /** Make a delivery due now again (a new attempt of the same event). */
  async redeliver(tenantId: number, id: number, now: number): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ state: DeliveryState.pending, next_at: now, lease_owner: null, lease_until: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }
}

/** The id a receiver sees: stable across attempts of one event. */
export const eventIdText = (id: number) => `evt_${id}`

/** The JSON body posted for an event: its id, type and time around the stored data. */
export const eventBody = (eventId: number, type: string, createdAt: number, data: string) =>
  `{"id":"${eventIdText(eventId)}","type":${JSON.stringify(type)},"createdAt":${createdAt},"data":${data}}`
