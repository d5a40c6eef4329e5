import { Role } from '@app/core'
import type { Insertable, Kysely, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { UserTable } from '../../db/schema.js'
import { containsText } from '../../db/search.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { PlatformReach } from '../../http/platform-reach.js'

type Q = Kysely<Database>

export interface StaffFilter {
  roleId: number
  keyword?: string
  status?: number
  parentId?: number
  /** only these users (an operations user sees themselves and their salespeople); undefined: all */
  onlyIds?: number[]
}

export interface AgentFilter {
  keyword?: string
  status?: number
  roleId?: number
  /** 0: agents in no group */
  groupId?: number
}

/**
 * Users as the platform's staff pages and the supervisor's agent page manage them: create, change,
 * soft-delete and list. Tenant people are addressed with their tenant; staff (who all belong to the
 * platform tenant) within the platform tenant; supervisors and names across tenants within a staff
 * member's `PlatformReach`.
 */
export class UserAdminRepository {
  constructor(private readonly db: Db) {}

  /** The platform's own tenant, where its staff (admin, operations, business) belong. */
  private platformTenant() {
    return this.db.selectFrom('tenants').select('id').where('is_platform', '=', 1)
  }

  /** A live (not deleted) user of the platform tenant by id: the staff pages address staff by id. */
  findStaff(id: number, q: Q = this.db) {
    return q
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', 'in', this.platformTenant())
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** A live supervisor (customerMaster) by id, in the tenants the staff member reaches. */
  supervisorIn(reach: PlatformReach, id: number) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .$if(reach.tenantIds !== null, (q) => q.where('tenant_id', 'in', [-1, ...(reach.tenantIds ?? [])]))
      .where('id', '=', id)
      .where('role_id', '=', Role.customerMaster)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** Names of the platform's staff by id, deleted ones included (orders keep their seller and operator). */
  staffNames(ids: number[]): Promise<Map<number, { username: string; nickname: string }>> {
    return this.names(ids, null)
  }

  /** Names of users by id, of the platform's staff or of the tenants the staff member reaches, deleted ones included. */
  namesIn(reach: PlatformReach, ids: number[]): Promise<Map<number, { username: string; nickname: string }>> {
    return this.names(ids, reach.tenantIds)
  }

  private async names(
    ids: number[],
    tenantIds: readonly number[] | null | undefined,
  ): Promise<Map<number, { username: string; nickname: string }>> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map()
    // staff always; tenants' people only within the reach (null: every tenant, undefined: none)
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'nickname', 'deleted_at'])
      .where('id', 'in', unique)
      .where((eb) =>
        tenantIds === null
          ? eb.lit(true)
          : eb.or([
              eb('tenant_id', 'in', this.platformTenant()),
              ...(tenantIds?.length ? [eb('tenant_id', 'in', [...tenantIds])] : []),
            ]),
      )
      .execute()
    return new Map(
      rows.map((r) => {
        // a deleted user's name carries a suffix that freed it; show it as it was
        const username = r.deleted_at ? r.username.replace(/~\d+$/, '') : r.username
        return [r.id, { username, nickname: r.nickname || username }]
      }),
    )
  }

  async nameTaken(tenantId: number, username: string, q: Q = this.db): Promise<boolean> {
    const row = await q
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('username', '=', username)
      .executeTakeFirst()
    return row !== undefined
  }

  async insert(values: Insertable<UserTable>, q: Q = this.db): Promise<number> {
    const row = await q.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  async update(tenantId: number, id: number, patch: Updateable<UserTable>, q: Q = this.db): Promise<void> {
    await q
      .updateTable('users')
      .set({ ...patch, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** Delete keeping the row: disabled, and renamed so the name can be given again. */
  async softDelete(tenantId: number, id: number, q: Q = this.db): Promise<void> {
    const now = Date.now()
    const row = await q
      .selectFrom('users')
      .select('username')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return
    await q
      .updateTable('users')
      .set({
        username: `${row.username}~${id}`,
        status: 1,
        deleted_at: now,
        updated_at: now,
        agent_group_id: null,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  /** The live business users reporting to an operations user. */
  async businessIdsOf(operationsId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', 'in', this.platformTenant())
      .where('parent_user_id', '=', operationsId)
      .where('role_id', '=', Role.business)
      .where('deleted_at', 'is', null)
      .execute()
    return rows.map((r) => r.id)
  }

  /** Live staff (operations and business users) of the platform, for seller pickers. */
  staff(onlyIds?: number[]) {
    let q = this.db
      .selectFrom('users')
      .select(['id', 'username', 'nickname', 'role_id', 'parent_user_id', 'status'])
      .where('tenant_id', 'in', this.platformTenant())
      .where('role_id', 'in', [Role.operations, Role.business])
      .where('deleted_at', 'is', null)
    if (onlyIds) q = onlyIds.length ? q.where('id', 'in', onlyIds) : q.where('id', '=', -1)
    return q.orderBy('role_id').orderBy('id').execute()
  }

  private staffQuery(f: StaffFilter) {
    let q = this.db
      .selectFrom('users as u')
      .where('u.tenant_id', 'in', this.platformTenant())
      .where('u.role_id', '=', f.roleId)
      .where('u.deleted_at', 'is', null)
    if (f.keyword) {
      const k = f.keyword
      q = q.where((eb) => eb.or([containsText('u.username', k), containsText('u.nickname', k)]))
    }
    if (f.status !== undefined) q = q.where('u.status', '=', f.status)
    if (f.parentId !== undefined) q = q.where('u.parent_user_id', '=', f.parentId)
    if (f.onlyIds) q = f.onlyIds.length ? q.where('u.id', 'in', f.onlyIds) : q.where('u.id', '=', -1)
    return q
  }

  /** Operations or business users, newest first, with how many salespeople report to each. */
  async staffPage(f: StaffFilter, pageNo: number, pageSize: number) {
    const { total } = await this.staffQuery(f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.staffQuery(f)
      .select([
        'u.id',
        'u.username',
        'u.nickname',
        'u.role_id',
        'u.status',
        'u.parent_user_id',
        'u.created_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('users as c')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('c.tenant_id', '=', 'u.tenant_id')
          .whereRef('c.parent_user_id', '=', 'u.id')
          .where('c.role_id', '=', Role.business)
          .where('c.deleted_at', 'is', null)
          .as('salesperson_count'),
      )
      .orderBy('u.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  /** Live business users under an operations user. */
  async countSalespeople(operationsId: number): Promise<number> {
    return (await this.businessIdsOf(operationsId)).length
  }

  /** The supervisor (first customerMaster) of each tenant. */
  async mastersOf(tenantIds: number[]) {
    if (tenantIds.length === 0) return []
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'tenant_id',
        'username',
        'nickname',
        'status',
        'valid_start_date',
        'valid_end_date',
        'created_at',
      ])
      .where('tenant_id', 'in', tenantIds)
      .where('role_id', '=', Role.customerMaster)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute()
  }

  async masterOf(tenantId: number, q: Q = this.db) {
    return q
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', Role.customerMaster)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst()
  }

  // ---- the supervisor's agents ----

  private agentQuery(tenantId: number, f: AgentFilter) {
    let q = this.db
      .selectFrom('users as u')
      .where('u.tenant_id', '=', tenantId)
      .where('u.role_id', 'in', [Role.customerUser, Role.customerUserLeader])
      .where('u.deleted_at', 'is', null)
    if (f.keyword) {
      const k = f.keyword
      q = q.where((eb) => eb.or([containsText('u.username', k), containsText('u.nickname', k)]))
    }
    if (f.status !== undefined) q = q.where('u.status', '=', f.status)
    if (f.roleId !== undefined) q = q.where('u.role_id', '=', f.roleId)
    if (f.groupId === 0) q = q.where('u.agent_group_id', 'is', null)
    else if (f.groupId !== undefined) q = q.where('u.agent_group_id', '=', f.groupId)
    return q
  }

  async agentPage(tenantId: number, f: AgentFilter, pageNo: number, pageSize: number) {
    const { total } = await this.agentQuery(tenantId, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const list = await this.agentQuery(tenantId, f)
      .select([
        'u.id',
        'u.username',
        'u.nickname',
        'u.role_id',
        'u.status',
        'u.agent_group_id',
        'u.created_at',
      ])
      .orderBy('u.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    return { list, total: Number(total) }
  }

  /** A live agent (customerUser or customerUserLeader) of the tenant. */
  agent(tenantId: number, id: number, q: Q = this.db) {
    return q
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('role_id', 'in', [Role.customerUser, Role.customerUserLeader])
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** Live members of each agent group of the tenant. */
  async groupMemberCounts(tenantId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select(['agent_group_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('agent_group_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .groupBy('agent_group_id')
      .execute()
    return new Map(rows.map((r) => [Number(r.agent_group_id), Number(r.n)]))
  }

  /** Everyone of the tenant (for signing a disabled tenant's people out). */
  async idsOfTenant(tenantId: number, q: Q = this.db): Promise<number[]> {
    const rows = await q.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()
    return rows.map((r) => r.id)
  }

  /** Live users of all tenants (the status panel). */
  async systemCount(system: SystemScope): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}
