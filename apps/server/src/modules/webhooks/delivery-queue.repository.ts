import { DeliveryState } from '@app/core'
import { type ExpressionBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js'

/** A delivery as the sender takes it: the row with its event's type and body and its endpoint's address. */
export interface DueDelivery extends DeliveryRow {
  type: string
  /** the event's stored data (see `eventBody`) */
  body: string
  event_at: number
  url: string
  secret: string
}

/** The queue of deliveries as the delivery engine works it, across tenants: claim, record, judge an endpoint. */
export class DeliveryQueue {
  constructor(private readonly db: Db) {}

  /** Endpoints, of every tenant, with deliveries waiting. */
  async systemEndpointsWithWork(_system: SystemScope): Promise<number[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select('endpoint_id')
      .distinct()
      .where('state', '=', DeliveryState.pending)
      .execute()
    return rows.map((r) => Number(r.endpoint_id))
  }

  /**
   * The deliveries of an endpoint to attempt now, claimed under a lease: due, not held, and the
   * oldest waiting one of their order key, so a key's deliveries arrive in order and one waiting
   * for a retry (or in flight) holds back only its own key.
   */
  async systemClaim(
    _system: SystemScope,
    endpointId: number,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<DueDelivery[]> {
    const claimed = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries as d')
          .select('d.id')
          .where('d.endpoint_id', '=', endpointId)
          .where('d.state', '=', DeliveryState.pending)
          .where('d.next_at', '<=', now)
          .where((w) => w.or([w('d.lease_until', 'is', null), w('d.lease_until', '<', now)]))
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhook_deliveries as e')
                  .select('e.id')
                  .where('e.endpoint_id', '=', endpointId)
                  .where('e.state', '=', DeliveryState.pending)
                  .whereRef('e.order_key', '=', 'd.order_key')
                  .whereRef('e.id', '<', 'd.id'),
              ),
            ),
          )
          .orderBy('d.id')
          .limit(limit),
      )
      .where('state', '=', DeliveryState.pending)
      .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
      .returningAll()
      .execute()
    if (claimed.length === 0) return []
    const events = await this.db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'body', 'created_at'])
      .where(
        'id',
        'in',
        claimed.map((c) => Number(c.event_id)),
      )
      .execute()
    const endpoint = await this.db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret'])
      .where('id', '=', endpointId)
      .executeTakeFirst()
    if (!endpoint) return []
    const byId = new Map(events.map((e) => [Number(e.id), e]))
    return claimed
      .sort((a, b) => Number(a.id) - Number(b.id))
      .flatMap((d) => {
        const e = byId.get(Number(d.event_id))
        return e ? [{ ...d, type: e.type, body: e.body, event_at: e.created_at, ...endpoint }] : []
      })
  }

  /** Record the outcomes of attempts this owner held: the delivered ones in one statement. */
  async systemRecord(_system: SystemScope, owner: string, outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return
    const done = outcomes.filter((o) => o.state === DeliveryState.delivered)
    const rest = outcomes.filter((o) => o.state !== DeliveryState.delivered)
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < done.length; i += 200) {
        const chunk = done.slice(i, i + 200)
        const at = Math.max(...chunk.map((o) => o.at))
        await tx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            state: DeliveryState.delivered,
            attempts: eb('attempts', '+', 1),
            lease_owner: null,
            lease_until: null,
            last_status: byId(eb, chunk, (o) => o.status ?? 0),
            last_error: null,
            last_ms: byId(eb, chunk, (o) => o.ms),
            last_at: at,
            delivered_at: at,
          }))
          .where(
            'id',
            'in',
            chunk.map((o) => o.id),
          )
          .where('lease_owner', '=', owner)
          .execute()
      }
      for (const o of rest) {
        await tx
          .updateTable('webhook_deliveries')
          .set({
            state: o.state,
            attempts: o.attempts,
            next_at: o.nextAt,
            lease_owner: null,
            lease_until: null,
            last_status: o.status,
            last_error: o.error,
            last_ms: o.ms,
            last_at: o.at,
          })
          .where('id', '=', o.id)
          .where('lease_owner', '=', owner)
          .execute()
      }
    })
  }

  /** An endpoint's failing clock: set at its first failure since a success, cleared by a success. */
  async systemMarkFailing(_system: SystemScope, endpointId: number, since: number | null): Promise<void> {
    const q = this.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: since })
      .where('id', '=', endpointId)
    await (since === null
      ? q.where('failing_since', 'is not', null)
      : q.where('failing_since', 'is', null)
    ).execute()
  }

  systemEndpoint(_system: SystemScope, endpointId: number): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirst()
  }

  /** Turn off an endpoint that failed for a day; its waiting deliveries fail with it. */
  async systemDisable(_system: SystemScope, endpointId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
        .where('id', '=', endpointId)
        .where('enabled', '=', 1)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return false
      await tx
        .updateTable('webhook_deliveries')
        .set({ state: DeliveryState.failed, lease_owner: null, lease_until: null })
        .where('endpoint_id', '=', endpointId)
        .where('state', '=', DeliveryState.pending)
        .execute()
      return true
    })
  }
}

/** An attempt's result as stored. */
export interface Outcome {
  id: number
  state: string
  attempts: number
  nextAt: number
  status: number | null
  error: string | null
  ms: number
  at: number
}

/** A number per delivery in one statement: `case id when … then … end`. */
function byId(
  eb: ExpressionBuilder<Database, 'webhook_deliveries'>,
  rows: Outcome[],
  value: (o: Outcome) => number,
) {
  // a cast names the type of each value (PostgreSQL cannot infer it inside a case)
  const n = (o: Outcome) => sql<number>`cast(${value(o)} as integer)`
  let c = eb.case(eb.ref('id')).when(rows[0].id).then(n(rows[0]))
  for (const o of rows.slice(1)) c = c.when(o.id).then(n(o))
  return c.end()
}
