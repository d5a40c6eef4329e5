import { NurturingAccountState } from '@app/core'
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import type {
  NurturingAccountTable,
  NurturingMaterialTable,
  NurturingPairTable,
  NurturingRuleTable,
} from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

/** Stop reasons of a rule deleted or turned off: the account may be enrolled again. */
const RULE_STOPS = ['rule_off', 'rule_deleted']

/** Another process paired one of the two first. */
class PairTaken extends Error {}

export type NurturingMaterial = Selectable<NurturingMaterialTable>
export type NurturingRule = Selectable<NurturingRuleTable>
type NurturingAccount = Selectable<NurturingAccountTable>
export type NurturingPair = Selectable<NurturingPairTable>

/**
 * The admin's material and rules (platform-wide), and the accounts and pairs they drive. Every
 * account and pair query crosses tenants on purpose: the admin sees all, the engine runs all.
 */
export class NurturingRepository {
  private readonly postgres: boolean

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  }

  // ---- material ----

  async materialPage(language: string | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('nurturing_materials')
    if (language) q = q.where('language', '=', language)
    const rows = await q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute()
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    return { rows, total: Number(total.n) }
  }
  async addMaterial(row: Insertable<NurturingMaterialTable>): Promise<number> {
    const r = await this.db
      .insertInto('nurturing_materials')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return r.id
  }
  async updateMaterial(id: number, patch: Updateable<NurturingMaterialTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('nurturing_materials')
      .set(patch)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }
  async removeMaterial(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('nurturing_materials').where('id', '=', id).executeTakeFirst()
    return Number(r.numDeletedRows) === 1
  }
  material(id: number): Promise<NurturingMaterial | undefined> {
    return this.db.selectFrom('nurturing_materials').selectAll().where('id', '=', id).executeTakeFirst()
  }
  /** The material a conversation in `language` draws from: texts and files in use. */
  enabledMaterials(
    language: string,
  ): Promise<{ id: number; type: string; text: string; media_path: string | null; mime: string | null }[]> {
    return this.db
      .selectFrom('nurturing_materials')
      .select(['id', 'type', 'text', 'media_path', 'mime'])
      .where('language', '=', language)
      .where('enabled', '=', 1)
      .execute()
  }

  // ---- rules ----

  async rulePage(offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('nurturing_rules')
      .selectAll()
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    const total = await this.db
      .selectFrom('nurturing_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return { rows, total: Number(total.n) }
  }
  rules(): Promise<NurturingRule[]> {
    return this.db.selectFrom('nurturing_rules').selectAll().where('enabled', '=', 1).execute()
  }
  rule(id: number): Promise<NurturingRule | undefined> {
    return this.db.selectFrom('nurturing_rules').selectAll().where('id', '=', id).executeTakeFirst()
  }
  async addRule(row: Insertable<NurturingRuleTable>): Promise<number> {
    const r = await this.db
      .insertInto('nurturing_rules')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return r.id
  }
  async updateRule(id: number, patch: Updateable<NurturingRuleTable>): Promise<boolean> {
    const r = await this.db.updateTable('nurturing_rules').set(patch).where('id', '=', id).executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }
  async removeRule(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('nurturing_rules').where('id', '=', id).executeTakeFirst()
    return Number(r.numDeletedRows) === 1
  }

  /**
   * A rule deleted or turned off stops its accounts at once: their pairs end and each account
   * still waiting or talking stops with `reason`, so no further turn is taken.
   */
  async systemStopRule(system: SystemScope, ruleId: number, reason: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('nurturing_pairs')
        .set({ state: 'ended', lease_owner: null, lease_until: null, updated_at: now })
        .where('rule_id', '=', ruleId)
        .where('state', '=', 'active')
        .execute()
      await tx
        .updateTable('nurturing_accounts')
        .set({ state: NurturingAccountState.stopped, stop_reason: reason, pair_id: null, updated_at: now })
        .where('rule_id', '=', ruleId)
        .where('state', 'in', [NurturingAccountState.waiting, NurturingAccountState.active])
        .execute()
    })
  }

  async systemAccountCounts(system: SystemScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('nurturing_accounts')
      .select(['rule_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('rule_id')
      .execute()
    return new Map(rows.map((r) => [r.rule_id, Number(r.n)]))
  }

  // ---- the engine ----

  /**
   * Of these accounts, the ids already taking part (or done). An account stopped because its rule
   * was deleted or turned off is not: another (or the re-enabled) rule may enrol it again.
   */
  async systemEnrolled(system: SystemScope, accountIds: number[]): Promise<Set<number>> {
    if (accountIds.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('nurturing_accounts')
      .select('account_id')
      .where('account_id', 'in', accountIds)
      .where((eb) =>
        eb.or([
          eb('state', '!=', NurturingAccountState.stopped),
          eb('stop_reason', 'is', null),
          eb('stop_reason', 'not in', RULE_STOPS),
        ]),
      )
      .execute()
    return new Set(rows.map((r) => r.account_id))
  }

  async systemEnrol(system: SystemScope, row: Insertable<NurturingAccountTable>): Promise<void> {
    await this.db
      .insertInto('nurturing_accounts')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({
            rule_id: row.rule_id,
            pair_id: null,
            state: row.state,
            stop_reason: null,
            started_at: row.started_at,
            ends_at: row.ends_at,
            updated_at: row.updated_at,
          })
          .where('nurturing_accounts.state', '=', NurturingAccountState.stopped)
          .where('nurturing_accounts.stop_reason', 'in', RULE_STOPS),
      )
      .execute()
  }

  /** Accounts waiting for a partner, with their account's phone and state. */
  systemWaiting(system: SystemScope) {
    return this.db
      .selectFrom('nurturing_accounts as n')
      .innerJoin('ws_accounts as a', 'a.id', 'n.account_id')
      .selectAll('n')
      .select(['a.phone', 'a.status'])
      .where('n.state', '=', NurturingAccountState.waiting)
      .orderBy('n.id')
      .execute()
  }

  /** Pair two waiting accounts (both must still be waiting). */
  async systemPair(system: SystemScope, pair: Insertable<NurturingPairTable>): Promise<number | undefined> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const r = await tx
          .updateTable('nurturing_accounts')
          .set({ state: NurturingAccountState.active, updated_at: pair.created_at })
          .where('account_id', 'in', [pair.a_account_id, pair.b_account_id])
          .where('state', '=', NurturingAccountState.waiting)
          .executeTakeFirst()
        if (Number(r.numUpdatedRows) !== 2) throw new PairTaken()
        const p = await tx
          .insertInto('nurturing_pairs')
          .values(pair)
          .returning('id')
          .executeTakeFirstOrThrow()
        await tx
          .updateTable('nurturing_accounts')
          .set({ pair_id: p.id })
          .where('account_id', 'in', [pair.a_account_id, pair.b_account_id])
          .execute()
        return p.id
      })
    } catch (err) {
      if (err instanceof PairTaken) return undefined
      throw err
    }
  }

  async systemClaimPairs(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<NurturingPair[]> {
    let due = this.db
      .selectFrom('nurturing_pairs')
      .select('id')
      .where('state', '=', 'active')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_at')
      .limit(limit)
    if (this.postgres) due = due.forUpdate().skipLocked()
    const rows = await this.db
      .updateTable('nurturing_pairs')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', 'in', due)
      .where('state', '=', 'active')
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.next_at - b.next_at)
  }

  /**
   * Renew the pair's lease right before a message goes out; false when it lapsed and another
   * process took the pair (its turn is that process's now).
   */
  async systemRenewPair(
    system: SystemScope,
    p: NurturingPair,
    owner: string,
    now: number,
    leaseMs: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('nurturing_pairs')
      .set({ lease_until: now + leaseMs })
      .where('id', '=', p.id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'active')
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  async systemUpdatePair(
    system: SystemScope,
    p: NurturingPair,
    owner: string,
    patch: Updateable<NurturingPairTable>,
  ): Promise<void> {
    await this.db
      .updateTable('nurturing_pairs')
      .set({ ...patch, lease_owner: null, lease_until: null })
      .where('id', '=', p.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  /** The pair's two accounts: their nurturing rows with the account's phone, state and deletion. */
  systemPairAccounts(system: SystemScope, p: NurturingPair) {
    return this.db
      .selectFrom('nurturing_accounts as n')
      .innerJoin('ws_accounts as a', 'a.id', 'n.account_id')
      .selectAll('n')
      .select(['a.phone', 'a.status', 'a.abnormal_reason', 'a.deleted_at'])
      .where('n.account_id', 'in', [p.a_account_id, p.b_account_id])
      .execute()
  }

  async systemUpdateAccount(
    system: SystemScope,
    accountId: number,
    patch: Updateable<NurturingAccountTable>,
  ): Promise<void> {
    await this.db.updateTable('nurturing_accounts').set(patch).where('account_id', '=', accountId).execute()
  }

  /** The active pairs any of these accounts talks in (one statement for many received messages). */
  systemActivePairsOf(system: SystemScope, accountIds: number[]) {
    if (accountIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('nurturing_pairs')
      .selectAll()
      .where('state', '=', 'active')
      .where((eb) => eb.or([eb('a_account_id', 'in', accountIds), eb('b_account_id', 'in', accountIds)]))
      .execute()
  }

  /** Each nurtured account's progress, for the admin. */
  async systemProgress(system: SystemScope, ruleId: number | undefined, offset: number, limit: number) {
    let q = this.db
      .selectFrom('nurturing_accounts as n')
      .innerJoin('ws_accounts as a', 'a.id', 'n.account_id')
      .innerJoin('tenants as t', 't.id', 'n.tenant_id')
      .leftJoin('nurturing_rules as r', 'r.id', 'n.rule_id')
    if (ruleId !== undefined) q = q.where('n.rule_id', '=', ruleId)
    const rows = await q
      .selectAll('n')
      .select([
        'a.phone',
        'a.created_at as linked_at',
        't.name as tenant_name',
        'r.name as rule_name',
        'r.days',
        'r.per_day',
        'r.utc_offset',
      ])
      .select((eb) =>
        eb
          .selectFrom('nurturing_pairs as p')
          .innerJoin('ws_accounts as pa', (j) =>
            j.on((e) =>
              e.or([
                e.and([
                  e('p.a_account_id', '=', e.ref('n.account_id')),
                  e('pa.id', '=', e.ref('p.b_account_id')),
                ]),
                e.and([
                  e('p.b_account_id', '=', e.ref('n.account_id')),
                  e('pa.id', '=', e.ref('p.a_account_id')),
                ]),
              ]),
            ),
          )
          .select('pa.phone')
          .whereRef('p.id', '=', 'n.pair_id')
          .limit(1)
          .as('partner_phone'),
      )
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow()
    return { rows, total: Number(total.c) }
  }
}
