import { type AccountGroupView, ErrorCode } from '@app/core'
import type { Db } from '../../db/index.js'
import { AppError, notFound } from '../../http/errors.js'
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.js'

/** Groups of WS accounts: names unique per tenant; a group with accounts cannot be deleted. */
export class AccountGroupsService {
  constructor(private readonly db: Db) {}

  async list(tenantId: number): Promise<AccountGroupView[]> {
    const rows = await this.db
      .selectFrom('account_groups as g')
      .select(['g.id', 'g.name', 'g.created_at'])
      .select((eb) =>
        eb
          .selectFrom('ws_accounts as a')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('a.group_id', '=', 'g.id')
          .where('a.deleted_at', 'is', null)
          .as('account_count'),
      )
      .where('g.tenant_id', '=', tenantId)
      .orderBy('g.id')
      .execute()
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      accountCount: Number(r.account_count ?? 0),
      createdAt: r.created_at,
    }))
  }

  /** The group if it is the tenant's, else not found. */
  async require(tenantId: number, id: number): Promise<void> {
    const row = await this.db
      .selectFrom('account_groups')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound()
  }

  async create(tenantId: number, name: string): Promise<number> {
    try {
      const row = await this.db
        .insertInto('account_groups')
        .values({ tenant_id: tenantId, name, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.accountGroupNameTaken)
      throw err
    }
  }

  async rename(tenantId: number, id: number, name: string): Promise<void> {
    await this.require(tenantId, id)
    try {
      await this.db
        .updateTable('account_groups')
        .set({ name })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.accountGroupNameTaken)
      throw err
    }
  }

  /** Deleted accounts keep no hold on their group: their group id is cleared with it. */
  async remove(tenantId: number, id: number): Promise<void> {
    await this.require(tenantId, id)
    try {
      await this.db.transaction().execute(async (tx) => {
        const live = await tx
          .selectFrom('ws_accounts')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('group_id', '=', id)
          .where('deleted_at', 'is', null)
          .limit(1)
          .executeTakeFirst()
        if (live) throw new AppError(ErrorCode.accountGroupHasAccounts)
        await tx
          .updateTable('ws_accounts')
          .set({ group_id: null })
          .where('tenant_id', '=', tenantId)
          .where('group_id', '=', id)
          .execute()
        await tx.deleteFrom('account_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
      })
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new AppError(ErrorCode.accountGroupHasAccounts)
      throw err
    }
  }
}
