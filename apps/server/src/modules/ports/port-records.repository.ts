import type { SlotCounts } from '@app/core'
import type { Db } from '../../db/index.js'
import { running, statusIs } from './records.sql.js'
import type {
  NewRecord,
  Q,
  RecordListRow,
  RecordPageFilter,
  RecordPatch,
  RecordRow,
  RecordStore,
} from './records.store.js'

const COLUMNS = [
  'p.id',
  'p.tenant_id',
  'p.account_id as holder_id',
  'p.order_id',
  'p.starts_at',
  'p.expires_at',
  'p.ended_reason',
  'p.merged_into',
  'p.paid_cents',
  'p.refunded_cents',
  'p.created_at',
] as const

/** A port made before ports had a start reads its creation as its start. */
const withStart = <T extends { starts_at: number; created_at: number }>(r: T): T =>
  r.starts_at ? r : { ...r, starts_at: r.created_at }

/**
 * Ports as billing records: made by orders, renewed, refunded and merged by the billing rules. The
 * binding to a WS account stays with PortsRepository; an ended port's account is logged out by
 * the expiry engine.
 */
export class PortRecordsRepository implements RecordStore {
  readonly kind = 'port' as const

  constructor(private readonly db: Db) {}

  async insert(q: Q, tenantId: number, rows: NewRecord[], now: number): Promise<number[]> {
    if (rows.length === 0) return []
    const inserted = await q
      .insertInto('ports')
      .values(
        rows.map((r) => ({
          tenant_id: tenantId,
          account_id: null,
          order_id: r.orderId,
          starts_at: r.startsAt,
          expires_at: r.expiresAt,
          paid_cents: r.paid,
          refunded_cents: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
    return inserted.map((r) => r.id)
  }

  async systemFindMany(q: Q, ids: number[]): Promise<RecordRow[]> {
    if (ids.length === 0) return []
    const rows = await q.selectFrom('ports as p').select(COLUMNS).where('p.id', 'in', ids).execute()
    return rows.map(withStart)
  }

  async change(
    q: Q,
    tenantId: number,
    id: number,
    expectedExpiresAt: number,
    patch: RecordPatch,
    now: number,
  ): Promise<boolean> {
    const res = await q
      .updateTable('ports')
      .set({ ...patch, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('expires_at', '=', expectedExpiresAt)
      .where('ended_reason', 'is', null)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async moveHolder(q: Q, tenantId: number, fromId: number, toId: number, now: number): Promise<boolean> {
    const rows = await q
      .selectFrom('ports')
      .select(['id', 'account_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [fromId, toId])
      .execute()
    const from = rows.find((r) => r.id === fromId)
    const to = rows.find((r) => r.id === toId)
    if (!from?.account_id || !to || to.account_id !== null) return false
    // free the source first: an account holds one port (unique index)
    await q
      .updateTable('ports')
      .set({ account_id: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fromId)
      .execute()
    await q
      .updateTable('ports')
      .set({ account_id: from.account_id, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', toId)
      .execute()
    return true
  }

  private filtered(f: RecordPageFilter, now: number) {
    let q = this.db.selectFrom('ports as p')
    if (f.tenantIds)
      q = f.tenantIds.length ? q.where('p.tenant_id', 'in', f.tenantIds) : q.where('p.id', '=', -1)
    if (f.orderId !== undefined) q = q.where('p.order_id', '=', f.orderId)
    if (f.ids) q = f.ids.length ? q.where('p.id', 'in', f.ids) : q.where('p.id', '=', -1)
    if (f.status) q = q.where(statusIs('p', f.status, now))
    if (f.endingBefore !== undefined)
      q = q.where(running('p', now)).where('p.expires_at', '<=', f.endingBefore)
    return q
  }

  async page(f: RecordPageFilter, pageNo: number, pageSize: number, now: number) {
    const { total } = await this.filtered(f, now)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const rows = await this.filtered(f, now)
      .leftJoin('ws_accounts as a', 'a.id', 'p.account_id')
      .select(COLUMNS)
      .select(['a.phone', 'a.status'])
      .orderBy('p.expires_at')
      .orderBy('p.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    const list: RecordListRow[] = rows.map(({ phone, status, ...r }) => ({
      ...withStart(r),
      holder_name: phone ?? null,
      holder_status: status ?? null,
    }))
    return { list, total: Number(total) }
  }

  async counts(tenantIds: number[], now: number, soonUntil: number): Promise<Map<number, SlotCounts>> {
    if (tenantIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('ports as p')
      .select((eb) => [
        'p.tenant_id',
        eb.fn.countAll<number>().as('bought'),
        eb.fn.count<number>('p.account_id').as('used'),
        eb.fn.sum<number>(eb.case().when('p.expires_at', '<=', soonUntil).then(1).else(0).end()).as('soon'),
      ])
      .where('p.tenant_id', 'in', tenantIds)
      .where(running('p', now))
      .groupBy('p.tenant_id')
      .execute()
    return new Map(
      rows.map((r) => [
        r.tenant_id,
        { bought: Number(r.bought), used: Number(r.used), expiringSoon: Number(r.soon ?? 0) },
      ]),
    )
  }

  async ending(tenantId: number, now: number, until: number): Promise<RecordRow[]> {
    const rows = await this.db
      .selectFrom('ports as p')
      .select(COLUMNS)
      .where('p.tenant_id', '=', tenantId)
      .where(running('p', now))
      .where('p.expires_at', '<=', until)
      .orderBy('p.expires_at')
      .execute()
    return rows.map(withStart)
  }

  async tenantsEnding(tenantIds: number[] | null, now: number, until: number): Promise<number[]> {
    let q = this.db
      .selectFrom('ports as p')
      .select('p.tenant_id')
      .distinct()
      .where(running('p', now))
      .where('p.expires_at', '<=', until)
    if (tenantIds) q = tenantIds.length ? q.where('p.tenant_id', 'in', tenantIds) : q.where('p.id', '=', -1)
    return (await q.execute()).map((r) => r.tenant_id)
  }
}
