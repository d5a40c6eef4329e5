import type { SlotCounts } from '@app/core'
import type { Generated, Kysely, SelectQueryBuilder } from 'kysely'
import type { Database } from '../../db/index.js'
import type { PlatformReach } from '../../http/platform-reach.js'
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

/**
 * A record table as the shared store sees it. Ports and seats name their columns alike but for the
 * holder (`account_id` on ports, `user_id` on seats) and the seats' `lapsed_at`; each subclass
 * touches only the columns its own table has.
 */
interface RecordColumns {
  id: Generated<number>
  tenant_id: number
  account_id: number | null
  user_id: number | null
  order_id: number | null
  starts_at: number
  expires_at: number
  ended_reason: string | null
  merged_into: number | null
  paid_cents: number
  refunded_cents: number
  lapsed_at: number | null
  created_at: number
  updated_at: number
}

/** The record tables, and the holders' tables their lists join. */
export type RecordsDb = Record<RecordTableName, RecordColumns> & Pick<Database, 'users' | 'ws_accounts'>
export type RecordTableName = 'ports' | 'seats'
type Holder = 'account_id' | 'user_id'

/** A page of records in list order, before the holders are joined. */
export type RecordPageQuery = SelectQueryBuilder<RecordsDb & { r: RecordColumns }, 'r', object>

const COMMON = [
  'r.id',
  'r.tenant_id',
  'r.order_id',
  'r.starts_at',
  'r.expires_at',
  'r.ended_reason',
  'r.merged_into',
  'r.paid_cents',
  'r.refunded_cents',
  'r.created_at',
] as const

/**
 * The record store written once for both record tables: inserts, guarded changes, holder moves,
 * pages, counts and endings. The owning module's subclass names its table and holder and joins the
 * holder's name into its list; every statement stays on the subclass's own table.
 */
export abstract class RecordTable implements RecordStore {
  abstract readonly kind: 'port' | 'seat'
  /** the columns of a record, with the holder read as `holder_id` */
  protected readonly columns: readonly [...typeof COMMON, `r.${Holder} as holder_id`]

  /**
   * @param rewatch a record whose end or holder moved is watched again by the expiry engine
   *   (`lapsed_at` cleared; seats only)
   */
  constructor(
    protected readonly db: Q,
    private readonly table: RecordTableName,
    private readonly holder: Holder,
    private readonly rewatch: boolean,
  ) {
    this.columns = [...COMMON, `r.${holder} as holder_id`]
  }

  /**
   * The records table seen through its shared columns: Kysely cannot type one statement over two
   * tables whose holder columns differ, so the view is declared once here.
   */
  protected view(q: Q): Kysely<RecordsDb> {
    return q as unknown as Kysely<RecordsDb>
  }

  /** A record as billing reads it; ports made before records had a start override this. */
  protected read(row: RecordRow): RecordRow {
    return row
  }

  /** The page's rows with their holders' names and statuses; each table joins its own holders. */
  protected abstract listRows(q: RecordPageQuery): Promise<RecordListRow[]>

  private from(q: Q) {
    return this.view(q).selectFrom(`${this.table} as r`)
  }

