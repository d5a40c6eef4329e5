import { FailureReason, type FailureReasonValue } from '@app/core'
import type { Kysely, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { RiskDailyTable, RiskWindowTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>
type WindowUnit = 'm' | 'h' | 'd'
export interface WindowKey {
  unit: WindowUnit
  start: number
}
export type WindowCounts = Pick<RiskWindowTable, 'unit' | 'start' | 'last_mass_at'> & {
  sends: number
  new_chats: number
  mass_sends: number
  failures: number
}

/** The daily counters a send's outcome, an inbound message or a warning moves. */
export type DailyDelta = Partial<
  Record<'sends' | 'new_chats' | 'failed' | 'bans' | 'warnings' | 'replies' | 'opt_outs', number>
> & { reason?: FailureReasonValue }

const REASON_COLUMNS = Object.values(FailureReason).map((r) => `fail_${r}` as const)
type ReasonColumn = (typeof REASON_COLUMNS)[number]

/**
 * The risk tables: configs, the windows the dispatcher checks and bumps, the daily statistics
 * and the warnings. Window and daily methods are named `system*`: the dispatcher works by row
 * across tenants, and each row carries its tenant.
 */
export class RiskRepository {
  constructor(private readonly db: Db) {}

  /** `q`: the transaction in progress, when asked from inside one (SQLite has one connection). */
  config(tenantId: number, q: Q = this.db) {
    return q.selectFrom('risk_configs').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst()
  }

  async saveConfig(
    tenantId: number,
    values: { limits: string; keywords: string; utc_offset: number; updated_by: number },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('risk_configs')
      .values({ tenant_id: tenantId, ...values, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: now }))
      .execute()
  }

  /** The account's counts in the given windows (missing windows are empty). */
  async systemWindows(
    system: SystemScope,
    tenantId: number,
    accountId: number,
    keys: WindowKey[],
  ): Promise<WindowCounts[]> {
    return this.db
      .selectFrom('risk_windows')
      .select(['unit', 'start', 'sends', 'new_chats', 'mass_sends', 'failures', 'last_mass_at'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('unit', '=', k.unit), eb('start', '=', k.start)]))))
      .execute()
  }

  /** Count one admitted message in each window, in one statement (a hot path). */
  async systemBumpWindows(
    system: SystemScope,
    tenantId: number,
    accountId: number,
    keys: WindowKey[],
    add: { sends: number; new_chats: number; mass_sends: number; failures: number },
    massAt: number | null,
  ): Promise<void> {
    await this.db
      .insertInto('risk_windows')
      .values(
        keys.map((k) => ({
          tenant_id: tenantId,
          account_id: accountId,
          unit: k.unit,
          start: k.start,
          ...add,
          last_mass_at: massAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'unit', 'start']).doUpdateSet((eb) => ({
          sends: eb('risk_windows.sends', '+', eb.ref('excluded.sends')),
          new_chats: eb('risk_windows.new_chats', '+', eb.ref('excluded.new_chats')),
          mass_sends: eb('risk_windows.mass_sends', '+', eb.ref('excluded.mass_sends')),
          failures: eb('risk_windows.failures', '+', eb.ref('excluded.failures')),
          last_mass_at: eb.fn.coalesce('excluded.last_mass_at', 'risk_windows.last_mass_at'),
        })),
      )
      .execute()
  }

  /** Windows that ended before `before`: they decide nothing any more. */
  async systemPruneWindows(system: SystemScope, before: number): Promise<number> {
    const r = await this.db.deleteFrom('risk_windows').where('start', '<', before).executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  /**
   * Hold an account until a refusing window reopens: a later reopening extends the hold, an
   * earlier one leaves it (a refusal of the minute inside a refused day keeps the day).
   */
  async systemHold(
    system: SystemScope,
    tenantId: number,
    accountId: number,
    until: number,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('risk_holds')
      .values({ tenant_id: tenantId, account_id: accountId, until, refused_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ until, refused_at: now }).where('risk_holds.until', '<', until),
      )
      .execute()
  }

  /** Holds that ended before `before`: their sessions no longer show unlocked. */
  async systemPruneHolds(system: SystemScope, before: number): Promise<number> {
    const r = await this.db.deleteFrom('risk_holds').where('until', '<', before).executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  /** The hold of an account, if any. */
  hold(tenantId: number, accountId: number) {
    return this.db
      .selectFrom('risk_holds')
      .select(['until', 'refused_at'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
  }

  /** Add to an account's counters of a day; returns the day's sends and replies after the change. */
  async systemBumpDaily(
    system: SystemScope,
    q: Q,
    tenantId: number,
    accountId: number,
    day: string,
    delta: DailyDelta,
  ): Promise<{ sends: number; replies: number; opt_outs: number }> {
    const { reason, ...counts } = delta
    const add: Partial<Record<Exclude<keyof RiskDailyTable, 'day'>, number>> = { ...counts }
    if (reason) add[`fail_${reason}` as ReasonColumn] = 1
    const row = await q
      .insertInto('risk_daily')
      .values({ tenant_id: tenantId, account_id: accountId, day, ...add })
      .onConflict((oc) =>
        oc.columns(['account_id', 'day']).doUpdateSet((eb) => {
          const set: Record<string, unknown> = {}
          for (const [col, n] of Object.entries(add))
            set[col] = eb(`risk_daily.${col as ReasonColumn}`, '+', n as number)
          return set as Updateable<RiskDailyTable>
        }),
      )
      .returning(['sends', 'replies', 'opt_outs'])
      .executeTakeFirstOrThrow()
    return { sends: Number(row.sends), replies: Number(row.replies), opt_outs: Number(row.opt_outs) }
  }

  /** A tenant's daily rows in a range, with each account's phone. */
  daily(tenantId: number, from: string, to: string, accountId?: number) {
    let q = this.db
      .selectFrom('risk_daily as d')
      .leftJoin('ws_accounts as a', 'a.id', 'd.account_id')
      .selectAll('d')
      .select('a.phone as account_phone')
      .where('d.tenant_id', '=', tenantId)
      .where('d.day', '>=', from)
      .where('d.day', '<=', to)
    if (accountId) q = q.where('d.account_id', '=', accountId)
    return q.orderBy('d.day').orderBy('d.account_id').execute()
  }

  /**
   * Insert a warning unless one of the kind for the account was raised within the dedupe window
   * (the unique bucket index settles a race between processes). Returns the new id, or null.
   */
  async systemInsertWarning(
    system: SystemScope,
    tenantId: number,
    accountId: number,
    kind: string,
    level: number,
    detail: string,
    now: number,
    dedupeMs: number,
  ): Promise<number | null> {
    const recent = await this.db
      .selectFrom('risk_warnings')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('created_at', '>', now - dedupeMs)
      .executeTakeFirst()
    if (recent) return null
    const row = await this.db
      .insertInto('risk_warnings')
      .values({
        tenant_id: tenantId,
        account_id: accountId,
        kind,
        level,
        detail,
        bucket: Math.floor(now / dedupeMs),
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'account_id', 'kind', 'bucket']).doNothing())
      .returning('id')
      .executeTakeFirst()
    return row ? Number(row.id) : null
  }

  warning(tenantId: number, id: number) {
    return this.db
      .selectFrom('risk_warnings as w')
      .leftJoin('ws_accounts as a', 'a.id', 'w.account_id')
      .selectAll('w')
      .select('a.phone as account_phone')
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', '=', id)
      .executeTakeFirst()
  }

  async warnings(
    tenantId: number,
    f: { handled?: boolean; kind?: string; accountId?: number },
    offset: number,
    limit: number,
  ) {
    let q = this.db.selectFrom('risk_warnings as w').where('w.tenant_id', '=', tenantId)
    if (f.handled !== undefined) q = q.where('w.handled', '=', f.handled ? 1 : 0)
    if (f.kind) q = q.where('w.kind', '=', f.kind)
    if (f.accountId) q = q.where('w.account_id', '=', f.accountId)
    const [list, total] = await Promise.all([
      q
        .leftJoin('ws_accounts as a', 'a.id', 'w.account_id')
        .selectAll('w')
        .select('a.phone as account_phone')
        .orderBy('w.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { list, total: Number(total.n) }
  }

  async unhandled(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('risk_warnings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('handled', '=', 0)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async handle(tenantId: number, ids: number[], userId: number, now: number): Promise<number> {
    const r = await this.db
      .updateTable('risk_warnings')
      .set({ handled: 1, handled_at: now, handled_by: userId })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('handled', '=', 0)
      .executeTakeFirst()
    return Number(r.numUpdatedRows)
  }
}
