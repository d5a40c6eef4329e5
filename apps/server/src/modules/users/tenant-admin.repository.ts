import { Role } from '@app/core'
import { type Kysely, sql, type Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { TenantTable } from '../../db/schema.js'
import { containsText } from '../../db/search.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { PlatformReach } from '../../http/platform-reach.js'

type Q = Kysely<Database>

export interface TenantFilter {
  keyword?: string
  /** tenants sold by these sellers; undefined: every tenant */
  sellerIds?: number[]
  sellerId?: number
  riskStatus?: number
  specialChannel?: number
  test?: number
  /** the supervisor's status */
  status?: number
  /** VIP ends on or after this day start (active), or before it (expired) */
  vipEndFrom?: number
  vipEndBefore?: number
  /** only these tenants */
  onlyIds?: number[]
}

/**
 * Paying tenants as the platform's pages manage them, each with its supervisor (the first
 * customerMaster, who carries the VIP dates). Every method works across tenants on purpose: the
 * platform's staff address tenants by id, within the sellers the service lets them see.
 */
export class TenantAdminRepository {
  constructor(private readonly db: Db) {}

  async accountTaken(account: string, q: Q = this.db): Promise<boolean> {
    const row = await q
      .selectFrom('tenants')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
      .executeTakeFirst()
    return row !== undefined
  }

  async insert(
    t: { name: string; account: string; sellerId: number | null; test: boolean },
    q: Q = this.db,
  ): Promise<number> {
    const now = Date.now()
    const row = await q
      .insertInto('tenants')
      .values({
        name: t.name,
        account: t.account,
        is_platform: 0,
        risk_status: 0,
        special_channel: 0,
        status: 0,
        seller_user_id: t.sellerId,
        test: t.test ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async update(tenantId: number, patch: Updateable<TenantTable>, q: Q = this.db): Promise<void> {
    await q
      .updateTable('tenants')
      .set({ ...patch, updated_at: Date.now() })
      .where('id', '=', tenantId)
      .where('is_platform', '=', 0)
      .execute()
  }

  /** A paying tenant (never the platform's own). */
  systemFind(system: SystemScope, tenantId: number, q: Q = this.db) {
    return q
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenantId)
      .where('is_platform', '=', 0)
      .executeTakeFirst()
  }

  /** The seller a paying tenant is credited to: the tenant's own row. */
  async sellerOf(tenantId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('tenants')
      .select('seller_user_id')
      .where('id', '=', tenantId)
      .where('is_platform', '=', 0)
      .executeTakeFirst()
    return row?.seller_user_id ?? null
  }

  /** A paying tenant by id, among the tenants the staff member reaches. */
  findIn(reach: PlatformReach, tenantId: number) {
    return this.db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenantId)
      .where('is_platform', '=', 0)
      .$if(reach.tenantIds !== null, (q) => q.where('id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .executeTakeFirst()
  }

  /** Ids of the paying tenants sold by these sellers: what a staff member reaches. */
  async idsSoldBy(sellerIds: number[]): Promise<number[]> {
    if (sellerIds.length === 0) return []
    const rows = await this.db
      .selectFrom('tenants')
      .select('id')
      .where('seller_user_id', 'in', sellerIds)
      .where('is_platform', '=', 0)
      .execute()
    return rows.map((r) => r.id)
  }

  /** How many tenants a seller is credited with, among the tenants the staff member reaches. */
  async countBySeller(reach: PlatformReach, sellerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('tenants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_user_id', '=', sellerId)
      .$if(reach.tenantIds !== null, (q) => q.where('id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async countsBySellers(reach: PlatformReach, sellerIds: number[]): Promise<Map<number, number>> {
    if (sellerIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('tenants')
      .select(['seller_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('seller_user_id', 'in', sellerIds)
      .$if(reach.tenantIds !== null, (q) => q.where('id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .groupBy('seller_user_id')
      .execute()
    return new Map(rows.map((r) => [Number(r.seller_user_id), Number(r.n)]))
  }

  /** Name and account of tenants by id, among the tenants the staff member reaches. */
  briefsIn(
    reach: PlatformReach,
    ids: number[],
  ): Promise<Map<number, { name: string; account: string; sellerId: number | null }>> {
    return this.briefs(ids, reach.tenantIds)
  }

  /** Name and account of tenants by id. */
  systemBriefs(
    system: SystemScope,
    ids: number[],
  ): Promise<Map<number, { name: string; account: string; sellerId: number | null }>> {
    return this.briefs(ids, null)
  }

  private async briefs(
    ids: number[],
    within: readonly number[] | null,
  ): Promise<Map<number, { name: string; account: string; sellerId: number | null }>> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('tenants')
      .select(['id', 'name', 'account', 'seller_user_id'])
      .where('id', 'in', unique)
      .$if(within !== null, (q) => q.where('id', 'in', [-1, ...(within ?? [])]))
      .execute()
    return new Map(rows.map((r) => [r.id, { name: r.name, account: r.account, sellerId: r.seller_user_id }]))
  }

  /** Tenants whose enterprise account or name contains the text, ignoring case. */
  async idsByKeyword(reach: PlatformReach, keyword: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tenants as t')
      .select('t.id')
      .where('t.is_platform', '=', 0)
      .$if(reach.tenantIds !== null, (q) => q.where('t.id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .where((eb) => eb.or([containsText('t.account', keyword), containsText('t.name', keyword)]))
      .execute()
    return rows.map((r) => r.id)
  }

  async systemCount(system: SystemScope): Promise<number> {
    const row = await this.db
      .selectFrom('tenants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_platform', '=', 0)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  private filtered(f: TenantFilter) {
    let q = this.db
      .selectFrom('tenants as t')
      .innerJoin('users as m', (j) =>
        j
          .onRef('m.tenant_id', '=', 't.id')
          .on('m.role_id', '=', Role.customerMaster)
          .on('m.deleted_at', 'is', null)
          .on(
            'm.id',
            '=',
            sql<number>`(select min(x.id) from users x where x.tenant_id = t.id and x.role_id = ${Role.customerMaster} and x.deleted_at is null)`,
          ),
      )
      .where('t.is_platform', '=', 0)
    if (f.keyword) {
      const k = f.keyword
      q = q.where((eb) =>
        eb.or([
          containsText('t.account', k),
          containsText('t.name', k),
          containsText('m.username', k),
          containsText('m.nickname', k),
        ]),
      )
    }
    if (f.sellerIds)
      q = f.sellerIds.length ? q.where('t.seller_user_id', 'in', f.sellerIds) : q.where('t.id', '=', -1)
    if (f.sellerId !== undefined) q = q.where('t.seller_user_id', '=', f.sellerId)
    if (f.riskStatus !== undefined) q = q.where('t.risk_status', '=', f.riskStatus)
    if (f.specialChannel !== undefined) q = q.where('t.special_channel', '=', f.specialChannel)
    if (f.test !== undefined) q = q.where('t.test', '=', f.test)
    if (f.status !== undefined) q = q.where('m.status', '=', f.status)
    if (f.vipEndFrom !== undefined) q = q.where('m.valid_end_date', '>=', f.vipEndFrom)
    if (f.vipEndBefore !== undefined) {
      const before = f.vipEndBefore
      q = q.where((eb) => eb.or([eb('m.valid_end_date', '<', before), eb('m.valid_end_date', 'is', null)]))
    }
    if (f.onlyIds) q = f.onlyIds.length ? q.where('t.id', 'in', f.onlyIds) : q.where('t.id', '=', -1)
    return q
  }

  /** Tenants with their supervisor, newest first. */
  async page(f: TenantFilter, pageNo: number, pageSize: number) {
    const { total } = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.filtered(f)
      .select([
        't.id as tenant_id',
        't.name as tenant_name',
        't.account',
        't.risk_status',
        't.special_channel',
        't.test',
        't.status as tenant_status',
        't.seller_user_id',
        't.created_at as tenant_created_at',
        'm.id as master_id',
        'm.username',
        'm.nickname',
        'm.status',
        'm.valid_start_date',
        'm.valid_end_date',
        'm.created_at',
      ])
      .orderBy('t.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }
}

export type TenantRow = Awaited<ReturnType<TenantAdminRepository['page']>>['list'][number]
