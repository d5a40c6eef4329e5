import { ErrorCode, type MaterialGroupView, type MaterialOwnerTypeValue } from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError, notFound } from '../../http/errors.js'
import { isForeignKeyViolation, isUniqueViolation } from '../accounts/index.js'
import { canSee, libraryOf, type MaterialCaller, ownerTypeOf, requireWritable } from './materials.library.js'

/**
 * Groups of one material library: names unique in the library ignoring case (spec §5: no spaces,
 * at most 20); a group that still holds materials cannot be deleted, as with account groups.
 */
export class MaterialGroupsService {
  constructor(private readonly db: Db) {}

  async list(caller: MaterialCaller, ownerType: MaterialOwnerTypeValue): Promise<MaterialGroupView[]> {
    const lib = libraryOf(caller, ownerType)
    const rows = await this.db
      .selectFrom('material_groups as g')
      .select(['g.id', 'g.name', 'g.owner_user_id', 'g.created_at'])
      .select((eb) =>
        eb
          .selectFrom('materials as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .as('material_count'),
      )
      .where('g.tenant_id', '=', lib.tenantId)
      .where('g.owner_user_id', '=', lib.ownerUserId)
      .orderBy('g.id')
      .execute()
    return rows.map((r) => ({
      id: r.id,
      ownerType: ownerTypeOf(r.owner_user_id),
      name: r.name,
      materialCount: Number(r.material_count ?? 0),
      createdAt: r.created_at,
    }))
  }

  async create(caller: MaterialCaller, ownerType: MaterialOwnerTypeValue, name: string): Promise<number> {
    const lib = libraryOf(caller, ownerType)
    requireWritable(caller, lib.ownerUserId)
    try {
      const row = await this.db
        .insertInto('material_groups')
        .values({
          tenant_id: lib.tenantId,
          owner_type: ownerType,
          owner_user_id: lib.ownerUserId,
          name,
          name_key: name.toLowerCase(),
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.materialGroupNameTaken)
      throw err
    }
  }

  async rename(caller: MaterialCaller, id: number, name: string): Promise<void> {
    await this.writable(caller, id)
    try {
      await this.db
        .updateTable('material_groups')
        .set({ name, name_key: name.toLowerCase() })
        .where('tenant_id', '=', caller.tenantId)
        .where('id', '=', id)
        .execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.materialGroupNameTaken)
      throw err
    }
  }

  async remove(caller: MaterialCaller, id: number): Promise<void> {
    await this.writable(caller, id)
    await this.db
      .transaction()
      .execute(async (tx) => {
        const used = await tx
          .selectFrom('materials')
          .select('id')
          .where('tenant_id', '=', caller.tenantId)
          .where('group_id', '=', id)
          .limit(1)
          .executeTakeFirst()
        if (used) throw new AppError(ErrorCode.materialGroupHasMaterials)
        await tx
          .deleteFrom('material_groups')
          .where('tenant_id', '=', caller.tenantId)
          .where('id', '=', id)
          .execute()
      })
      .catch((err: unknown) => {
        // a material filed into the group meanwhile
        throw isForeignKeyViolation(err) ? new AppError(ErrorCode.materialGroupHasMaterials) : err
      })
  }

  /** A group of a library the caller sees (else not found) and may change. */
  private async writable(caller: MaterialCaller, id: number): Promise<void> {
    const row = await this.db
      .selectFrom('material_groups')
      .select('owner_user_id')
      .where('tenant_id', '=', caller.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row || !canSee(caller, row.owner_user_id)) throw notFound()
    requireWritable(caller, row.owner_user_id)
  }
}
