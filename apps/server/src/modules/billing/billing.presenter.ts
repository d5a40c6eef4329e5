import {
  daysLeft,
  type OrderKindValue,
  type OrderTypeValue,
  type OrderView,
  type RecordActionValue,
  type RecordChangeView,
  type RecordSnapshot,
  type RecordView,
  recordStatus,
} from '@app/core'
import type { Selectable } from 'kysely'
import type { OrderTable, RecordChangeTable } from '../../db/schema.js'
import type { RecordListRow, RecordRow } from '../ports/index.js'

/** Names the presenters look up: tenants by id, users by id. */
export interface Names {
  tenants: Map<number, { name: string; account: string }>
  users: Map<number, { username: string; nickname: string }>
}

const userName = (names: Names, id: number | null) => {
  if (id === null) return null
  const u = names.users.get(id)
  return u ? u.nickname || u.username : null
}

const ids = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []
  } catch {
    return []
  }
}

export const statusOf = (r: RecordRow, now: number) =>
  recordStatus({ expiresAt: r.expires_at, endedReason: r.ended_reason as 'refunded' | 'merged' | null }, now)

export function presentOrder(o: Selectable<OrderTable>, names: Names): OrderView {
  const t = names.tenants.get(o.tenant_id)
  return {
    id: o.id,
    tenantId: o.tenant_id,
    tenantName: t?.name ?? '',
    enterpriseAccount: t?.account ?? '',
    kind: o.kind as OrderKindValue,
    type: o.type as OrderTypeValue,
    quantity: o.quantity,
    days: o.days,
    amount: Number(o.amount_cents),
    sellerId: o.seller_user_id,
    sellerName: userName(names, o.seller_user_id),
    operatorId: o.operator_user_id,
    operatorName: userName(names, o.operator_user_id) ?? '',
    remark: o.remark,
    recordIds: ids(o.record_ids),
    createdAt: o.created_at,
  }
}

export function presentRecord(kind: OrderKindValue, r: RecordListRow, names: Names, now: number): RecordView {
  const t = names.tenants.get(r.tenant_id)
  return {
    id: r.id,
    kind,
    tenantId: r.tenant_id,
    tenantName: t?.name ?? '',
    enterpriseAccount: t?.account ?? '',
    orderId: r.order_id,
    startsAt: r.starts_at,
    expiresAt: r.expires_at,
    status: statusOf(r, now),
    daysLeft: r.ended_reason ? 0 : daysLeft(r.expires_at, now),
    holderId: r.holder_id,
    holderName: r.holder_name,
    paid: Number(r.paid_cents),
    refunded: Number(r.refunded_cents),
    createdAt: r.created_at,
  }
}

const snapshotOf = (json: string | null): RecordSnapshot | null => {
  if (!json) return null
  try {
    return JSON.parse(json) as RecordSnapshot
  } catch {
    return null
  }
}

export function presentChange(c: Selectable<RecordChangeTable>, names: Names): RecordChangeView {
  return {
    id: c.id,
    kind: c.kind as OrderKindValue,
    recordId: c.record_id,
    tenantId: c.tenant_id,
    tenantName: names.tenants.get(c.tenant_id)?.name ?? '',
    action: c.action as RecordActionValue,
    orderId: c.order_id,
    relatedRecordId: c.related_record_id,
    operatorId: c.operator_user_id,
    operatorName: userName(names, c.operator_user_id) ?? '',
    before: snapshotOf(c.before_json),
    after: snapshotOf(c.after_json) as RecordSnapshot,
    remark: c.remark,
    createdAt: c.created_at,
  }
}
