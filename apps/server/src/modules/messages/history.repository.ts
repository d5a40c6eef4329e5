import { type HistoryFilters, MessageType } from '@app/core'
import { type Kysely, type SqlBool, sql } from 'kysely'
import { type DialectName, dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import { pgSearchText } from '../../db/migrations/0014_message_search.js'
import { before, type CustomerFans, historyConditions, type Position } from './history.conditions.js'

/** A message as a scan reads it: where it is, and the words a keyword is looked for in. */
export interface ScanRow extends Position {
  body: string
  meta: string
}

/** The keyword as a LIKE pattern, its wildcards taken literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The keyword as an FTS5 phrase: with the trigram tokenizer, a phrase matches as a substring. */
const ftsPhrase = (keyword: string) => `"${keyword.replace(/"/g, '""')}"`

/**
 * Whether SQLite's lower(), which folds ASCII letters only, matches `keyword` as a case-insensitive
 * search would: each of its other characters has no case (Chinese, digits, signs, emoji).
 */
export const sqlFoldable = (keyword: string): boolean =>
  [...keyword].every((c) => c.charCodeAt(0) < 128 || c.toLowerCase() === c.toUpperCase())

/**
 * The history's reads of the messages table. Every statement takes the tenant; the one lookup
 * that does not (the SQLite full-text index, which holds every tenant's messages) is named
 * system… and only ever narrows a statement that does.
 */
export class HistoryRepository {
  readonly dialect: DialectName

  constructor(private readonly db: Db) {
    this.dialect = dialectOf(db as unknown as Kysely<unknown>)
  }

  private matching(tenantId: number, f: HistoryFilters, fans: CustomerFans, after: Position | null) {
    const q = this.db.selectFrom('messages as m').where(historyConditions(tenantId, f, fans))
    return after ? q.where(before(after)) : q
  }

  /** The next `limit` messages after `after` (or from the newest), by the filters alone. */
  page(tenantId: number, f: HistoryFilters, fans: CustomerFans, after: Position | null, limit: number) {
    return this.matching(tenantId, f, fans, after)
      .select(['m.id', 'm.timestamp'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute()
  }

  /**
   * The next messages after `after` with the words a keyword is looked for in (a scan tests them
   * itself), at most `limit`, read in growing chunks as the caller goes. A filter by sessions (an
   * agent's, or many customers') is a subquery each chunk evaluates again: such a scan starts
   * with large chunks.
   */
  async *scan(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    after: Position | null,
    limit: number,
  ): AsyncGenerator<ScanRow> {
    const bySessions = f.agentId !== undefined || (f.customer !== undefined && fans === null)
    let at = after
    let left = limit
    for (let chunk = bySessions ? 2_000 : 200; left > 0; chunk = Math.min(chunk * 2, 2_000)) {
      const n = Math.min(chunk, left)
      const rows = await this.matching(tenantId, f, fans, at)
        .select(['m.id', 'm.timestamp', 'm.body', 'm.meta'])
        .orderBy('m.timestamp', 'desc')
        .orderBy('m.id', 'desc')
        .limit(n)
        .execute()
      yield* rows
      const last = rows.at(-1)
      if (!last || rows.length < n) return
      left -= rows.length
      at = last
    }
  }

  /**
   * Where a window of the next `size` messages after `after` ends (its last message), or null when
   * fewer remain. Read from the index alone when the filters are on its columns.
   */
  async windowEnd(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    after: Position | null,
    size: number,
  ): Promise<Position | null> {
    const row = await this.matching(tenantId, f, fans, after)
      .select(['m.id', 'm.timestamp'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(1)
      .offset(size - 1)
      .executeTakeFirst()
    return row ?? null
  }

  /** The next messages after `after` whose text or file name contains `keyword` (see `containsSql`), however far. */
  containing(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    keyword: string,
    after: Position | null,
    limit: number,
  ) {
    return this.matching(tenantId, f, fans, after)
      .where(this.containsSql(keyword, 'm'))
      .select(['m.id', 'm.timestamp'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute()
  }

  /**
   * Among the next `window` messages after `after`, those whose text or file name contains
   * `keyword`, at most `limit`: the database reads the window in order and stops at the limit.
   */
  containingWithin(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    keyword: string,
    after: Position | null,
    window: number,
    limit: number,
  ) {
    const rows = this.matching(tenantId, f, fans, after)
      .select(['m.id', 'm.timestamp', 'm.body', 'm.meta'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(window)
    return this.db
      .selectFrom(rows.as('w'))
      .where(this.containsSql(keyword, 'w'))
      .select(['w.id', 'w.timestamp'])
      .orderBy('w.timestamp', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit)
      .execute()
  }

  /**
   * `m` contains `keyword` in its text or file name, ignoring case. PostgreSQL lowers by the
   * database's locale (the trigram index's expression); SQLite's lower() folds ASCII letters only,
   * which is exact for a keyword whose other characters have no case (Chinese, digits, signs):
   * the caller tests other keywords itself (`sqlFoldable`).
   */
  private containsSql(keyword: string, alias: 'm' | 'w') {
    if (this.dialect === 'postgres')
      return sql<SqlBool>`${sql.raw(pgSearchText(alias))} like lower(${likePattern(keyword)}) escape '\\'`
    const k = keyword.toLowerCase()
    const body = sql.ref(`${alias}.body`)
    const meta = sql.ref(`${alias}.meta`)
    return sql<SqlBool>`(instr(lower(${body}), ${k}) > 0 or (instr(${meta}, '"fileName"') > 0
      and json_valid(${meta}) and instr(lower(json_extract(${meta}, '$.fileName')), ${k}) > 0))`
  }

  /**
   * SQLite: ids of the tenant's messages whose text or file name contains `keyword` (three
   * characters or more), at most `limit`.
   */
  async indexedIds(tenantId: number, keyword: string, limit: number): Promise<number[]> {
    const r = await sql<{
      id: number
    }>`select m.id as id from messages_fts join messages m on m.id = messages_fts.rowid and m.tenant_id = ${tenantId}
      where messages_fts match ${ftsPhrase(keyword)} limit ${limit}`.execute(this.db)
    return r.rows.map((x) => Number(x.id))
  }

  /**
   * SQLite: the next messages among `ids` (few): each id is looked up by its row id, then sorted.
   * The cross join keeps that order; a plain join lets the planner walk the whole history instead.
   */
  pageAmong(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    ids: number[],
    after: Position | null,
    limit: number,
  ) {
    const q = this.db
      .selectFrom(sql<{ value: number }>`json_each(${JSON.stringify(ids)})`.as('j'))
      .crossJoin('messages as m')
      .whereRef('m.id', '=', 'j.value')
      .where(historyConditions(tenantId, f, fans))
    return (after ? q.where(before(after)) : q)
      .select(['m.id', 'm.timestamp'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute()
  }

  /** SQLite: the next messages containing `keyword` however many there are (the index's whole answer is read). */
  pageIndexed(
    tenantId: number,
    f: HistoryFilters,
    fans: CustomerFans,
    keyword: string,
    after: Position | null,
    limit: number,
  ) {
    return this.matching(tenantId, f, fans, after)
      .where(
        sql<SqlBool>`${sql.ref('m.id')} in (select rowid from messages_fts where messages_fts match ${ftsPhrase(keyword)})`,
      )
      .select(['m.id', 'm.timestamp'])
      .orderBy('m.timestamp', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute()
  }

  /** Messages with where they were said: the session, account, customer or group, agent and sender. */
  details(tenantId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('messages as m')
      .innerJoin('sessions as s', 's.id', 'm.session_id')
      .innerJoin('ws_accounts as a', 'a.id', 'm.account_id')
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .leftJoin('group_chats as g', 'g.id', 's.group_chat_id')
      .leftJoin('users as u', (j) =>
        j.on((eb) => eb('u.id', '=', eb.fn.coalesce('s.agent_user_id', 'a.agent_user_id'))),
      )
      .leftJoin('users as su', 'su.id', 'm.requested_by')
      .select([
        'm.id',
        'm.session_id',
        'm.account_id',
        'm.from_me',
        'm.sender_jid',
        'm.type',
        'm.body',
        'm.meta',
        'm.status',
        'm.requested_by',
        'm.timestamp',
        's.type as session_type',
        's.fan_id',
        'a.phone as account_phone',
        'a.push_name as account_push_name',
        'a.remark as account_remark',
        'a.deleted_at as account_deleted_at',
        'f.phone as fan_phone',
        'f.nickname as fan_nickname',
        'f.push_name as fan_push_name',
        'g.subject as group_subject',
        'g.jid as group_jid',
        'u.id as agent_id',
        'u.username as agent_username',
        'u.nickname as agent_nickname',
        'su.username as sender_username',
        'su.nickname as sender_nickname',
      ])
      .where('m.tenant_id', '=', tenantId)
      .where('m.id', 'in', ids)
      .execute()
  }

  /** The next `limit` messages of a conversation after `after`, oldest first (reactions left out, as the chat shows them). */
  after(tenantId: number, sessionId: number, after: Position, limit: number): Promise<Position[]> {
    return this.db
      .selectFrom('messages as m')
      .select(['m.id', 'm.timestamp'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.session_id', '=', sessionId)
      .where('m.type', '!=', MessageType.reaction)
      .where((eb) => eb(eb.refTuple('m.timestamp', 'm.id'), '>', eb.tuple(after.timestamp, after.id)))
      .orderBy('m.timestamp')
      .orderBy('m.id')
      .limit(limit)
      .execute()
  }
}

export type HitRow = Awaited<ReturnType<HistoryRepository['details']>>[number]
