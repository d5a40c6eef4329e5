import { statsDayOf } from '@app/core'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/index.js'
import type { StatTurnTable } from '../../db/schema.statistics.js'
import type { SystemScope } from '../../db/system-scope.js'
import {
  bucketsText,
  type DailyDelta,
  EMPTY_BUCKETS,
  type OpenTurn,
  parseBuckets,
  type RawMessage,
  responsibleAgent,
} from './rollup.fold.js'

/** The raw tables the rollup walks, each by its own cursor. */
export type CursorName = 'messages' | 'sessions' | 'fans'

/** Rows per multi-row upsert (well under either database's bound on parameters). */
const UPSERT_CHUNK = 400
/** Sessions per turn lookup. */
const IN_CHUNK = 500

export interface RawSession {
  id: number
  tenant_id: number
  account_id: number
  created_at: number
  agent_id: number
}

export interface RawFan {
  id: number
  tenant_id: number
  account_id: number
  created_at: number
  source: string
  link_id: number
  agent_id: number
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** A stored turn as the fold reads it. */
function turnOf(r: Selectable<StatTurnTable>): OpenTurn {
  return {
    session_id: Number(r.session_id),
    tenant_id: r.tenant_id,
    account_id: r.account_id,
    agent_id: r.agent_id,
    since: Number(r.since),
    day: r.day,
    due_at: r.due_at === null ? null : Number(r.due_at),
    breached: r.breached === 1,
  }
}

/**
 * The rollup engine's statements. Every method crosses tenants on purpose (one engine keeps every
 * tenant's rollups): the raw rows are read past the cursor in id order, joined from the cursor
 * row, and the counts are added to the tenant each row carries.
 */
export class RollupRepository {
  constructor(private readonly db: Db) {}

