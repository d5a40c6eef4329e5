import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { Q, RecordListRow, RecordPageQuery } from '../ports/index.js'
import { RecordTable, running } from '../ports/index.js'

/** Seats: paid slots for agents. Tenant methods take the tenant; engine and platform lookups are `system…`. */
export class SeatsRepository extends RecordTable {
  readonly kind = 'seat' as const

  constructor(db: Db) {
    // a seat whose end or agent moved is watched again by the expiry engine
    super(db, 'seats', 'user_id', true)
  }

  protected async listRows(q: RecordPageQuery): Promise<RecordListRow[]> {
    const rows = await q
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select(this.columns)
      .select(['u.nickname', 'u.username'])
      .execute()
    return rows.map(({ nickname, username, ...r }) => ({
      ...r,
      holder_name: nickname || username?.replace(/~\d+$/, '') || null,
      holder_status: null,
    }))
  }

  // ---- seats and agents ----

  /** The seat an agent holds, running or not. */
  seatOf(tenantId: number, userId: number, q: Q = this.db) {
    return q
      .selectFrom('seats')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  }

  /** The seats of these agents. */
  seatsOf(tenantId: number, userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('seats')
      .select(['id', 'user_id', 'expires_at', 'ended_reason'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', userIds)
      .execute()
  }

  /**
   * Puts the agent on a free running seat (the one that ends last), leaving any ended seat it
   * held; the seat's id, or null when none is free. The conditional update keeps two agents off
   * one seat.
   */
  async take(q: Q, tenantId: number, userId: number, now: number): Promise<number | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const free = await q
        .selectFrom('seats as s')
        .select('s.id')
        .where('s.tenant_id', '=', tenantId)
        .where('s.user_id', 'is', null)
        .where(running('s', now))
        .orderBy('s.expires_at', 'desc')
        .orderBy('s.id')
        .limit(1)
        .executeTakeFirst()
      if (!free) return null
      await this.release(q, tenantId, userId, now)
      const res = await q
        .updateTable('seats')
        .set({ user_id: userId, lapsed_at: null, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', free.id)
        .where('user_id', 'is', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) === 1) return free.id
    }
    return null
  }

  /** Frees the agent's seat. */
  async release(q: Q, tenantId: number, userId: number, now: number): Promise<void> {
    await q
      .updateTable('seats')
      .set({ user_id: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute()
  }

  /** Held seats that have ended and whose agent the engine has not signed out yet, across tenants. */
  systemLapsed(system: SystemScope, now: number, limit: number) {
    return this.db
      .selectFrom('seats')
      .select(['id', 'tenant_id', 'user_id', 'expires_at'])
      .where('user_id', 'is not', null)
      .where('expires_at', '<=', now)
      .where('lapsed_at', 'is', null)
      .orderBy('expires_at')
      .limit(limit)
      .execute()
  }

  /** Marks one seat's end handled, if it still ends then; true when this call marked it. */
  async systemMarkLapsed(system: SystemScope, id: number, expiresAt: number, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('seats')
      .set({ lapsed_at: now })
      .where('id', '=', id)
      .where('expires_at', '=', expiresAt)
      .where('lapsed_at', 'is', null)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }
}
