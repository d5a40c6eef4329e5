import type { OrderKindValue, RenewalRequestStatusValue } from '@app/core'
import type { Db } from '../../db/index.js'

/** "Do not remind again" marks, and the renewal requests tenants send their seller. */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  /** The records of the tenant the user dismissed at their current end: `kind:id:expiresAt` keys. */
  async dismissed(tenantId: number, userId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('expiry_dismissals')
      .select(['kind', 'record_id', 'expires_at'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute()
    return new Set(rows.map((r) => `${r.kind}:${r.record_id}:${r.expires_at}`))
  }

  async dismiss(
    tenantId: number,
    userId: number,
    marks: { kind: OrderKindValue; recordId: number; expiresAt: number }[],
  ): Promise<void> {
    if (marks.length === 0) return
    const now = Date.now()
    await this.db
      .insertInto('expiry_dismissals')
      .values(
        marks.map((m) => ({
          tenant_id: tenantId,
          user_id: userId,
          kind: m.kind,
          record_id: m.recordId,
          expires_at: m.expiresAt,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'record_id', 'expires_at']).doNothing())
      .execute()
  }

  async insertRequest(r: {
    tenantId: number
    kind: OrderKindValue
    recordIds: number[]
    days: number
    note: string
    requestedBy: number
  }): Promise<number> {
    const row = await this.db
      .insertInto('renewal_requests')
      .values({
        tenant_id: r.tenantId,
        kind: r.kind,
        record_ids: JSON.stringify(r.recordIds),
        days: r.days,
        note: r.note,
        requested_by: r.requestedBy,
        status: 'open',
        handled_by: null,
        handled_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** Requests of these tenants (null: all), newest first. */
  async requestPage(
    tenantIds: number[] | null,
    status: RenewalRequestStatusValue | undefined,
    pageNo: number,
    pageSize: number,
  ) {
    let q = this.db.selectFrom('renewal_requests as r')
    if (tenantIds) q = tenantIds.length ? q.where('r.tenant_id', 'in', tenantIds) : q.where('r.id', '=', -1)
    if (status) q = q.where('r.status', '=', status)
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
    const list = await q
      .selectAll('r')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  /** Marks a request of one of these tenants handled; false when there is none. */
  async handle(tenantIds: number[] | null, id: number, by: number): Promise<boolean> {
    if (tenantIds?.length === 0) return false
    const res = await this.db
      .updateTable('renewal_requests')
      .set({ status: 'handled', handled_by: by, handled_at: Date.now() })
      .where('id', '=', id)
      .$if(tenantIds !== null, (q) => q.where('tenant_id', 'in', tenantIds ?? []))
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }
}
