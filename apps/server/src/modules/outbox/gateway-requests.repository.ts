import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Database, Db } from '../../db/index.js'
import type { GatewayRequestRow } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { MessageRef } from '../../gateway/messaging-gateway.js'

type Q = Kysely<Database>

const GatewayRequestKind = { revoke: 'revoke', edit: 'edit', read: 'read' } as const
type GatewayRequestKindValue = (typeof GatewayRequestKind)[keyof typeof GatewayRequestKind]

const GatewayRequestState = { open: 'open', done: 'done', failed: 'failed' } as const

/**
 * What a request carries: the message a revoke withdraws, the message an edit rewrites with its
 * new text, or the messages a read receipt covers.
 */
export type GatewayRequestPayload =
  | { kind: 'revoke'; messageId: number; target: MessageRef; notifyUserIds: number[] }
  | { kind: 'edit'; messageId: number; target: MessageRef; text: string; notifyUserIds: number[] }
  | { kind: 'read'; refs: MessageRef[] }

export interface NewGatewayRequest {
  tenantId: number
  accountId: number
  sessionId: number
  requestedBy: number
  payload: GatewayRequestPayload
}

/** Requests to WhatsApp that are not messages, claimed under a lease like the outbox. */
export class GatewayRequestsRepository {
  private readonly postgres: boolean

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  }

  async add(r: NewGatewayRequest, q: Q = this.db): Promise<number> {
    const now = Date.now()
    const row = await q
      .insertInto('gateway_requests')
      .values({
        tenant_id: r.tenantId,
        account_id: r.accountId,
        session_id: r.sessionId,
        kind: r.payload.kind,
        payload: JSON.stringify(r.payload),
        requested_by: r.requestedBy,
        state: GatewayRequestState.open,
        due_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** Claim up to `limit` due open requests whose lease is free or expired (a dead process's come back). */
  async systemClaim(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
    /** this process, when several share the accounts: requests of accounts another process holds are left to it */
    self?: string,
  ): Promise<GatewayRequestRow[]> {
    let due = this.db
      .selectFrom('gateway_requests')
      .select('id')
      .where('state', '=', GatewayRequestState.open)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('due_at')
      .orderBy('id')
      .limit(limit)
    if (self)
      due = due.where('account_id', 'not in', (eb) =>
        eb
          .selectFrom('account_leases')
          .select('account_leases.account_id')
          .where('account_leases.holder', '<>', self)
          .where('account_leases.expires_at', '>=', now),
      )
    if (this.postgres) due = due.forUpdate().skipLocked()
    const rows = await this.db
      .updateTable('gateway_requests')
      .set({ lease_owner: owner, lease_until: now + leaseMs, updated_at: now })
      .where('id', 'in', due)
      .where('state', '=', GatewayRequestState.open)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.id - b.id)
  }

  /** Extend the leases of requests `owner` still holds; one being written elsewhere right now is skipped, never waited for. */
  async systemRenewLeases(system: SystemScope, owner: string, ids: number[], until: number): Promise<void> {
    if (ids.length === 0) return
    let held = this.db
      .selectFrom('gateway_requests')
      .select('id')
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
    if (this.postgres) held = held.forUpdate().skipLocked()
    await this.db
      .updateTable('gateway_requests')
      .set({ lease_until: until })
      .where('id', 'in', held)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemClose(
    system: SystemScope,
    row: GatewayRequestRow,
    owner: string,
    state: 'done' | 'failed',
    error: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('gateway_requests')
      .set({ state, last_error: error, lease_owner: null, lease_until: null, updated_at: Date.now() })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemDefer(
    system: SystemScope,
    row: GatewayRequestRow,
    owner: string,
    dueAt: number,
    error: string,
    attempted: boolean,
  ): Promise<void> {
    await this.db
      .updateTable('gateway_requests')
      .set({
        due_at: dueAt,
        last_error: error,
        lease_owner: null,
        lease_until: null,
        updated_at: Date.now(),
        ...(attempted ? { attempts: sql<number>`attempts + 1` } : {}),
      })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** Whether any open request is due now (tests and shutdown wait for them). */
  async systemAnyDue(system: SystemScope, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('gateway_requests')
      .select('id')
      .where('state', '=', GatewayRequestState.open)
      .where('due_at', '<=', now)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }
}
