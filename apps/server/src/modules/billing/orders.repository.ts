import type { OrderKindValue, OrderTypeValue } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Q } from '../ports/index.js'

export interface OrderFilter {
  /** null: every tenant */
  tenantIds: number[] | null
  tenantId?: number
  kind?: OrderKindValue
  type?: OrderTypeValue
  sellerId?: number
  from?: number
  to?: number
  /** tenants whose account or name matches, found by the caller */
  keywordTenantIds?: number[]
}

export interface NewOrder {
  tenantId: number
  kind: OrderKindValue
  type: OrderTypeValue
  quantity: number
  days: number
  amount: number
  sellerId: number | null
  operatorId: number
  remark: string
}

/** Orders: every money movement on ports and seats. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async insert(q: Q, o: NewOrder, now: number): Promise<number> {
    const row = await q
      .insertInto('orders')
      .values({
        tenant_id: o.tenantId,
        kind: o.kind,
        type: o.type,
        quantity: o.quantity,
        days: o.days,
        amount_cents: o.amount,
        seller_user_id: o.sellerId,
        operator_user_id: o.operatorId,
        remark: o.remark,
        record_ids: '[]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async setRecords(q: Q, tenantId: number, id: number, recordIds: number[]): Promise<void> {
    await q
      .updateTable('orders')
      .set({ record_ids: JSON.stringify(recordIds) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  async byId(tenantId: number, id: number) {
    const o = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return o ?? null
  }

  private filtered(f: OrderFilter) {
    let q = this.db.selectFrom('orders as o')
    if (f.tenantIds)
      q = f.tenantIds.length ? q.where('o.tenant_id', 'in', f.tenantIds) : q.where('o.id', '=', -1)
    if (f.tenantId !== undefined) q = q.where('o.tenant_id', '=', f.tenantId)
    if (f.kind) q = q.where('o.kind', '=', f.kind)
    if (f.type) q = q.where('o.type', '=', f.type)
    if (f.sellerId !== undefined) q = q.where('o.seller_user_id', '=', f.sellerId)
    if (f.from !== undefined) q = q.where('o.created_at', '>=', f.from)
    if (f.to !== undefined) q = q.where('o.created_at', '<', f.to)
    if (f.keywordTenantIds)
      q = f.keywordTenantIds.length
        ? q.where('o.tenant_id', 'in', f.keywordTenantIds)
        : q.where('o.id', '=', -1)
    return q
  }

  async page(f: OrderFilter, pageNo: number, pageSize: number) {
    const { total } = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.filtered(f)
      .selectAll('o')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  /** Up to `limit` orders, newest first (the export). */
  list(f: OrderFilter, limit: number) {
    return this.filtered(f)
      .selectAll('o')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .execute()
  }

  /** What the statistics add up, for [from, to). */
  forStatistics(f: OrderFilter) {
    return this.filtered(f)
      .select(['o.kind', 'o.type', 'o.quantity', 'o.amount_cents', 'o.seller_user_id', 'o.created_at'])
      .execute()
  }
}
