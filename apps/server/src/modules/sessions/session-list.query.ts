import {
  type DeskSessionView,
  type SessionCounts,
  type SessionFilterValue,
  type SessionPage,
  type SessionPageBody,
  SessionType,
} from '@app/core'
import { type ExpressionBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { QueryShapes } from '../../db/query-shapes.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import { visibleSessions } from '../sessions/session.visibility.js'
import { tenantRiskStatus } from '../users/index.js'
import { CountsCache } from './counts.cache.js'
import { presentDeskSession, type SessionRow } from './session.presenter.js'
import { type SessionScope, SessionScopes, sessionsInScope } from './session.scope.js'
import { keywordCondition, sessionsMatching } from './session-search.js'
import { systemGroupSession } from './system-groups.js'

type Joined = Database & {
  s: Database['sessions']
  a: Database['ws_accounts']
  f: Database['fans']
  g: Database['group_chats']
  r: Database['session_reads']
  h: Database['risk_holds']
}
/** What the list's conditions read: the session, its customer or group, the viewer's read mark. */
type EB = ExpressionBuilder<Joined, 's' | 'f' | 'g' | 'r'>

const COLUMNS = [
  's.id',
  's.account_id',
  's.type',
  's.fan_id',
  's.group_chat_id',
  's.last_activity_at',
  's.last_message',
  's.awaiting_reply_since',
  's.status',
  's.snoozed_until',
  's.waiting_since',
  's.unread_count',
  's.pinned',
  's.blocked',
  's.dnd',
  's.ai_reply',
  's.invalid',
  's.agent_user_id',
  'a.phone as account_phone',
  'a.status as account_status',
  'a.restricted_until',
  'f.jid as fan_jid',
  'f.phone as fan_phone',
  'f.nickname as fan_nickname',
  'f.push_name as fan_push_name',
  'f.remark as fan_remark',
  'f.mass_send_enabled',
  'f.nurturing as fan_nurturing',
  'r.read_count',
  'h.until as risk_hold_until',
] as const

/**
 * A group session's group, looked up by id for each row of a page: joined instead, PostgreSQL
 * hashes all of the tenant's groups for the page's few (half the statement's time with 2,000).
 */
function groupColumn(column: 'jid' | 'subject') {
  const value = sql`(select g.${sql.ref(column)} from group_chats g
    where g.id = s.group_chat_id and g.tenant_id = s.tenant_id)`
  return sql<string | null>`case when s.group_chat_id is not null then ${value} end`
}
const GROUP_COLUMNS = [groupColumn('jid').as('group_jid'), groupColumn('subject').as('group_subject')]

/** Unread for the viewer: live inbound messages since their read mark. */
const hasUnread = sql<boolean>`s.unread_count > coalesce(r.read_count, 0)`

/**
 * The condition of a sidebar entry; every entry but `invalid` leaves invalid customers out. Its
 * constants are written into the text (the walk binds only the call's values).
 */
function filterCondition(eb: EB, filter: SessionFilterValue) {
  const yes = eb.lit(1)
  const no = eb.lit(0)
  if (filter === 'invalid') return eb('s.invalid', '=', yes)
  const valid = eb('s.invalid', '=', no)
  switch (filter) {
    case 'all':
      return valid
    case 'unread':
      return eb.and([valid, hasUnread])
    case 'noReply':
      return eb.and([valid, eb('s.awaiting_reply_since', 'is not', null)])
    case 'pinned':
      return eb.and([valid, eb('s.pinned', '=', yes)])
    case 'manual':
      return eb.and([valid, eb('s.ai_reply', '=', no)])
    case 'ai':
      return eb.and([valid, eb('s.ai_reply', '=', yes)])
    case 'group':
      return eb.and([valid, eb('s.type', '=', sql.lit(SessionType.group))])
  }
}

/** Where a page ends: the list's (pinned, last activity, id), or the waiting list's (waiting since, id). */
interface Cursor {
  pinned: number
  at: number
  id: number
}
interface WalkedRow {
  id: number
  pinned: number
  last_activity_at: number
  waiting_since?: number | null
}
const encodeCursor = (r: WalkedRow, waiting: boolean) =>
  waiting ? `w_${r.waiting_since}_${r.id}` : `${r.pinned}_${r.last_activity_at}_${r.id}`
/** A cursor of the other order (a waiting cursor on the list, or the reverse) starts from the top. */
function decodeCursor(c: string | undefined, waiting: boolean): Cursor | undefined {
  if (!c || c.startsWith('w_') !== waiting) return undefined
  const [pinned, at, id] = c.split('_').map((x) => (x === 'w' ? 0 : Number(x)))
  return { pinned, at, id }
}

/**
 * The desk's session list and sidebar counts. The list walks the index (tenant, pinned,
 * last_activity_at, id) in order and continues after the cursor's row value, so a page never
 * repeats a session of an earlier page; a session that moves up meanwhile arrives over the socket.
 */
export class SessionListQuery {
  private readonly shapes: QueryShapes

  constructor(
    private readonly db: Db,
    readonly countsCache = new CountsCache(),
    readonly scopes = new SessionScopes(db),
  ) {
    this.shapes = new QueryShapes(db)
  }

  /**
   * Sessions as the list shows them: with their account, customer or group, the acting user's
   * read mark, and `h`, the account's hold by a risk limit (risk module), for the risk status.
   */
  private withDetails(actingUserId: number, tenantId: number) {
    return this.db
      .selectFrom('sessions as s')
      .leftJoin('ws_accounts as a', 'a.id', 's.account_id')
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .leftJoin('session_reads as r', (j) =>
        j.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', actingUserId),
      )
      .leftJoin('risk_holds as h', (j) =>
        j.onRef('h.account_id', '=', 's.account_id').on('h.tenant_id', '=', tenantId),
      )
      .select(COLUMNS)
      .select(GROUP_COLUMNS)
  }

  /**
   * The rows of the page's sessions, in no order, with the tenant's risk status on each. The
   * sessions were chosen by the walk, in the viewer's scope. Compiled once per number of ids.
   */
  private details(viewer: Caller, ids: number[]) {
    const values = { actingUserId: viewer.actingUserId, tenantId: viewer.tenantId, ids }
    return this.shapes.rows('details', values, (v) =>
      this.withDetails(v.actingUserId, v.tenantId)
        .leftJoin('tenants as t', 't.id', 's.tenant_id')
        .select('t.risk_status as tenant_risk')
        // by id alone: the walk chose them in the viewer's tenant, and a condition on the tenant
        // would let SQLite walk the tenant's index instead of looking each id up
        .where('s.id', 'in', v.ids)
        .$castTo<SessionRow & { tenant_risk: number | null }>(),
    )
  }

  /**
   * The walk: the page's sessions in order (their ids and keys), on the sessions alone, the
   * viewer's accounts given as values. Compiled once per shape (the filter, which conditions the
   * body sets, the viewer's role and scope); a keyword search, an agent's sessions and a narrower
   * `only` are built on every call.
   */
  private walk(
    viewer: Caller,
    scope: SessionScope,
    body: SessionPageBody,
    search: number[] | null,
    only?: ReturnType<typeof visibleSessions>,
  ) {
    const waiting = body.waiting === true
    const c = decodeCursor(body.cursor, waiting)
    const values = {
      actingUserId: viewer.actingUserId,
      tenantId: viewer.tenantId,
      agentId: viewer.agentId,
      only: scope.only,
      except: scope.except,
      assigned: scope.assigned,
      accountId: body.accountId,
      from: body.from,
      to: body.to,
      search: search ?? undefined,
      status: body.status,
      pinned: c?.pinned,
      at: c?.at,
      id: c?.id,
    }
    const keyword = search === null ? body.keyword : undefined
    const fixed = !body.keyword && !only && body.agentId === undefined
    const shape = fixed
      ? `walk:${viewer.roleId}:${body.filter}:${scope.hidesSystemGroups ? 'hide' : 'show'}:${waiting ? 'waiting' : 'list'}:${body.pageSize}`
      : null
    return this.shapes.rows(shape, values, (v) => {
      const inScope = sessionsInScope(
        { ...viewer, tenantId: v.tenantId, agentId: v.agentId, actingUserId: v.actingUserId },
        { only: v.only, except: v.except, assigned: v.assigned, hidesSystemGroups: scope.hidesSystemGroups },
      )
      // a join whose columns no condition reads is left out by the database
      let q = this.db
        .selectFrom('sessions as s')
        .leftJoin('fans as f', 'f.id', 's.fan_id')
        .leftJoin('group_chats as g', 'g.id', 's.group_chat_id')
        .leftJoin('session_reads as r', (j) =>
          j.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', v.actingUserId),
        )
        .select(['s.id', 's.pinned', 's.last_activity_at'])
        .where(inScope)
        .where((eb) => filterCondition(eb, body.filter))
      if (v.status !== undefined) q = q.where('s.status', '=', v.status)
      // the customer wrote last and waits on us: the waiting list's partial index (migration 0028)
      if (waiting) q = q.where('s.waiting_since', 'is not', null)
      // an unread session has received something (the index entry decides it)
      if (body.filter === 'unread') q = q.where('s.unread_count', '>', sql.lit(0))
      if (only) q = q.where(only)
      if (v.accountId !== undefined) q = q.where('s.account_id', '=', v.accountId)
      // one agent's sessions by the same rule as their desk; never wider than the viewer's own
      if (body.agentId !== undefined) q = q.where(visibleSessions({ ...viewer, agentId: body.agentId }))
      if (v.from !== undefined) q = q.where('s.last_activity_at', '>=', v.from)
      if (v.to !== undefined) q = q.where('s.last_activity_at', '<', v.to)
      // the desk user's choice (groups module): announcement groups where we only listen
      if (scope.hidesSystemGroups) q = q.where(sql<boolean>`not ${systemGroupSession('s')}`)
      // few matches: those sessions by id; many: the list walked, where matches come soon
      if (v.search !== undefined) q = q.where('s.id', 'in', v.search)
      else if (keyword) q = q.where((eb) => keywordCondition(eb, keyword))
      if (waiting) {
        const { at, id } = v
        if (at !== undefined && id !== undefined)
          q = q.where((eb) => eb(eb.refTuple('s.waiting_since', 's.id'), '>', eb.tuple(at, id)))
        // the longest waiting first; limit written into the text as below
        return q
          .select('s.waiting_since')
          .$castTo<WalkedRow>()
          .orderBy('s.waiting_since', 'asc')
          .orderBy('s.id', 'asc')
          .limit(sql.lit(body.pageSize + 1))
      }
      if (v.pinned !== undefined && v.at !== undefined && v.id !== undefined) {
        const { pinned, at, id } = v
        q = q.where((eb) =>
          eb(eb.refTuple('s.pinned', 's.last_activity_at', 's.id'), '<', eb.tuple(pinned, at, id)),
        )
      }
      return (
        q
          .$castTo<WalkedRow>()
          .orderBy('s.pinned', 'desc')
          .orderBy('s.last_activity_at', 'desc')
          .orderBy('s.id', 'desc')
          // written into the text: PostgreSQL plans a statement once for all calls (a generic plan)
          // only when its limit is known; planning took longer than running the walk
          .limit(sql.lit(body.pageSize + 1))
      )
    })
  }

  /**
   * One page, pinned first, then the newest activity (the waiting list: the longest waiting first,
   * pinning aside); a status narrows it. `only` narrows the viewer's sessions further
   * (the console's unallocated ones); a condition on `s` alone keeps the walk on the index. Two
   * statements: the walk, on the sessions alone (the viewer's accounts given as values), and the
   * page's sessions with their account, customer or group, read mark and risk hold.
   */
  async page(
    viewer: Caller,
    body: SessionPageBody,
    only?: ReturnType<typeof visibleSessions>,
  ): Promise<SessionPage> {
    const scope = await this.scopes.of(viewer)
    let search: number[] | null = null
    if (body.keyword) {
      search = await sessionsMatching(this.db, viewer.tenantId, body.keyword)
      if (search?.length === 0) return { list: [], nextCursor: null }
    }
    const walked = await this.walk(viewer, scope, body, search, only)
    const more = walked.length > body.pageSize
    const order = more ? walked.slice(0, body.pageSize) : walked
    if (order.length === 0) return { list: [], nextCursor: null }
    const rows = new Map(
      (
        await this.details(
          viewer,
          order.map((r) => r.id),
        )
      ).map((r) => [r.id, r]),
    )
    const risk = Number(rows.values().next().value?.tenant_risk ?? 0)
    const now = Date.now()
    const list: DeskSessionView[] = []
    for (const w of order) {
      const r = rows.get(w.id)
      // a session deleted between the two statements is left out
      if (r) list.push(presentDeskSession(r, risk, now))
    }
    const last = order.at(-1)
    return { list, nextCursor: more && last ? encodeCursor(last, body.waiting === true) : null }
  }

  /** One session as the list shows it, if the viewer may see it; else not found. */
  async one(viewer: Caller, sessionId: number): Promise<DeskSessionView> {
    const row = (await this.withDetails(viewer.actingUserId, viewer.tenantId)
      .where(visibleSessions(viewer))
      .where('s.id', '=', sessionId)
      .executeTakeFirst()) as SessionRow | undefined
    if (!row) throw notFound()
    return presentDeskSession(row, await this.tenantRisk(viewer.tenantId))
  }

  /** Sessions per sidebar entry (briefly reused, counts.cache.ts). */
  counts(viewer: Caller, accountId?: number): Promise<SessionCounts> {
    const key = `${viewer.actingUserId}|${viewer.agentId ?? ''}|${accountId ?? ''}`
    return this.countsCache.get(viewer.tenantId, key, () => this.countNow(viewer, accountId))
  }

  /** Sessions per sidebar entry in one pass over the viewer's sessions (an index-only walk). */
  private async countNow(viewer: Caller, accountId?: number): Promise<SessionCounts> {
    let q = this.db
      .selectFrom('sessions as s')
      .leftJoin('session_reads as r', (j) =>
        j.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', viewer.actingUserId),
      )
      .where(visibleSessions(viewer))
    if (accountId !== undefined) q = q.where('s.account_id', '=', accountId)
    const valid = sql`s.invalid = 0`
    const count = (cond: ReturnType<typeof sql>) => sql<number>`count(case when ${cond} then 1 end)`
    const row = await q
      .select([
        count(valid).as('all'),
        count(sql`${valid} and ${hasUnread}`).as('unread'),
        count(sql`${valid} and s.awaiting_reply_since is not null`).as('noReply'),
        count(sql`${valid} and s.pinned = 1`).as('pinned'),
        count(sql`${valid} and s.ai_reply = 0`).as('manual'),
        count(sql`${valid} and s.ai_reply = 1`).as('ai'),
        count(sql`${valid} and s.type = ${SessionType.group}`).as('group'),
        count(sql`s.invalid = 1`).as('invalid'),
      ])
      .executeTakeFirstOrThrow()
    return {
      all: Number(row.all),
      unread: Number(row.unread),
      noReply: Number(row.noReply),
      pinned: Number(row.pinned),
      manual: Number(row.manual),
      ai: Number(row.ai),
      group: Number(row.group),
      invalid: Number(row.invalid),
    }
  }

  tenantRisk(tenantId: number): Promise<number> {
    return tenantRiskStatus(this.db, tenantId)
  }
}
