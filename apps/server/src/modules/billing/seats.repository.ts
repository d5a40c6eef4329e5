import type { SlotCounts } from '@app/core'
import type { Db } from '../../db/index.js'
import { running, statusIs } from '../ports/records.sql.js'
import type {
  NewRecord,
  Q,
  RecordListRow,
  RecordPageFilter,
  RecordPatch,
  RecordRow,
  RecordStore,
} from '../ports/records.store.js'

const COLUMNS = [
  's.id',
  's.tenant_id',
  's.user_id as holder_id',
  's.order_id',
  's.starts_at',
  's.expires_at',
  's.ended_reason',
  's.merged_into',
  's.paid_cents',
  's.refunded_cents',
  's.created_at',
] as const

/** Seats: paid slots for agents. Tenant methods take the tenant; engine and platform lookups are `system…`. */
export class SeatsRepository implements RecordStore {
  readonly kind = 'seat' as const

  constructor(private readonly db: Db) {}

  async insert(q: Q, tenantId: number, rows: NewRecord[], now: number): Promise<number[]> {
    if (rows.length === 0) return []
    const inserted = await q
      .insertInto('seats')
      .values(
        rows.map((r) => ({
          tenant_id: tenantId,
          user_id: null,
          order_id: r.orderId,
          starts_at: r.startsAt,
          expires_at: r.expiresAt,
          ended_reason: null,
          merged_into: null,
          paid_cents: r.paid,
          refunded_cents: 0,
          lapsed_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
    return inserted.map((r) => r.id)
  }

  systemFindMany(q: Q, ids: number[]): Promise<RecordRow[]> {
    if (ids.length === 0) return Promise.resolve([])
    return q.selectFrom('seats as s').select(COLUMNS).where('s.id', 'in', ids).execute()
  }

  async change(
    q: Q,
    tenantId: number,
    id: number,
    expectedExpiresAt: number,
    patch: RecordPatch,
    now: number,
  ): Promise<boolean> {
    const moved = patch.expires_at !== undefined && patch.expires_at !== expectedExpiresAt
    const res = await q
      .updateTable('seats')
      // a seat whose end moved is watched again by the expiry engine
      .set({ ...patch, ...(moved ? { lapsed_at: null } : {}), updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('expires_at', '=', expectedExpiresAt)
      .where('ended_reason', 'is', null)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async moveHolder(q: Q, tenantId: number, fromId: number, toId: number, now: number): Promise<boolean> {
    const from = await q
      .selectFrom('seats')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fromId)
      .executeTakeFirst()
    const to = await q
      .selectFrom('seats')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', toId)
      .executeTakeFirst()
    if (!from?.user_id || !to || to.user_id !== null) return false
    // free the source first: an agent holds one seat (unique index)
    await q
      .updateTable('seats')
      .set({ user_id: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fromId)
      .execute()
    await q
      .updateTable('seats')
      .set({ user_id: from.user_id, lapsed_at: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', toId)
      .execute()
    return true
  }

  private filtered(f: RecordPageFilter, now: number) {
    let q = this.db.selectFrom('seats as s')
    if (f.tenantIds)
      q = f.tenantIds.length ? q.where('s.tenant_id', 'in', f.tenantIds) : q.where('s.id', '=', -1)
    if (f.orderId !== undefined) q = q.where('s.order_id', '=', f.orderId)
    if (f.ids) q = f.ids.length ? q.where('s.id', 'in', f.ids) : q.where('s.id', '=', -1)
    if (f.status) q = q.where(statusIs('s', f.status, now))
    if (f.endingBefore !== undefined)
      q = q.where(running('s', now)).where('s.expires_at', '<=', f.endingBefore)
    return q
  }

  async page(f: RecordPageFilter, pageNo: number, pageSize: number, now: number) {
    const { total } = await this.filtered(f, now)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const rows = await this.filtered(f, now)
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(COLUMNS)
      .select(['u.nickname', 'u.username'])
      .orderBy('s.expires_at')
      .orderBy('s.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    const list: RecordListRow[] = rows.map(({ nickname, username, ...r }) => ({
      ...r,
      holder_name: nickname || username?.replace(/~\d+$/, '') || null,
      holder_status: null,
    }))
    return { list, total: Number(total) }
  }

  async counts(tenantIds: number[], now: number, soonUntil: number): Promise<Map<number, SlotCounts>> {
    if (tenantIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('seats as s')
      .select((eb) => [
        's.tenant_id',
        eb.fn.countAll<number>().as('bought'),
        eb.fn.count<number>('s.user_id').as('used'),
        eb.fn.sum<number>(eb.case().when('s.expires_at', '<=', soonUntil).then(1).else(0).end()).as('soon'),
      ])
      .where('s.tenant_id', 'in', tenantIds)
      .where(running('s', now))
      .groupBy('s.tenant_id')
      .execute()
    return new Map(
      rows.map((r) => [
        r.tenant_id,
        { bought: Number(r.bought), used: Number(r.used), expiringSoon: Number(r.soon ?? 0) },
      ]),
    )
  }

  ending(tenantId: number, now: number, until: number): Promise<RecordRow[]> {
    return this.db
      .selectFrom('seats as s')
      .select(COLUMNS)
      .where('s.tenant_id', '=', tenantId)
      .where(running('s', now))
      .where('s.expires_at', '<=', until)
      .orderBy('s.expires_at')
      .execute()
  }

  async tenantsEnding(tenantIds: number[] | null, now: number, until: number): Promise<number[]> {
    let q = this.db
      .selectFrom('seats as s')
      .select('s.tenant_id')
      .distinct()
      .where(running('s', now))
      .where('s.expires_at', '<=', until)
    if (tenantIds) q = tenantIds.length ? q.where('s.tenant_id', 'in', tenantIds) : q.where('s.id', '=', -1)
    return (await q.execute()).map((r) => r.tenant_id)
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
  systemLapsed(now: number, limit: number) {
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
  async systemMarkLapsed(id: number, expiresAt: number, now: number): Promise<boolean> {
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
