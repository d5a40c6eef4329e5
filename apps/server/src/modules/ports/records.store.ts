import type { OrderKindValue, RecordStatusValue, SlotCounts } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { PlatformReach } from '../../http/platform-reach.js'

export type Q = Kysely<Database>

/** A port or seat record as billing sees it; the holder is the WS account (port) or the agent (seat). */
export interface RecordRow {
  id: number
  tenant_id: number
  holder_id: number | null
  order_id: number | null
  starts_at: number
  expires_at: number
  ended_reason: string | null
  merged_into: number | null
  paid_cents: number
  refunded_cents: number
  created_at: number
}

export interface RecordListRow extends RecordRow {
  /** the account's phone or the agent's name */
  holder_name: string | null
  /** the account's status (ports) */
  holder_status: string | null
}

export interface NewRecord {
  orderId: number
  startsAt: number
  expiresAt: number
  paid: number
}

export interface RecordPatch {
  expires_at?: number
  ended_reason?: 'refunded' | 'merged' | null
  merged_into?: number | null
  paid_cents?: number
  refunded_cents?: number
}

export interface RecordPageFilter {
  /** null: every tenant */
  tenantIds: number[] | null
  orderId?: number
  /** only these records */
  ids?: number[]
  status?: RecordStatusValue
  /** running records ending before this time */
  endingBefore?: number
}

/**
 * Where the records of one kind live: ports in the ports module's table, seats in billing's. The
 * order, renewal, refund and merge rules are written once against this.
 */
export interface RecordStore {
  readonly kind: OrderKindValue
  insert(q: Q, tenantId: number, rows: NewRecord[], now: number): Promise<number[]>
  /** records by id among the tenants a staff member reaches: the platform's pages name records by id */
  findManyIn(reach: PlatformReach, q: Q, ids: number[]): Promise<RecordRow[]>
  /** the tenant's records by id; another tenant's ids find nothing */
  findMany(q: Q, tenantId: number, ids: number[]): Promise<RecordRow[]>
  /** changes a record only if its end is still `expectedExpiresAt` and it has not ended early; true when it did */
  change(
    q: Q,
    tenantId: number,
    id: number,
    expectedExpiresAt: number,
    patch: RecordPatch,
    now: number,
  ): Promise<boolean>
  /** moves the holder of `fromId` to `toId` when `toId` holds none; true when it moved */
  moveHolder(q: Q, tenantId: number, fromId: number, toId: number, now: number): Promise<boolean>
  page(
    f: RecordPageFilter,
    pageNo: number,
    pageSize: number,
    now: number,
  ): Promise<{ list: RecordListRow[]; total: number }>
  /** bought (running), used (running and held) and ending before `soonUntil`, per tenant */
  counts(tenantIds: number[], now: number, soonUntil: number): Promise<Map<number, SlotCounts>>
  /** running records of a tenant ending in (now, until] */
  ending(tenantId: number, now: number, until: number): Promise<RecordRow[]>
  /** tenants (of those given, or all for null) with a running record ending before `until` */
  tenantsEnding(tenantIds: number[] | null, now: number, until: number): Promise<number[]>
}
