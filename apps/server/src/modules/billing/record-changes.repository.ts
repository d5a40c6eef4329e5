import type { OrderKindValue, RecordActionValue, RecordSnapshot } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Q } from '../ports/index.js'

export interface NewChange {
  tenantId: number
  kind: OrderKindValue
  recordId: number
  action: RecordActionValue
  orderId: number | null
  relatedRecordId: number | null
  operatorId: number
  before: RecordSnapshot | null
  after: RecordSnapshot
  remark: string
}

export interface ChangeFilter {
  tenantIds: number[] | null
  kind?: OrderKindValue
  recordId?: number
  tenantId?: number
  orderId?: number
}

/** The history of port and seat records: who changed which, when, before and after. Never updated. */
export class RecordChangesRepository {
  constructor(private readonly db: Db) {}

  async insert(q: Q, changes: NewChange[], now: number): Promise<void> {
    if (changes.length === 0) return
    await q
      .insertInto('record_changes')
      .values(
        changes.map((c) => ({
          tenant_id: c.tenantId,
          kind: c.kind,
          record_id: c.recordId,
          action: c.action,
          order_id: c.orderId,
          related_record_id: c.relatedRecordId,
          operator_user_id: c.operatorId,
          before_json: c.before ? JSON.stringify(c.before) : null,
          after_json: JSON.stringify(c.after),
          remark: c.remark,
          created_at: now,
        })),
      )
      .execute()
  }

  private filtered(f: ChangeFilter) {
    let q = this.db.selectFrom('record_changes as c')
    if (f.tenantIds)
      q = f.tenantIds.length ? q.where('c.tenant_id', 'in', f.tenantIds) : q.where('c.id', '=', -1)
    if (f.kind) q = q.where('c.kind', '=', f.kind)
    if (f.recordId !== undefined) q = q.where('c.record_id', '=', f.recordId)
    if (f.tenantId !== undefined) q = q.where('c.tenant_id', '=', f.tenantId)
    if (f.orderId !== undefined) q = q.where('c.order_id', '=', f.orderId)
    return q
  }

  async page(f: ChangeFilter, pageNo: number, pageSize: number) {
    const { total } = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.filtered(f)
      .selectAll('c')
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }
}
