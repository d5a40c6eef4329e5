import {
  DAY_MS,
  daysLeft,
  type ExpiryDismissBody,
  type ExpiryGroup,
  type ExpiryReminder,
  type MyOrderQueryBody,
  type MyOrderView,
  type MyPortRecordView,
  type MyRecordQueryBody,
  type MySeatRecordView,
  type OrderKindValue,
  type OrderTypeValue,
  type Page,
  type RenewalRequestBody,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import type { SettingsService } from '../platform/index.js'
import type { RecordRow, RecordStore } from '../ports/index.js'
import type { PlatformStaff } from '../users/index.js'
import { statusOf } from './billing.presenter.js'
import type { OrdersRepository } from './orders.repository.js'
import type { RemindersRepository } from './reminders.repository.js'

/** The start of the viewer's day holding `t`. */
const dayStart = (t: number, offsetMinutes: number) => {
  const shift = offsetMinutes * 60_000
  return Math.floor((t + shift) / DAY_MS) * DAY_MS - shift
}

/** Records grouped by the viewer's day of their end; days left rounded up, or "today". */
function groupByDay(records: RecordRow[], now: number, offsetMinutes: number): ExpiryGroup[] {
  const today = dayStart(now, offsetMinutes)
  const groups = new Map<number, RecordRow[]>()
  for (const r of records) {
    const day = dayStart(r.expires_at, offsetMinutes)
    groups.set(day, [...(groups.get(day) ?? []), r])
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([expiryDate, rows]) => {
      const isToday = expiryDate <= today
      const first = Math.min(...rows.map((r) => r.expires_at))
      return {
        expiryDate,
        expiryTotal: rows.length,
        daysLeft: isToday ? 0 : Math.max(1, daysLeft(first, now)),
        today: isToday,
      }
    })
}

/** The tenant's side of billing: its orders and records, the expiry reminder, renewal requests. */
export class TenantBillingService {
  constructor(
    private readonly db: Db,
    private readonly stores: Record<OrderKindValue, RecordStore>,
    private readonly orders: OrdersRepository,
    private readonly reminders: RemindersRepository,
    private readonly settings: SettingsService,
    private readonly staff: PlatformStaff,
  ) {}

  async myOrders(caller: Caller, body: MyOrderQueryBody): Promise<Page<MyOrderView>> {
    const { list, total } = await this.orders.page(
      { tenantIds: [caller.tenantId], kind: body.kind, type: body.type },
      body.pageNo,
      body.pageSize,
    )
    const names = await this.staff.names(
      list.map((o) => o.seller_user_id).filter((id): id is number => id !== null),
    )
    return {
      total,
      list: list.map((o) => {
        const seller = o.seller_user_id === null ? undefined : names.get(o.seller_user_id)
        return {
          id: o.id,
          kind: o.kind as OrderKindValue,
          type: o.type as OrderTypeValue,
          quantity: o.quantity,
          days: o.days,
          amount: Number(o.amount_cents),
          sellerName: seller ? seller.nickname || seller.username : null,
          remark: o.remark,
          createdAt: o.created_at,
        }
      }),
    }
  }

  async myPorts(caller: Caller, body: MyRecordQueryBody): Promise<Page<MyPortRecordView>> {
    const now = Date.now()
    const { list, total } = await this.stores.port.page(
      { tenantIds: [caller.tenantId], status: body.status },
      body.pageNo,
      body.pageSize,
      now,
    )
    return {
      total,
      list: list.map((r) => ({
        id: r.id,
        startsAt: r.starts_at,
        expiresAt: r.expires_at,
        daysLeft: r.ended_reason ? 0 : daysLeft(r.expires_at, now),
        status: statusOf(r, now),
        accountId: r.holder_id,
        phone: r.holder_name,
        accountStatus: r.holder_status,
      })),
    }
  }

  async mySeats(caller: Caller, body: MyRecordQueryBody): Promise<Page<MySeatRecordView>> {
    const now = Date.now()
    const { list, total } = await this.stores.seat.page(
      { tenantIds: [caller.tenantId], status: body.status },
      body.pageNo,
      body.pageSize,
      now,
    )
    return {
      total,
      list: list.map((r) => ({
        id: r.id,
        startsAt: r.starts_at,
        expiresAt: r.expires_at,
        daysLeft: r.ended_reason ? 0 : daysLeft(r.expires_at, now),
        status: statusOf(r, now),
        userId: r.holder_id,
        agentName: r.holder_name,
      })),
    }
  }

  /**
   * Ports and seats of the tenant ending within the days operations set, that the user has not
   * dismissed at their current end, grouped by the day they end.
   */
  async reminder(caller: Caller, utcOffsetMinutes: number): Promise<ExpiryReminder> {
    const now = Date.now()
    const { reminderDays } = await this.settings.configForTenant(caller.tenantId)
    const until = now + reminderDays * DAY_MS
    const dismissed = await this.reminders.dismissed(caller.tenantId, caller.userId)
    const due = async (kind: OrderKindValue) =>
      reminderDays === 0
        ? []
        : (await this.stores[kind].ending(caller.tenantId, now, until)).filter(
            (r) => !dismissed.has(`${kind}:${r.id}:${r.expires_at}`),
          )
    const [ports, seats] = await Promise.all([due('port'), due('seat')])
    return {
      portIdList: ports.map((r) => r.id),
      seatIdList: seats.map((r) => r.id),
      portExpiryList: groupByDay(ports, now, utcOffsetMinutes),
      seatExpiryList: groupByDay(seats, now, utcOffsetMinutes),
      reminderDays,
    }
  }

  /** "Do not remind again" for these records at their current end; ids of other tenants are ignored. */
  async dismiss(caller: Caller, body: ExpiryDismissBody): Promise<void> {
    const marks = async (kind: OrderKindValue, ids: number[]) => {
      const rows = await this.stores[kind].findMany(this.db, caller.tenantId, ids)
      return rows.map((r) => ({ kind, recordId: r.id, expiresAt: r.expires_at }))
    }
    await this.reminders.dismiss(caller.tenantId, caller.userId, [
      ...(await marks('port', body.portIdList)),
      ...(await marks('seat', body.seatIdList)),
    ])
  }

  /** A note to the seller asking to renew these records; no money moves. */
  async requestRenewal(caller: Caller, body: RenewalRequestBody): Promise<{ id: number }> {
    const ids = [...new Set(body.ids)]
    // another tenant's record is not found, as one that does not exist
    const rows = await this.stores[body.kind].findMany(this.db, caller.tenantId, ids)
    if (rows.length !== ids.length) throw notFound()
    const id = await this.reminders.insertRequest({
      tenantId: caller.tenantId,
      kind: body.kind,
      recordIds: rows.map((r) => r.id),
      days: body.days,
      note: body.note,
      requestedBy: caller.userId,
    })
    return { id }
  }
}
