import { AccountState } from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Db

export interface LinkAccountInput {
  accountId: number
  dailyCap: number
}

/** The diversion links of a tenant, with their accounts; every method takes the tenant first. */
export class LinksRepository {
  constructor(private readonly db: Db) {}

  insert(
    q: Q,
    tenantId: number,
    v: { code: string; name: string; greeting: string; utcOffset: number; by: number; now: number },
  ) {
    return q
      .insertInto('diversion_links')
      .values({
        tenant_id: tenantId,
        code: v.code,
        name: v.name,
        greeting: v.greeting,
        utc_offset: v.utcOffset,
        created_by: v.by,
        created_at: v.now,
        updated_at: v.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  update(q: Q, tenantId: number, id: number, v: { name: string; greeting: string; utcOffset: number }) {
    return q
      .updateTable('diversion_links')
      .set({ name: v.name, greeting: v.greeting, utc_offset: v.utcOffset, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  setEnabled(tenantId: number, id: number, enabled: boolean) {
    return this.db
      .updateTable('diversion_links')
      .set({ enabled: enabled ? 1 : 0, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  remove(tenantId: number, id: number) {
    return this.db
      .deleteFrom('diversion_links')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  find(tenantId: number, id: number) {
    return this.db
      .selectFrom('diversion_links')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /**
   * Replace a link's accounts, keeping the cap day, today's count and visits of accounts that
   * stay (an edit must not reset a cap mid-day).
   */
  async setAccounts(q: Q, tenantId: number, linkId: number, accounts: LinkAccountInput[]) {
    const ids = accounts.map((a) => a.accountId)
    let gone = q
      .deleteFrom('diversion_link_accounts')
      .where('tenant_id', '=', tenantId)
      .where('link_id', '=', linkId)
    if (ids.length) gone = gone.where('account_id', 'not in', ids)
    await gone.execute()
    for (const [position, a] of accounts.entries()) {
      await q
        .insertInto('diversion_link_accounts')
        .values({
          tenant_id: tenantId,
          link_id: linkId,
          account_id: a.accountId,
          position,
          daily_cap: a.dailyCap,
        })
        .onConflict((oc) =>
          oc.columns(['link_id', 'account_id']).doUpdateSet({ position, daily_cap: a.dailyCap }),
        )
        .execute()
    }
  }

  page(tenantId: number, p: { pageNo: number; pageSize: number; name?: string }) {
    let base = this.db.selectFrom('diversion_links').where('tenant_id', '=', tenantId)
    if (p.name) base = base.where(sql<boolean>`lower(name) like ${`%${p.name.toLowerCase()}%`}`)
    return Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(p.pageSize)
        .offset((p.pageNo - 1) * p.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
  }

  /** The accounts of links, in turn order, with the account's phone and status. */
  accountsOf(tenantId: number, linkIds: number[]) {
    if (!linkIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('diversion_link_accounts as la')
      .innerJoin('ws_accounts as a', 'a.id', 'la.account_id')
      .select([
        'la.link_id',
        'la.account_id',
        'la.daily_cap',
        'la.cap_day',
        'la.cap_used',
        'la.visits',
        'a.phone',
        'a.status',
      ])
      .where('la.tenant_id', '=', tenantId)
      .where('la.link_id', 'in', linkIds)
      .orderBy('la.link_id')
      .orderBy('la.position')
      .execute()
  }

  /** Attributed new fans per link (and account). */
  fansPerAccount(tenantId: number, linkIds: number[]) {
    if (!linkIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('diversion_fans')
      .select(['link_id', 'account_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('link_id', 'in', linkIds)
      .groupBy(['link_id', 'account_id'])
      .execute()
  }

  /** Attributed new fans of a link per agent (the account's agent when the fan wrote in). */
  fansPerAgent(tenantId: number, linkId: number) {
    return this.db
      .selectFrom('diversion_fans as df')
      .leftJoin('users as u', 'u.id', 'df.agent_user_id')
      .select(['df.agent_user_id', 'u.nickname', 'u.username', (eb) => eb.fn.countAll<number>().as('n')])
      .where('df.tenant_id', '=', tenantId)
      .where('df.link_id', '=', linkId)
      .groupBy(['df.agent_user_id', 'u.nickname', 'u.username'])
      .orderBy('df.agent_user_id')
      .execute()
  }

  redirectedVisits(tenantId: number, linkId: number) {
    return this.db
      .selectFrom('diversion_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('link_id', '=', linkId)
      .executeTakeFirstOrThrow()
  }

  // ---- the public visit: it knows only the code, so these cross tenants on purpose ----

  /** The newest links of every tenant with their public code (the simulated phones' list, demo mode). */
  systemNewest(system: SystemScope, limit: number) {
    return this.db
      .selectFrom('diversion_links')
      .select(['code', 'name', 'enabled'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  systemByCode(system: SystemScope, code: string) {
    return this.db
      .selectFrom('diversion_links')
      .select(['id', 'tenant_id', 'enabled', 'greeting', 'utc_offset'])
      .where('code', '=', code)
      .executeTakeFirst()
  }

  /** Count a visit; the new count is the visit's place in the round robin. */
  systemNextTurn(system: SystemScope, linkId: number) {
    return this.db
      .updateTable('diversion_links')
      .set((eb) => ({ visits: eb('visits', '+', 1) }))
      .where('id', '=', linkId)
      .returning('visits')
      .executeTakeFirstOrThrow()
  }

  /** The link's accounts that are online now (not banned, offline or deleted), in turn order. */
  systemOnlineAccounts(system: SystemScope, linkId: number) {
    return this.db
      .selectFrom('diversion_link_accounts as la')
      .innerJoin('ws_accounts as a', 'a.id', 'la.account_id')
      .select(['la.id', 'la.account_id', 'la.daily_cap', 'la.cap_day', 'la.cap_used', 'a.phone'])
      .where('la.link_id', '=', linkId)
      .where('a.status', '=', AccountState.online)
      .where('a.deleted_at', 'is', null)
      .where('a.phone', 'is not', null)
      .orderBy('la.position')
      .execute()
  }

  /**
   * Take one visit of an account's daily cap, atomically: the update matches only while the cap
   * has room today, so concurrent visits never pass it.
   */
  async systemClaimTurn(system: SystemScope, linkAccountId: number, day: number): Promise<boolean> {
    const res = await this.db
      .updateTable('diversion_link_accounts')
      .set((eb) => ({
        cap_used: eb
          .case()
          .when('cap_day', '=', day)
          .then(eb('cap_used', '+', 1))
          .else(1)
          .end(),
        cap_day: day,
        visits: eb('visits', '+', 1),
      }))
      .where('id', '=', linkAccountId)
      .where((eb) =>
        eb.or([eb('daily_cap', '=', 0), eb('cap_day', '!=', day), eb('cap_used', '<', eb.ref('daily_cap'))]),
      )
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  systemInsertVisit(
    system: SystemScope,
    v: { tenantId: number; linkId: number; accountId: number; ref: string; now: number },
  ) {
    return this.db
      .insertInto('diversion_visits')
      .values({
        tenant_id: v.tenantId,
        link_id: v.linkId,
        account_id: v.accountId,
        ref: v.ref,
        fan_id: null,
        created_at: v.now,
      })
      .execute()
  }
}
