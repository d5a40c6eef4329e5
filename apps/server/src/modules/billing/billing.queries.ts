import {
  DAY_MS,
  ErrorCode,
  type OrderKindValue,
  type OrderQueryBody,
  type OrderResult,
  type OrderStatistics,
  type OrderStatisticsBody,
  type OrderView,
  type Page,
  type RecordChangeQueryBody,
  type RecordChangeView,
  type RecordQueryBody,
  type RecordView,
  STATISTICS_RANGE_DAYS_MAX,
  type StatLine,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { PlatformScope } from '../platform/index.js'
import type { RecordListRow, RecordStore } from '../ports/index.js'
import type { PlatformStaff, TenantRegistry } from '../users/index.js'
import { type Names, presentChange, presentOrder, presentRecord } from './billing.presenter.js'
import type { OrderFilter, OrdersRepository } from './orders.repository.js'
import type { ChangeResult } from './orders.service.js'
import type { RecordChangesRepository } from './record-changes.repository.js'

const emptyLine = (): StatLine => ({
  newAmount: 0,
  newQuantity: 0,
  renewalAmount: 0,
  renewalQuantity: 0,
  refundAmount: 0,
  refundQuantity: 0,
  netAmount: 0,
})

function add(line: StatLine, type: string, amount: number, quantity: number): void {
  if (type === 'new') {
    line.newAmount += amount
    line.newQuantity += quantity
  } else if (type === 'renewal') {
    line.renewalAmount += amount
    line.renewalQuantity += quantity
  } else {
    line.refundAmount += amount
    line.refundQuantity += quantity
  }
  line.netAmount = line.newAmount + line.renewalAmount - line.refundAmount
}

/** The start of the viewer's day holding `t`. */
const dayStart = (t: number, offsetMinutes: number) => {
  const shift = offsetMinutes * 60_000
  return Math.floor((t + shift) / DAY_MS) * DAY_MS - shift
}

/** The operations side's lists of orders, records and their history, statistics and export rows; each within the caller's tenants. */
export class BillingQueries {
  constructor(
    private readonly stores: Record<OrderKindValue, RecordStore>,
    private readonly orders: OrdersRepository,
    private readonly changes: RecordChangesRepository,
    private readonly scope: PlatformScope,
    private readonly tenants: TenantRegistry,
    private readonly staff: PlatformStaff,
  ) {}

  /** Names of tenants and people, within the caller's reach (the rows named come from their tenants). */
  async names(caller: Caller, tenantIds: number[], userIds: (number | null)[]): Promise<Names> {
    const reach = await this.scope.reach(caller)
    const [tenants, users] = await Promise.all([
      this.tenants.briefsIn(reach, tenantIds),
      this.staff.namesIn(
        reach,
        userIds.filter((id): id is number => id !== null),
      ),
    ])
    return { tenants, users }
  }

  /** The caller's tenants narrowed to one when asked: null for every tenant. */
  private async tenantsFor(caller: Caller, tenantId?: number): Promise<number[] | null> {
    const visible = await this.scope.tenantIds(caller)
    if (tenantId === undefined) return visible
    return visible === null || visible.includes(tenantId) ? [tenantId] : []
  }

  async records(caller: Caller, kind: OrderKindValue, body: RecordQueryBody): Promise<Page<RecordView>> {
    const now = Date.now()
    const tenantIds = await this.tenantsFor(caller, body.tenantId)
    const endingBefore =
      body.expiringWithinDays === undefined ? undefined : now + body.expiringWithinDays * DAY_MS
    const { list, total } = await this.stores[kind].page(
      { tenantIds, orderId: body.orderId, status: body.status, endingBefore },
      body.pageNo,
      body.pageSize,
      now,
    )
    const names = await this.names(
      caller,
      list.map((r) => r.tenant_id),
      [],
    )
    return { total, list: list.map((r) => presentRecord(kind, r, names, now)) }
  }

  private async orderFilter(
    caller: Caller,
    body: Omit<OrderQueryBody, 'pageNo' | 'pageSize'>,
  ): Promise<OrderFilter> {
    return {
      tenantIds: await this.tenantsFor(caller, body.tenantId),
      kind: body.kind,
      type: body.type,
      sellerId: body.sellerId,
      from: body.from,
      to: body.to,
      keywordTenantIds: body.keyword
        ? await this.tenants.idsByKeyword(await this.scope.reach(caller), body.keyword)
        : undefined,
    }
  }

  async orderPage(caller: Caller, body: OrderQueryBody): Promise<Page<OrderView>> {
    const { list, total } = await this.orders.page(
      await this.orderFilter(caller, body),
      body.pageNo,
      body.pageSize,
    )
    const names = await this.names(
      caller,
      list.map((o) => o.tenant_id),
      list.flatMap((o) => [o.seller_user_id, o.operator_user_id]),
    )
    return { total, list: list.map((o) => presentOrder(o, names)) }
  }

  /** The rows of an export, newest first, at most `limit`. */
  async exportRows(
    caller: Caller,
    body: Omit<OrderQueryBody, 'pageNo' | 'pageSize'>,
    limit: number,
  ): Promise<OrderView[]> {
    const list = await this.orders.list(await this.orderFilter(caller, body), limit)
    const names = await this.names(
      caller,
      list.map((o) => o.tenant_id),
      list.flatMap((o) => [o.seller_user_id, o.operator_user_id]),
    )
    return list.map((o) => presentOrder(o, names))
  }

  async changePage(caller: Caller, body: RecordChangeQueryBody): Promise<Page<RecordChangeView>> {
    const { list, total } = await this.changes.page(
      { ...body, tenantIds: await this.tenantsFor(caller, body.tenantId), tenantId: undefined },
      body.pageNo,
      body.pageSize,
    )
    const names = await this.names(
      caller,
      list.map((c) => c.tenant_id),
      list.map((c) => c.operator_user_id),
    )
    return { total, list: list.map((c) => presentChange(c, names)) }
  }

  /** The answer of an order, renewal, refund or merge: the order (if one was made) and the records as they are now. */
  async result(
    caller: Caller,
    kind: OrderKindValue,
    r: ChangeResult,
  ): Promise<OrderResult | { order: null; records: RecordView[] }> {
    const now = Date.now()
    const { list: rows } = await this.stores[kind].page(
      { tenantIds: [r.tenantId], ids: r.recordIds },
      1,
      r.recordIds.length,
      now,
    )
    const order = r.orderId === null ? null : await this.orders.byId(r.tenantId, r.orderId)
    const names = await this.names(
      caller,
      [r.tenantId],
      order ? [order.seller_user_id, order.operator_user_id] : [],
    )
    const records = r.recordIds
      .map((id) => rows.find((x) => x.id === id))
      .filter((x): x is RecordListRow => x !== undefined)
      .map((x) => presentRecord(kind, x, names, now))
    return order ? { order: presentOrder(order, names), records } : { order: null, records }
  }

  /** Revenue and quantities by day, seller and kind over [from, to), cut at the viewer's midnight. */
  async statistics(caller: Caller, body: OrderStatisticsBody): Promise<OrderStatistics> {
    if (body.to <= body.from || body.to - body.from > STATISTICS_RANGE_DAYS_MAX * DAY_MS)
      throw new AppError(ErrorCode.statisticsRangeInvalid, { params: { days: STATISTICS_RANGE_DAYS_MAX } })
    const rows = await this.orders.forStatistics({
      tenantIds: await this.scope.tenantIds(caller),
      kind: body.kind,
      sellerId: body.sellerId,
      from: body.from,
      to: body.to,
    })
    const totals = emptyLine()
    const byDay = new Map<number, StatLine>()
    for (let d = dayStart(body.from, body.utcOffsetMinutes); d < body.to; d += DAY_MS)
      byDay.set(d, emptyLine())
    const bySeller = new Map<number | null, StatLine>()
    const byKind = new Map<OrderKindValue, StatLine>()
    for (const o of rows) {
      const amount = Number(o.amount_cents)
      add(totals, o.type, amount, o.quantity)
      const day = dayStart(o.created_at, body.utcOffsetMinutes)
      if (!byDay.has(day)) byDay.set(day, emptyLine())
      add(byDay.get(day) as StatLine, o.type, amount, o.quantity)
      if (!bySeller.has(o.seller_user_id)) bySeller.set(o.seller_user_id, emptyLine())
      add(bySeller.get(o.seller_user_id) as StatLine, o.type, amount, o.quantity)
      const kind = o.kind as OrderKindValue
      if (!byKind.has(kind)) byKind.set(kind, emptyLine())
      add(byKind.get(kind) as StatLine, o.type, amount, o.quantity)
    }
    const names = await this.names(caller, [], [...bySeller.keys()])
    return {
      totals,
      byDay: [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([date, l]) => ({ date, ...l })),
      bySeller: [...bySeller.entries()]
        .map(([sellerId, l]) => {
          const u = sellerId === null ? undefined : names.users.get(sellerId)
          return { sellerId, sellerName: u ? u.nickname || u.username : null, ...l }
        })
        .sort((a, b) => b.netAmount - a.netAmount),
      byKind: [...byKind.entries()].map(([kind, l]) => ({ kind, ...l })),
    }
  }
}
