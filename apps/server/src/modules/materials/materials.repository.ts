import type { MaterialTypeValue, MaterialUsageValue } from '@app/core'
import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { MaterialTable } from '../../db/schema.js'
import { containsText } from '../../db/search.js'

/** A material's library: the tenant's public one (owner 0) or one agent's personal one. */
export interface Library {
  tenantId: number
  ownerUserId: number
}

export interface MaterialFilter {
  usage?: MaterialUsageValue
  type?: MaterialTypeValue
  groupId?: number
  enabled?: boolean
  name?: string
}

/** Materials with their group's name and their file's type and size. Every method takes the tenant. */
export class MaterialsRepository {
  constructor(private readonly db: Db) {}

  private joined(tenantId: number) {
    return this.db
      .selectFrom('materials as m')
      .leftJoin('material_groups as g', 'g.id', 'm.group_id')
      .leftJoin('media_files as f', 'f.id', 'm.media_id')
      .selectAll('m')
      .select(['g.name as group_name', 'f.mime as media_mime', 'f.size as media_size'])
      .where('m.tenant_id', '=', tenantId)
  }

  async page(lib: Library, filter: MaterialFilter, offset: number, limit: number) {
    let rows = this.joined(lib.tenantId).where('m.owner_user_id', '=', lib.ownerUserId)
    let count = this.db
      .selectFrom('materials as m')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('m.tenant_id', '=', lib.tenantId)
      .where('m.owner_user_id', '=', lib.ownerUserId)
    if (filter.usage) {
      rows = rows.where('m.usage', '=', filter.usage)
      count = count.where('m.usage', '=', filter.usage)
    }
    if (filter.type) {
      rows = rows.where('m.type', '=', filter.type)
      count = count.where('m.type', '=', filter.type)
    }
    if (filter.groupId !== undefined) {
      rows = rows.where('m.group_id', '=', filter.groupId)
      count = count.where('m.group_id', '=', filter.groupId)
    }
    if (filter.enabled !== undefined) {
      rows = rows.where('m.enabled', '=', filter.enabled ? 1 : 0)
      count = count.where('m.enabled', '=', filter.enabled ? 1 : 0)
    }
    if (filter.name) {
      rows = rows.where(containsText('m.name', filter.name))
      count = count.where(containsText('m.name', filter.name))
    }
    const [list, total] = await Promise.all([
      rows.orderBy('m.id', 'desc').offset(offset).limit(limit).execute(),
      count.executeTakeFirstOrThrow(),
    ])
    return { list, total: Number(total.n) }
  }

  /**
   * Materials of several libraries of the tenant, newest first, older than `beforeId` (keyset on
   * the id); a library `enabledOnly` lists only its enabled materials.
   */
  across(
    tenantId: number,
    libraries: { ownerUserId: number; enabledOnly: boolean }[],
    filter: MaterialFilter,
    beforeId: number | undefined,
    limit: number,
  ) {
    let rows = this.joined(tenantId).where((eb) =>
      eb.or(
        libraries.map((l) =>
          eb.and([
            eb('m.owner_user_id', '=', l.ownerUserId),
            ...(l.enabledOnly ? [eb('m.enabled', '=', 1)] : []),
          ]),
        ),
      ),
    )
    if (filter.usage) rows = rows.where('m.usage', '=', filter.usage)
    if (filter.type) rows = rows.where('m.type', '=', filter.type)
    if (filter.name) rows = rows.where(containsText('m.name', filter.name))
    if (beforeId !== undefined) rows = rows.where('m.id', '<', beforeId)
    return rows.orderBy('m.id', 'desc').limit(limit).execute()
  }

  get(tenantId: number, id: number) {
    return this.joined(tenantId).where('m.id', '=', id).executeTakeFirst()
  }

  many(tenantId: number, ids: number[]) {
    return this.joined(tenantId).where('m.id', 'in', ids).execute()
  }

  async insert(row: Insertable<MaterialTable>): Promise<number> {
    const r = await this.db.insertInto('materials').values(row).returning('id').executeTakeFirstOrThrow()
    return r.id
  }

  async update(tenantId: number, ids: number[], patch: Updateable<MaterialTable>): Promise<void> {
    await this.db
      .updateTable('materials')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute()
  }

  async remove(tenantId: number, ids: number[]): Promise<void> {
    await this.db.deleteFrom('materials').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute()
  }

  /** Materials per type in a library. */
  async typeCounts(lib: Library, usage?: MaterialUsageValue, enabledOnly = false) {
    let q = this.db
      .selectFrom('materials')
      .select(['type', (e) => e.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', lib.tenantId)
      .where('owner_user_id', '=', lib.ownerUserId)
    if (usage) q = q.where('usage', '=', usage)
    if (enabledOnly) q = q.where('enabled', '=', 1)
    const rows = await q.groupBy('type').execute()
    return new Map(rows.map((r) => [r.type, Number(r.n)]))
  }

  group(tenantId: number, groupId: number) {
    return this.db
      .selectFrom('material_groups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupId)
      .executeTakeFirst()
  }
}

export type MaterialJoinedRow = NonNullable<Awaited<ReturnType<MaterialsRepository['get']>>>
