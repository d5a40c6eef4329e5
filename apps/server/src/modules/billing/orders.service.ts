import {
  DAY_MS,
  ErrorCode,
  formatAmount,
  type OrderKindValue,
  type OrderTypeValue,
  type RecordActionValue,
  type RecordMergeBody,
  type RecordRefundBody,
  type RecordRenewalBody,
  type RecordSnapshot,
  recordStatus,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { PlatformScope } from '../platform/index.js'
import type { Q, RecordRow, RecordStore } from '../ports/index.js'
import { shares } from '../ports/index.js'
import type { OrdersRepository } from './orders.repository.js'
import type { NewChange, RecordChangesRepository } from './record-changes.repository.js'

export interface NewOrderInput {
  tenantId: number
  kind: OrderKindValue
  quantity: number
  days: number
  amount: number
  sellerId: number | null
  operatorId: number
  remark: string
}

/** What a change of records made: the order row (none for a merge) and the records touched. */
export interface ChangeResult {
  tenantId: number
  orderId: number | null
  recordIds: number[]
}

const snapshot = (r: RecordRow, now: number): RecordSnapshot => ({
  startsAt: r.starts_at,
  expiresAt: r.expires_at,
  status: recordStatus(
    { expiresAt: r.expires_at, endedReason: r.ended_reason as 'refunded' | 'merged' | null },
    now,
  ),
  holderId: r.holder_id,
})

/** One history row of a change the caller made. */
const changeOf = (
  caller: Caller,
  tenantId: number,
  kind: OrderKindValue,
  remark: string,
  c: {
    recordId: number
    action: RecordActionValue
    orderId?: number | null
    relatedRecordId?: number | null
    before: RecordSnapshot
    after: RecordSnapshot
  },
): NewChange => ({
  tenantId,
  kind,
  remark,
  operatorId: caller.userId,
  orderId: c.orderId ?? null,
  relatedRecordId: c.relatedRecordId ?? null,
  recordId: c.recordId,
  action: c.action,
  before: c.before,
  after: c.after,
})

/** A record changed by someone else between our read and our write. */
const changedMeanwhile = () => new AppError(ErrorCode.conflict)

/**
 * The money and time rules of ports and seats, written once for both kinds: an order makes its
 * records, a renewal extends records, a refund gives money back and ends or shortens records, a
 * merge moves the remaining time of records into another. Each runs in one transaction, writes
 * every record change with its before and after, and refuses a record ending before it starts, a
 * refund above what was paid, and a merge across tenants or into itself. A record is changed only
 * if it still ends when it did at the read, so two concurrent changes cannot both apply.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly stores: Record<OrderKindValue, RecordStore>,
    private readonly orders: OrdersRepository,
    private readonly changes: RecordChangesRepository,
    private readonly scope: PlatformScope,
    /** renewals and refunds are credited to the tenant's seller at the time */
    private readonly sellerOfTenant: (tenantId: number) => Promise<number | null>,
    /** run after a change ended records: logs out accounts of ended ports, signs out agents of ended seats */
    private readonly afterEnd: Record<OrderKindValue, () => Promise<void>>,
  ) {}

  /** Creates an order and its records inside `q` (a caller's transaction, e.g. a trial tenant's). */
  async createIn(q: Q, o: NewOrderInput, now = Date.now()): Promise<ChangeResult> {
    const orderId = await this.orders.insert(q, { ...o, type: 'new' }, now)
    const paid = shares(o.amount, o.quantity)
    const ids = await this.stores[o.kind].insert(
      q,
      o.tenantId,
      paid.map((p) => ({ orderId, startsAt: now, expiresAt: now + o.days * DAY_MS, paid: p })),
      now,
    )
    await this.orders.setRecords(q, o.tenantId, orderId, ids)
    const after: RecordSnapshot = {
      startsAt: now,
      expiresAt: now + o.days * DAY_MS,
      status: 'active',
      holderId: null,
    }
    const base = { tenantId: o.tenantId, kind: o.kind, orderId, operatorId: o.operatorId, remark: o.remark }
    await this.changes.insert(
      q,
      ids.map((recordId) => ({
        ...base,
        recordId,
        action: 'create',
        relatedRecordId: null,
        before: null,
        after,
      })),
      now,
    )
    return { tenantId: o.tenantId, orderId, recordIds: ids }
  }

  async create(o: NewOrderInput): Promise<ChangeResult> {
    return this.db.transaction().execute((tx) => this.createIn(tx, o))
  }

  /** Extends each record by `days`, from now for a record already past its end; `amount` is paid for all. */
  async renew(caller: Caller, kind: OrderKindValue, body: RecordRenewalBody): Promise<ChangeResult> {
    const now = Date.now()
    // read before the transaction: SQLite has one connection, and each change below is guarded
    // by the expiry it was read with, so a record changed meanwhile is refused
    const records = await this.load(caller, kind, body.ids)
    const tenantId = this.oneTenant(records)
    for (const r of records) this.assertRunningOrExpired(r)
    const order = await this.orderOf(caller, tenantId, kind, 'renewal', body)
    return this.db.transaction().execute(async (tx) => {
      const orderId = await this.orders.insert(tx, order, now)
      const paid = shares(body.amount, records.length)
      const changes: NewChange[] = []
      for (const [i, r] of records.entries()) {
        const expiresAt = Math.max(r.expires_at, now) + body.days * DAY_MS
        const after = { ...r, expires_at: expiresAt, paid_cents: r.paid_cents + (paid[i] ?? 0) }
        const ok = await this.stores[kind].change(
          tx,
          tenantId,
          r.id,
          r.expires_at,
          { expires_at: expiresAt, paid_cents: after.paid_cents },
          now,
        )
        if (!ok) throw changedMeanwhile()
        changes.push(
          changeOf(caller, tenantId, kind, body.remark, {
            recordId: r.id,
            action: 'renewal',
            orderId,
            before: snapshot(r, now),
            after: snapshot(after, now),
          }),
        )
      }
      await this.orders.setRecords(tx, tenantId, orderId, body.ids)
      await this.changes.insert(tx, changes, now)
      return { tenantId, orderId, recordIds: body.ids }
    })
  }

  /**
   * Gives back `amount` (never more than was paid for these records and not refunded yet) and
   * ends each record now, or shortens it by `days`. A port that ends logs its account out.
   */
  async refund(caller: Caller, kind: OrderKindValue, body: RecordRefundBody): Promise<ChangeResult> {
    const now = Date.now()
    const records = await this.load(caller, kind, body.ids)
    const tenantId = this.oneTenant(records)
    for (const r of records) this.assertRunningOrExpired(r)
    const order = await this.orderOf(caller, tenantId, kind, 'refund', body)
    const result = await this.db.transaction().execute(async (tx) => {
      const refundable = records.reduce((sum, r) => sum + Math.max(0, r.paid_cents - r.refunded_cents), 0)
      if (body.amount > refundable)
        throw new AppError(ErrorCode.refundExceedsPaid, { params: { max: formatAmount(refundable) } })
      const ends = records.map((r) => {
        const end = body.days === undefined ? Math.min(r.expires_at, now) : r.expires_at - body.days * DAY_MS
        if (end < r.starts_at) throw new AppError(ErrorCode.recordEndsBeforeStart, { params: { id: r.id } })
        return end
      })
      const orderId = await this.orders.insert(tx, order, now)
      let left = body.amount
      const changes: NewChange[] = []
      for (const [i, r] of records.entries()) {
        const give = Math.min(left, Math.max(0, r.paid_cents - r.refunded_cents))
        left -= give
        const expiresAt = ends[i] as number
        const ended = expiresAt <= now
        const patch = {
          expires_at: expiresAt,
          refunded_cents: r.refunded_cents + give,
          ...(ended ? { ended_reason: 'refunded' as const } : {}),
        }
        if (!(await this.stores[kind].change(tx, tenantId, r.id, r.expires_at, patch, now)))
          throw changedMeanwhile()
        const after = { ...r, ...patch, ended_reason: ended ? 'refunded' : r.ended_reason }
        changes.push(
          changeOf(caller, tenantId, kind, body.remark, {
            recordId: r.id,
            action: 'refund',
            orderId,
            before: snapshot(r, now),
            after: snapshot(after, now),
          }),
        )
      }
      await this.orders.setRecords(tx, tenantId, orderId, body.ids)
      await this.changes.insert(tx, changes, now)
      return { tenantId, orderId, recordIds: body.ids }
    })
    await this.afterEnd[kind]()
    return result
  }

  /**
   * Adds the remaining time of each source to record `targetId` (from now when the target is past
   * its end) and ends the sources; what was paid for them and not refunded moves along. A source's
   * account or agent moves to the target when the target holds none.
   */
  async merge(
    caller: Caller,
    kind: OrderKindValue,
    targetId: number,
    body: RecordMergeBody,
  ): Promise<ChangeResult> {
    if (body.sourceIds.includes(targetId)) throw new AppError(ErrorCode.mergeIntoItself)
    const now = Date.now()
    const ids = [targetId, ...new Set(body.sourceIds)]
    const records = await this.load(caller, kind, ids)
    const result = await this.db.transaction().execute(async (tx) => {
      const target = records.find((r) => r.id === targetId) as RecordRow
      const sources = records.filter((r) => r.id !== targetId)
      if (sources.some((s) => s.tenant_id !== target.tenant_id)) throw new AppError(ErrorCode.mergeMismatch)
      for (const r of records) this.assertRunningOrExpired(r)
      const tenantId = target.tenant_id
      const store = this.stores[kind]
      const changes: NewChange[] = []
      let added = 0
      let paidMoved = 0
      for (const s of sources) {
        added += Math.max(0, s.expires_at - Math.max(now, s.starts_at))
        paidMoved += Math.max(0, s.paid_cents - s.refunded_cents)
        const patch = {
          expires_at: Math.min(s.expires_at, now),
          ended_reason: 'merged' as const,
          merged_into: targetId,
        }
        if (!(await store.change(tx, tenantId, s.id, s.expires_at, patch, now))) throw changedMeanwhile()
        changes.push(
          changeOf(caller, tenantId, kind, body.remark, {
            recordId: s.id,
            action: 'merge_out',
            relatedRecordId: targetId,
            before: snapshot(s, now),
            after: snapshot({ ...s, ...patch }, now),
          }),
        )
      }
      const expiresAt = Math.max(target.expires_at, now) + added
      const patch = { expires_at: expiresAt, paid_cents: target.paid_cents + paidMoved }
      if (!(await store.change(tx, tenantId, targetId, target.expires_at, patch, now)))
        throw changedMeanwhile()
      let holder = target.holder_id
      for (const s of sources) {
        if (holder !== null || s.holder_id === null) continue
        if (await store.moveHolder(tx, tenantId, s.id, targetId, now)) holder = s.holder_id
      }
      changes.push(
        changeOf(caller, tenantId, kind, body.remark, {
          recordId: targetId,
          action: 'merge_in',
          relatedRecordId: sources.length === 1 ? (sources[0]?.id ?? null) : null,
          before: snapshot(target, now),
          after: snapshot({ ...target, ...patch, holder_id: holder }, now),
        }),
      )
      await this.changes.insert(tx, changes, now)
      return { tenantId, orderId: null, recordIds: ids }
    })
    await this.afterEnd[kind]()
    return result
  }

  /** The records, all of them existing and in tenants the caller reaches; not found otherwise. */
  private async load(caller: Caller, kind: OrderKindValue, ids: number[]): Promise<RecordRow[]> {
    const unique = [...new Set(ids)]
    // a record of a tenant the caller does not reach is not found, as one that does not exist
    const rows = await this.stores[kind].findManyIn(await this.scope.reach(caller), this.db, unique)
    if (rows.length !== unique.length) throw notFound()
    // keep the order the caller gave
    return unique.map((id) => rows.find((r) => r.id === id) as RecordRow)
  }

  private oneTenant(records: RecordRow[]): number {
    const tenantId = records[0]?.tenant_id as number
    if (records.some((r) => r.tenant_id !== tenantId)) throw new AppError(ErrorCode.recordsMixedTenants)
    return tenantId
  }

  private assertRunningOrExpired(r: RecordRow): void {
    if (r.ended_reason) throw new AppError(ErrorCode.recordEnded, { params: { id: r.id } })
  }

  private async orderOf(
    caller: Caller,
    tenantId: number,
    kind: OrderKindValue,
    type: OrderTypeValue,
    body: { ids: number[]; days?: number; amount: number; remark: string },
  ) {
    return {
      tenantId,
      kind,
      type,
      quantity: body.ids.length,
      days: body.days ?? 0,
      amount: body.amount,
      sellerId: await this.sellerOfTenant(tenantId),
      operatorId: caller.userId,
      remark: body.remark,
    }
  }
}