  async insert(q: Q, tenantId: number, rows: NewRecord[], now: number): Promise<number[]> {
    if (rows.length === 0) return []
    const inserted = await this.view(q)
      .insertInto(this.table)
      .values(
        rows.map((r) => ({
          // the holder column starts empty (null by default)
          tenant_id: tenantId,
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

  async findManyIn(reach: PlatformReach, q: Q, ids: number[]): Promise<RecordRow[]> {
    if (ids.length === 0) return []
    const rows = await this.from(q)
      .select(this.columns)
      .where('r.id', 'in', ids)
      .$if(reach.tenantIds !== null, (s) => s.where('r.tenant_id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .execute()
    return rows.map((r) => this.read(r))
  }

  async findMany(q: Q, tenantId: number, ids: number[]): Promise<RecordRow[]> {
    if (ids.length === 0) return []
    const rows = await this.from(q)
      .select(this.columns)
      .where('r.tenant_id', '=', tenantId)
      .where('r.id', 'in', ids)
      .execute()
    return rows.map((r) => this.read(r))
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
    const res = await this.view(q)
      .updateTable(this.table)
      .set({ ...patch, ...(moved && this.rewatch ? { lapsed_at: null } : {}), updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('expires_at', '=', expectedExpiresAt)
      .where('ended_reason', 'is', null)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async moveHolder(q: Q, tenantId: number, fromId: number, toId: number, now: number): Promise<boolean> {
    const rows = await this.from(q)
      .select(['r.id', `r.${this.holder} as holder_id`])
      .where('r.tenant_id', '=', tenantId)
      .where('r.id', 'in', [fromId, toId])
      .execute()
    const from = rows.find((r) => r.id === fromId)
    const to = rows.find((r) => r.id === toId)
    if (!from?.holder_id || !to || to.holder_id !== null) return false
    // free the source first: a holder has one record (unique index)
    await this.view(q)
      .updateTable(this.table)
      .set(this.holder, null)
      .set('updated_at', now)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', fromId)
      .execute()
    await this.view(q)
      .updateTable(this.table)
      .set(this.holder, from.holder_id)
      .set(this.rewatch ? { lapsed_at: null, updated_at: now } : { updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', toId)
      .execute()
    return true
  }

  private filtered(f: RecordPageFilter, now: number) {
    let q = this.from(this.db)
    if (f.tenantIds)
      q = f.tenantIds.length ? q.where('r.tenant_id', 'in', f.tenantIds) : q.where('r.id', '=', -1)
    if (f.orderId !== undefined) q = q.where('r.order_id', '=', f.orderId)
    if (f.ids) q = f.ids.length ? q.where('r.id', 'in', f.ids) : q.where('r.id', '=', -1)
    if (f.status) q = q.where(statusIs('r', f.status, now))
    if (f.endingBefore !== undefined)
      q = q.where(running('r', now)).where('r.expires_at', '<=', f.endingBefore)
    return q
  }

  async page(f: RecordPageFilter, pageNo: number, pageSize: number, now: number) {
    const { total } = await this.filtered(f, now)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.listRows(
      this.filtered(f, now)
        .orderBy('r.expires_at')
        .orderBy('r.id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
    )
    return { list, total: Number(total) }
  }

  async counts(tenantIds: number[], now: number, soonUntil: number): Promise<Map<number, SlotCounts>> {
    if (tenantIds.length === 0) return new Map()
    const rows = await this.from(this.db)
      .select((eb) => [
        'r.tenant_id',
        eb.fn.countAll<number>().as('bought'),
        eb.fn.count<number>(`r.${this.holder}`).as('used'),
        eb.fn.sum<number>(eb.case().when('r.expires_at', '<=', soonUntil).then(1).else(0).end()).as('soon'),
      ])
      .where('r.tenant_id', 'in', tenantIds)
      .where(running('r', now))
      .groupBy('r.tenant_id')
      .execute()
    return new Map(
      rows.map((r) => [
        r.tenant_id,
        { bought: Number(r.bought), used: Number(r.used), expiringSoon: Number(r.soon ?? 0) },
      ]),
    )
  }

  async ending(tenantId: number, now: number, until: number): Promise<RecordRow[]> {
    const rows = await this.from(this.db)
      .select(this.columns)
      .where('r.tenant_id', '=', tenantId)
      .where(running('r', now))
      .where('r.expires_at', '<=', until)
      .orderBy('r.expires_at')
      .execute()
    return rows.map((r) => this.read(r))
  }

  async tenantsEnding(tenantIds: number[] | null, now: number, until: number): Promise<number[]> {
    let q = this.from(this.db)
      .select('r.tenant_id')
      .distinct()
      .where(running('r', now))
      .where('r.expires_at', '<=', until)
    if (tenantIds) q = tenantIds.length ? q.where('r.tenant_id', 'in', tenantIds) : q.where('r.id', '=', -1)
    return (await q.execute()).map((r) => r.tenant_id)
  }
}
