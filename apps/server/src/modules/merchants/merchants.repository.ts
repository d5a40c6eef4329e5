import type { Insertable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { MerchantCodeTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

/** Merchant codes and the accounts linked through them. Every statement takes the tenant but the code lookup of the public pages. */
export class MerchantsRepository {
  constructor(private readonly db: Db) {}

  /** A page of the tenant's codes, newest first, each with how many numbers it linked. */
  async page(tenantId: number, name: string | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('merchant_codes as c').where('c.tenant_id', '=', tenantId)
    if (name) q = q.where('c.name', 'like', `%${name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const list = await q
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('merchant_links as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.code_id', '=', 'c.id')
          .where('l.tenant_id', '=', tenantId)
          .as('linked'),
      )
      .orderBy('c.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    return { list, total: Number(total.n) }
  }

  find(tenantId: number, id: number) {
    return this.db
      .selectFrom('merchant_codes')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** A public page knows only its code: the one lookup here that crosses tenants. */
  systemFindByCode(system: SystemScope, code: string) {
    return this.db.selectFrom('merchant_codes').selectAll().where('code', '=', code).executeTakeFirst()
  }

  async insert(row: Insertable<MerchantCodeTable>): Promise<number> {
    const r = await this.db.insertInto('merchant_codes').values(row).returning('id').executeTakeFirstOrThrow()
    return Number(r.id)
  }

  async update(
    tenantId: number,
    id: number,
    patch: { name?: string; quota?: number; expires_at?: number | null; revoked_at?: number },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('merchant_codes')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  async linkedCount(tenantId: number, codeId: number): Promise<number> {
    const r = await this.db
      .selectFrom('merchant_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('code_id', '=', codeId)
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }

  /** The accounts linked through a code with their live status, in the order they were linked. */
  links(tenantId: number, codeId: number) {
    return this.db
      .selectFrom('merchant_links as l')
      .leftJoin('ws_accounts as a', (j) =>
        j.onRef('a.id', '=', 'l.account_id').on('a.tenant_id', '=', tenantId),
      )
      .select([
        'l.id',
        'l.account_id',
        'l.phone',
        'l.created_at',
        'l.pending_until',
        'a.status',
        'a.linked',
        'a.deleted_at',
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.code_id', '=', codeId)
      .orderBy('l.id')
      .execute()
  }

  /**
   * What one poll of a linking number needs, in one statement found by the code's unique index:
   * the code, the number's link through it and its account (absent when not linked through it).
   */
  systemLinkStatus(system: SystemScope, code: string, accountId: number) {
    return this.systemLinkStatusQuery(system, code, accountId).executeTakeFirst()
  }

  /** The statement of `systemLinkStatus`, to read its plan. */
  systemLinkStatusQuery(system: SystemScope, code: string, accountId: number) {
    return this.db
      .selectFrom('merchant_codes as c')
      .leftJoin('merchant_links as l', (j) =>
        j
          .onRef('l.code_id', '=', 'c.id')
          .onRef('l.tenant_id', '=', 'c.tenant_id')
          .on('l.account_id', '=', accountId),
      )
      .leftJoin('ws_accounts as a', (j) =>
        j.onRef('a.id', '=', 'l.account_id').onRef('a.tenant_id', '=', 'c.tenant_id'),
      )
      .select([
        'c.id',
        'c.tenant_id',
        'c.expires_at',
        'c.revoked_at',
        'l.id as link_id',
        'l.pending_until',
        'a.status',
        'a.linked',
        'a.deleted_at',
        'a.last_error',
      ])
      .where('c.code', '=', code)
  }

  /**
   * Take one of the code's slots: the check against the quota and the taking are one statement,
   * so two linkings at once cannot both take the last slot.
   */
  async reserve(tenantId: number, codeId: number): Promise<boolean> {
    const r = await this.db
      .updateTable('merchant_codes')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', codeId)
      .whereRef('taken', '<', 'quota')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  /** Give back a slot taken for a linking that did not start. */
  async release(tenantId: number, codeId: number): Promise<void> {
    await this.db
      .updateTable('merchant_codes')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', codeId)
      .where('taken', '>', 0)
      .execute()
  }

  /**
   * Drop a linking under way that failed or ran out of time, and give back its slot; the slot is
   * given back only by the call that removed the link, so it is never given back twice.
   */
  async dropPending(tenantId: number, codeId: number, linkId: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .deleteFrom('merchant_links')
        .where('tenant_id', '=', tenantId)
        .where('code_id', '=', codeId)
        .where('id', '=', linkId)
        .where('pending_until', 'is not', null)
        .executeTakeFirst()
      if (Number(r.numDeletedRows) !== 1) return
      await tx
        .updateTable('merchant_codes')
        .set((eb) => ({ taken: eb('taken', '-', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', codeId)
        .where('taken', '>', 0)
        .execute()
    })
  }

  /** A linking under way whose number came online keeps its slot for good. */
  async confirm(tenantId: number, linkId: number): Promise<void> {
    await this.db
      .updateTable('merchant_links')
      .set({ pending_until: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', linkId)
      .execute()
  }

  /** A linking started again for a number still pending holds its slot for another while. */
  async holdUntil(tenantId: number, linkId: number, until: number): Promise<void> {
    await this.db
      .updateTable('merchant_links')
      .set({ pending_until: until })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', linkId)
      .where('pending_until', 'is not', null)
      .execute()
  }

  async hasLink(tenantId: number, codeId: number, accountId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom('merchant_links')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code_id', '=', codeId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return r !== undefined
  }

  /** Record an account being linked through a code on a slot already taken; false when it already was. */
  async addLink(
    tenantId: number,
    codeId: number,
    accountId: number,
    phone: string,
    at: number,
    pendingUntil: number,
  ): Promise<boolean> {
    const r = await this.db
      .insertInto('merchant_links')
      .values({
        tenant_id: tenantId,
        code_id: codeId,
        account_id: accountId,
        phone,
        pending_until: pendingUntil,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['code_id', 'account_id']).doNothing())
      .executeTakeFirst()
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1
  }
}
