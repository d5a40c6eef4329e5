import type { ConsoleSessionPageBody, SessionPage } from '@app/core'
import { type ExpressionBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import type { SessionListQuery } from './session-list.query.js'

type SessionAlias = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

/** The valid sessions of one account worked by one agent (null: nobody), with the reader's counts. */
export interface AllocationBucket {
  accountId: number
  agentId: number | null
  sessions: number
  unread: number
  unreplied: number
}

/**
 * Sessions no agent works: not migrated to anyone, on a live account assigned to nobody. The
 * complement of the visibility rule's agent scope (session.visibility.ts), as a condition on
 * sessions aliased `s` with subqueries, so a list walks its index in order.
 */
function unallocatedSessions(tenantId: number) {
  return (eb: SessionAlias) =>
    eb.and([
      eb('s.agent_user_id', 'is', null),
      eb(
        's.account_id',
        'in',
        eb
          .selectFrom('ws_accounts')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('deleted_at', 'is', null)
          .where('agent_user_id', 'is', null),
      ),
    ])
}

/** A session's agent: the one it was migrated to, else its account's (the visibility rule). */
const sessionAgent = sql<number | null>`coalesce(s.agent_user_id, a.agent_user_id)`

/**
 * Who works which session, for the supervisor's session console. Its lists are the desk's list
 * (session-list.query.ts) seen as an agent, or narrowed to the unallocated sessions; its counts
 * come from one grouped statement over the tenant's sessions.
 */
export class SessionAllocationQuery {
  constructor(
    private readonly db: Db,
    private readonly list: SessionListQuery,
  ) {}

  /**
   * Valid sessions of live accounts per (account, agent), in one statement over the covering
   * index of the desk's counts. Unread is the agent's own read state; for unallocated sessions,
   * `readerId`'s (the supervisor looking).
   */
  async buckets(tenantId: number, readerId: number): Promise<AllocationBucket[]> {
    const rows = await this.db
      .selectFrom('sessions as s')
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .leftJoin('session_reads as r', (j) =>
        j
          .onRef('r.session_id', '=', 's.id')
          .on(sql<boolean>`r.user_id = coalesce(s.agent_user_id, a.agent_user_id, ${readerId})`),
      )
      .where('s.tenant_id', '=', tenantId)
      .where('a.deleted_at', 'is', null)
      .where('s.invalid', '=', 0)
      .select([
        's.account_id',
        sessionAgent.as('agent_id'),
        (eb) => eb.fn.countAll<number>().as('sessions'),
        sql<number>`count(case when s.unread_count > coalesce(r.read_count, 0) then 1 end)`.as('unread'),
        sql<number>`count(case when s.awaiting_reply_since is not null then 1 end)`.as('unreplied'),
      ])
      .groupBy(['s.account_id', sessionAgent])
      .execute()
    return rows.map((r) => ({
      accountId: Number(r.account_id),
      agentId: r.agent_id === null ? null : Number(r.agent_id),
      sessions: Number(r.sessions),
      unread: Number(r.unread),
      unreplied: Number(r.unreplied),
    }))
  }

  /** A page of the unallocated sessions, as the supervisor's own desk shows them (their unread). */
  unallocatedPage(viewer: Caller, body: Omit<ConsoleSessionPageBody, 'userId'>): Promise<SessionPage> {
    const supervisor: Caller = { ...viewer, actingUserId: viewer.userId, agentId: null }
    return this.list.page(supervisor, { ...body, filter: 'all' }, unallocatedSessions(viewer.tenantId))
  }

  /** A page of one agent's sessions, as their desk lists them (their unread). */
  agentPage(
    viewer: Caller,
    agentId: number,
    body: Omit<ConsoleSessionPageBody, 'userId'>,
  ): Promise<SessionPage> {
    const asAgent: Caller = { ...viewer, actingUserId: agentId, agentId }
    return this.list.page(asAgent, { ...body, filter: 'all' })
  }

  /** The current agent (null: nobody) of each of `ids` that is a session of the tenant on a live account. */
  async agentsOf(tenantId: number, ids: number[]): Promise<Map<number, number | null>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('sessions as s')
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .select(['s.id', sessionAgent.as('agent_id')])
      .where('s.tenant_id', '=', tenantId)
      .where('a.deleted_at', 'is', null)
      .where('s.id', 'in', ids)
      .execute()
    return new Map(rows.map((r) => [Number(r.id), r.agent_id === null ? null : Number(r.agent_id)]))
  }
}
