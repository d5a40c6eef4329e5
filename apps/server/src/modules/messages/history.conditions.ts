import { type HistoryFilters, MessageDirection, MessageType } from '@app/core'
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely'
import type { Database } from '../../db/index.js'
import { containsText } from '../../db/search.js'

/**
 * A chat-history search as conditions on messages aliased `m`: the tenant first, never a reaction
 * nor an internal note,
 * then each filter given, and the keyset that continues a page. The repository runs them.
 */

type MDb = Database & { m: Database['messages'] }

/** A message's place in the history's order: newest first by (timestamp, id). */
export interface Position {
  id: number
  timestamp: number
}

/**
 * The customer filter resolved: the matching customers' ids when they are few (their sessions
 * are then read through the session index), or null to test every message's session instead.
 */
export type CustomerFans = number[] | null

/** `col` disqualified from index use: SQLite walks the history's index in order and tests the value. */
const unindexed = (col: 'm.session_id') => sql<number>`+${sql.ref(col)}`

type EB = ReturnType<typeof expressionBuilder<MDb, 'm'>>

/** Sessions of the customers found by the customer filter. */
const sessionsOfFans = (eb: EB, tenantId: number, fans: number[]) =>
  eb
    .selectFrom('sessions as s')
    .select('s.id')
    .where('s.tenant_id', '=', tenantId)
    .where('s.fan_id', 'in', fans)

/** Sessions whose customer's names, remark or phone contain `customer` (however many). */
function sessionsMatching(eb: EB, tenantId: number, customer: string) {
  const digits = phoneDigits(customer)
  return eb
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .select('s.id')
    .where('s.tenant_id', '=', tenantId)
    .where(({ or }) =>
      or([
        containsText('f.nickname', customer),
        containsText('f.push_name', customer),
        containsText('f.remark', customer),
        ...(digits ? [containsText('f.phone', digits)] : []),
      ]),
    )
}

/** The desk's rule: sessions migrated to the agent, or of an account of theirs not migrated away. */
function sessionsServedBy(eb: EB, tenantId: number, agentId: number) {
  const accounts = eb
    .selectFrom('ws_accounts as a')
    .select('a.id')
    .where('a.tenant_id', '=', tenantId)
    .where('a.agent_user_id', '=', agentId)
  return eb
    .selectFrom('sessions as s')
    .select('s.id')
    .where('s.tenant_id', '=', tenantId)
    .where(({ and, or, eb: e }) =>
      or([
        e('s.agent_user_id', '=', agentId),
        and([e('s.agent_user_id', 'is', null), e('s.account_id', 'in', accounts)]),
      ]),
    )
}

/**
 * The conditions of a history search on messages aliased `m`: the tenant, never a reaction, then
 * each filter given. The session filters (customer, agent) are subqueries, so the history is
 * still read in the order of an index.
 */
export function historyConditions(
  tenantId: number,
  f: HistoryFilters,
  fans: CustomerFans,
): Expression<SqlBool> {
  const eb = expressionBuilder<MDb, 'm'>()
  const c: Expression<SqlBool>[] = [
    eb('m.tenant_id', '=', tenantId),
    // the record of what was said on WhatsApp: an internal note of the desk is no part of it
    eb('m.type', 'not in', [MessageType.reaction, MessageType.note]),
  ]
  const [only, ...more] = f.accountIds ?? []
  if (only !== undefined)
    c.push(more.length ? eb('m.account_id', 'in', f.accountIds ?? []) : eb('m.account_id', '=', only))
  if (f.sessionId !== undefined) c.push(eb('m.session_id', '=', f.sessionId))
  if (f.direction) c.push(eb('m.from_me', '=', f.direction === MessageDirection.out ? 1 : 0))
  if (f.types?.length) c.push(eb('m.type', 'in', f.types))
  if (f.from !== undefined) c.push(eb('m.timestamp', '>=', f.from))
  if (f.to !== undefined) c.push(eb('m.timestamp', '<', f.to))
  // the history in order: a partial index of migration 0014 serves only a query that states its
  // predicate, literally - one account's, or the tenant's; one conversation or a few customers'
  // are read by session instead
  if (f.sessionId === undefined && !(f.customer && fans))
    c.push(
      more.length === 0 && only !== undefined
        ? eb('m.account_id', '>', sql.lit(0))
        : eb('m.tenant_id', '>', sql.lit(0)),
    )
  if (f.customer)
    c.push(
      fans
        ? eb('m.session_id', 'in', sessionsOfFans(eb, tenantId, fans))
        : eb(unindexed('m.session_id'), 'in', sessionsMatching(eb, tenantId, f.customer)),
    )
  if (f.agentId !== undefined)
    c.push(eb(unindexed('m.session_id'), 'in', sessionsServedBy(eb, tenantId, f.agentId)))
  return eb.and(c)
}

/** The customer filter as phone digits ('+44 7700-900' → '447700900'), or null when it is not a phone. */
export function phoneDigits(text: string): string | null {
  const digits = text.replace(/[\s+\-()]/g, '')
  return /^\d+$/.test(digits) ? digits : null
}

/** Past `after` in the newest-first order (a keyset cursor). */
export function before(after: Position): Expression<SqlBool> {
  const eb = expressionBuilder<MDb, 'm'>()
  return eb(eb.refTuple('m.timestamp', 'm.id'), '<', eb.tuple(after.timestamp, after.id))
}