  /** Takes the engine's lease (held on the messages cursor) unless another process holds it. */
  async systemLease(system: SystemScope, owner: string, now: number, leaseMs: number): Promise<boolean> {
    for (const name of ['messages', 'sessions', 'fans'] as const)
      await this.db
        .insertInto('stat_cursors')
        .values({ name, last_id: 0, rolled_to: null, lease_owner: null, lease_until: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
    const res = await this.db
      .updateTable('stat_cursors')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('name', '=', 'messages')
      .where((eb) => eb.or([eb('lease_until', '<', now), eb('lease_owner', '=', owner)]))
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  async systemRelease(system: SystemScope, owner: string): Promise<void> {
    await this.db
      .updateTable('stat_cursors')
      .set({ lease_owner: null, lease_until: 0 })
      .where('name', '=', 'messages')
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemCursor(
    system: SystemScope,
    name: CursorName,
    q: Db = this.db,
  ): Promise<{ last_id: number; rolled_to: number | null }> {
    const row = await q
      .selectFrom('stat_cursors')
      .select(['last_id', 'rolled_to'])
      .where('name', '=', name)
      .executeTakeFirst()
    return {
      last_id: Number(row?.last_id ?? 0),
      rolled_to: row?.rolled_to == null ? null : Number(row.rolled_to),
    }
  }

  /** Messages past the cursor, in id order, with their session's type and agents. */
  async systemMessagesAfter(
    system: SystemScope,
    limit: number,
  ): Promise<(RawMessage & { created_at: number; type: string })[]> {
    const rows = await this.db
      .selectFrom('stat_cursors as c')
      .innerJoin('messages as m', (j) => j.on(sql`m.id`, '>', sql`c.last_id`))
      .leftJoin('sessions as s', 's.id', 'm.session_id')
      .leftJoin('ws_accounts as a', 'a.id', 'm.account_id')
      .where('c.name', '=', 'messages')
      .select([
        'm.id',
        'm.tenant_id',
        'm.account_id',
        'm.session_id',
        'm.from_me',
        'm.type',
        'm.timestamp',
        'm.requested_by',
        'm.created_at',
        's.type as session_type',
        's.agent_user_id as session_agent',
        'a.agent_user_id as account_agent',
      ])
      .orderBy('m.id')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      timestamp: Number(r.timestamp),
      created_at: Number(r.created_at),
      from_me: Number(r.from_me),
    }))
  }

  /** Sessions past the cursor, in id order, with the agent whose work each is. */
  async systemSessionsAfter(system: SystemScope, limit: number): Promise<RawSession[]> {
    const rows = await this.db
      .selectFrom('stat_cursors as c')
      .innerJoin('sessions as s', (j) => j.on(sql`s.id`, '>', sql`c.last_id`))
      .leftJoin('ws_accounts as a', 'a.id', 's.account_id')
      .leftJoin('fans as nf', 'nf.id', 's.fan_id')
      .where('c.name', '=', 'sessions')
      // a nurturing chat (with another account of the tenant) is no customer's session
      .where((eb) => eb.or([eb('nf.nurturing', 'is', null), eb('nf.nurturing', '=', 0)]))
      .select([
        's.id',
        's.tenant_id',
        's.account_id',
        's.created_at',
        's.agent_user_id as session_agent',
        'a.agent_user_id as account_agent',
      ])
      .orderBy('s.id')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      tenant_id: r.tenant_id,
      account_id: r.account_id,
      created_at: Number(r.created_at),
      agent_id: responsibleAgent(r),
    }))
  }

  /** Customers past the cursor, in id order, with the diversion link that brought each (0: none). */
  async systemFansAfter(system: SystemScope, limit: number): Promise<RawFan[]> {
    const rows = await this.db
      .selectFrom('stat_cursors as c')
      .innerJoin('fans as f', (j) => j.on(sql`f.id`, '>', sql`c.last_id`))
      .leftJoin('ws_accounts as a', 'a.id', 'f.account_id')
      .where('c.name', '=', 'fans')
      // another account of the tenant talked to by nurturing is no customer
      .where('f.nurturing', '=', 0)
      .select((eb) => [
        'f.id',
        'f.tenant_id',
        'f.account_id',
        'f.created_at',
        'f.source',
        'a.agent_user_id as account_agent',
        eb
          .selectFrom('diversion_fans as df')
          .select((e) => e.fn.min('df.link_id').as('l'))
          .whereRef('df.fan_id', '=', 'f.id')
          .as('link_id'),
      ])
      .orderBy('f.id')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      tenant_id: r.tenant_id,
      account_id: r.account_id,
      created_at: Number(r.created_at),
      source: r.source,
      link_id: Number(r.link_id ?? 0),
      agent_id: r.account_agent ?? 0,
    }))
  }

  async systemOpenTurns(system: SystemScope, sessionIds: number[], q: Db = this.db): Promise<OpenTurn[]> {
    const out: OpenTurn[] = []
    for (const ids of chunks(sessionIds, IN_CHUNK)) {
      const rows = await q.selectFrom('stat_turns').selectAll().where('session_id', 'in', ids).execute()
      for (const r of rows) out.push(turnOf(r))
    }
    return out
  }

  /** Turns due by `at` and not counted late yet, the earliest due first. */
  async systemOverdueTurns(
    system: SystemScope,
    at: number,
    limit: number,
    q: Db = this.db,
  ): Promise<OpenTurn[]> {
    const rows = await q
      .selectFrom('stat_turns')
      .selectAll()
      .where('breached', '=', 0)
      .where('due_at', '<=', at)
      .orderBy('due_at')
      .limit(limit)
      .execute()
    return rows.map(turnOf)
  }

  /** Marks turns as counted late; answers how many were not marked before. */
  async systemMarkBreached(system: SystemScope, q: Db, sessionIds: number[]): Promise<number> {
    let marked = 0
    for (const ids of chunks(sessionIds, IN_CHUNK)) {
      const res = await q
        .updateTable('stat_turns')
        .set({ breached: 1 })
        .where('session_id', 'in', ids)
        .where('breached', '=', 0)
        .executeTakeFirst()
      marked += Number(res.numUpdatedRows)
    }
    return marked
  }

  /** Writes the turns a batch changed: a closed one is deleted, a new one inserted (an answered then reopened one both). */
  async systemSaveTurns(
    system: SystemScope,
    q: Db,
    turns: Map<number, OpenTurn | null>,
    before: Map<number, OpenTurn>,
  ): Promise<void> {
    const gone: number[] = []
    const added: OpenTurn[] = []
    for (const [id, t] of turns) {
      const was = before.get(id)
      if (t === was) continue
      if (was) gone.push(id)
      if (t) added.push(t)
    }
    for (const ids of chunks(gone, IN_CHUNK))
      await q.deleteFrom('stat_turns').where('session_id', 'in', ids).execute()
    for (const rows of chunks(added, UPSERT_CHUNK))
      await q
        .insertInto('stat_turns')
        .values(rows.map((t) => ({ ...t, breached: t.breached ? 1 : 0 })))
        .execute()
  }

  /**
   * Adds a batch's counts to the daily rows. Counters add in the upsert itself; a histogram is
   * merged with the stored one first (read in the same transaction, under the engine's lease).
   */
  async systemAddDaily(system: SystemScope, q: Db, rows: DailyDelta[]): Promise<void> {
    const withBuckets = rows.filter((r) => r.buckets)
    if (withBuckets.length) {
      const tenants = [...new Set(withBuckets.map((r) => r.tenant_id))]
      const days = [...new Set(withBuckets.map((r) => r.day))]
      const stored = new Map<string, string>()
      for (const part of chunks(days, IN_CHUNK))
        for (const r of await q
          .selectFrom('stat_daily')
          .select(['tenant_id', 'day', 'account_id', 'agent_id', 'responses'])
          .where('tenant_id', 'in', tenants)
          .where('day', 'in', part)
          .where('responses', '!=', EMPTY_BUCKETS)
          .execute())
          stored.set(`${r.tenant_id}|${r.day}|${r.account_id}|${r.agent_id}`, r.responses)
      for (const r of withBuckets) {
        const merged = parseBuckets(
          stored.get(`${r.tenant_id}|${r.day}|${r.account_id}|${r.agent_id}`) ?? EMPTY_BUCKETS,
        )
        for (const [b, n] of r.buckets ?? []) merged.set(b, (merged.get(b) ?? 0) + n)
        r.buckets = merged
      }
    }
    const values = rows.map(({ buckets, ...r }) => ({
      ...r,
      responses: buckets ? bucketsText(buckets) : EMPTY_BUCKETS,
    }))
    for (const part of chunks(values, UPSERT_CHUNK))
      await q
        .insertInto('stat_daily')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'day', 'account_id', 'agent_id']).doUpdateSet({
            messages_in: sql`stat_daily.messages_in + excluded.messages_in`,
            messages_out: sql`stat_daily.messages_out + excluded.messages_out`,
            sessions_opened: sql`stat_daily.sessions_opened + excluded.sessions_opened`,
            turns: sql`stat_daily.turns + excluded.turns`,
            turns_answered: sql`stat_daily.turns_answered + excluded.turns_answered`,
            breaches: sql`stat_daily.breaches + excluded.breaches`,
            // a row without new responses keeps its histogram; one with them carries the merged one
            responses: sql`case when excluded.responses = ${EMPTY_BUCKETS} then stat_daily.responses else excluded.responses end`,
          }),
        )
        .execute()
  }

  /** Adds new customers to the days of their tenants' calendars. */
  async systemAddFans(
    system: SystemScope,
    q: Db,
    fans: RawFan[],
    timeZoneOf: (tenantId: number) => string,
  ): Promise<void> {
    const map = new Map<
      string,
      {
        tenant_id: number
        day: number
        account_id: number
        agent_id: number
        source: string
        link_id: number
        n: number
      }
    >()
    for (const f of fans) {
      const day = statsDayOf(f.created_at, timeZoneOf(f.tenant_id))
      const key = `${f.tenant_id}|${day}|${f.account_id}|${f.agent_id}|${f.source}|${f.link_id}`
      const row = map.get(key)
      if (row) row.n += 1
      else
        map.set(key, {
          tenant_id: f.tenant_id,
          day,
          account_id: f.account_id,
          agent_id: f.agent_id,
          source: f.source,
          link_id: f.link_id,
          n: 1,
        })
    }
    for (const part of chunks([...map.values()], UPSERT_CHUNK))
      await q
        .insertInto('stat_fans')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'day', 'account_id', 'agent_id', 'source', 'link_id'])
            .doUpdateSet({ n: sql`stat_fans.n + excluded.n` }),
        )
        .execute()
  }

  /**
   * Moves a cursor past a batch whose first row is `firstId`, only if the cursor is still before
   * it: a batch counted meanwhile by another process (its lease lapsed mid-round) is not counted
   * twice. False when the cursor had moved; the caller rolls its counts back.
   */
  async systemAdvance(
    system: SystemScope,
    q: Db,
    name: CursorName,
    firstId: number,
    lastId: number,
    rolledTo?: number,
  ): Promise<boolean> {
    const res = await q
      .updateTable('stat_cursors')
      .set(rolledTo === undefined ? { last_id: lastId } : { last_id: lastId, rolled_to: rolledTo })
      .where('name', '=', name)
      .where('last_id', '<', firstId)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }
}
