import { SessionStatus, type SessionStatusValue, SessionType } from '@app/core'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

type Q = Kysely<Database>

/** How a message moves its session (`SessionDirectory.recordMessage`). */
export interface SessionTouch {
  timestamp: number
  preview: string
  /** a live customer message: the unread count and the waiting clock */
  unread: boolean
  inbound: boolean
  /** a message of ours that answers the customer (not a mass send): the waiting clock stops */
  answers?: boolean
}

/**
 * The waiting clock as a message moves it: a live customer message in a personal chat starts it
 * (or sets it earlier: messages arrive out of order); an answer of ours at or after it stops it.
 */
function waitingChange(m: SessionTouch): { waiting_since?: RawBuilder<number | null> } {
  const since = sql.ref('waiting_since')
  if (m.unread)
    return {
      waiting_since: sql<
        number | null
      >`case when ${sql.ref('fan_id')} is not null and (${since} is null or ${since} > ${m.timestamp}) then ${m.timestamp} else ${since} end`,
    }
  if (m.answers)
    return {
      waiting_since: sql<number | null>`case when ${since} <= ${m.timestamp} then null else ${since} end`,
    }
  return {}
}

/** Sessions: one per (account, fan) and per (account, group chat), enforced by unique indexes. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  get(tenantId: number, id: number, q: Q = this.db): Promise<Session | undefined> {
    return q
      .selectFrom('sessions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /**
   * The session of a fan on an account, created on first contact; `at` is the first message's
   * time. `newFan`: the fan was created in this transaction, so it has no session to look for.
   */
  async ensurePersonal(
    q: Q,
    tenantId: number,
    accountId: number,
    fanId: number,
    at: number,
    newFan = false,
  ): Promise<{ session: Session; created: boolean }> {
    const find = () =>
      q
        .selectFrom('sessions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', accountId)
        .where('fan_id', '=', fanId)
        .executeTakeFirst()
    const found = newFan ? undefined : await find()
    if (found) return { session: found, created: false }
    const row = await q
      .insertInto('sessions')
      .values({
        tenant_id: tenantId,
        account_id: accountId,
        type: SessionType.personal,
        fan_id: fanId,
        group_chat_id: null,
        last_activity_at: at,
        last_inbound_at: null,
        awaiting_reply_since: null,
        agent_user_id: null,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'fan_id']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return { session: row, created: true }
    const again = await find()
    if (!again) throw new Error(`session of fan ${fanId} vanished`)
    return { session: again, created: false }
  }

  async ensureGroup(
    q: Q,
    tenantId: number,
    accountId: number,
    groupChatId: number,
    at: number,
  ): Promise<{ session: Session; created: boolean }> {
    const find = () =>
      q
        .selectFrom('sessions')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', accountId)
        .where('group_chat_id', '=', groupChatId)
        .executeTakeFirst()
    const found = await find()
    if (found) return { session: found, created: false }
    const row = await q
      .insertInto('sessions')
      .values({
        tenant_id: tenantId,
        account_id: accountId,
        type: SessionType.group,
        fan_id: null,
        group_chat_id: groupChatId,
        last_activity_at: at,
        last_inbound_at: null,
        awaiting_reply_since: null,
        agent_user_id: null,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.columns(['account_id', 'group_chat_id']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return { session: row, created: true }
    const again = await find()
    if (!again) throw new Error(`session of group ${groupChatId} vanished`)
    return { session: again, created: false }
  }

  /** The fan replied: nothing of ours awaits a reply (unless a newer message of ours set it meanwhile). */
  async clearAwaitingReply(q: Q, tenantId: number, sessionId: number, since: number): Promise<void> {
    await q
      .updateTable('sessions')
      .set({ awaiting_reply_since: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .where('awaiting_reply_since', '=', since)
      .execute()
  }

  /**
   * A message arrived or was sent in the session: the preview and activity follow the newest
   * message (messages can arrive out of order); unread counts inbound ones; the waiting clock
   * starts with a live customer message in a personal chat and stops at an answer of ours.
   */
  touch(q: Q, tenantId: number, sessionId: number, m: SessionTouch): Promise<Session> {
    const newer = sql<boolean>`${sql.ref('last_activity_at')} <= ${m.timestamp}`
    return q
      .updateTable('sessions')
      .set((eb) => ({
        last_activity_at: sql<number>`case when ${newer} then ${m.timestamp} else ${sql.ref('last_activity_at')} end`,
        last_message: sql<string>`case when ${newer} then ${m.preview} else ${sql.ref('last_message')} end`,
        ...(m.unread ? { unread_count: eb('unread_count', '+', 1) } : {}),
        ...(m.inbound
          ? { last_inbound_at: m.timestamp }
          : {
              awaiting_reply_since: sql<number>`coalesce(${sql.ref('awaiting_reply_since')}, ${m.timestamp})`,
            }),
        ...waitingChange(m),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /**
   * A live customer message opens a pending, snoozed or resolved session again. Answers the session
   * when this statement opened it (undefined when it was open already): the caller announces it.
   */
  reopen(q: Q, tenantId: number, sessionId: number, now: number): Promise<Session | undefined> {
    return q
      .updateTable('sessions')
      .set({
        status: SessionStatus.open,
        snoozed_until: null,
        status_changed_at: now,
        status_changed_by: null,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .where('status', '!=', SessionStatus.open)
      .returningAll()
      .executeTakeFirst()
  }

  /**
   * The customer's rating (message `ratingMessageId`) of a resolved conversation opened it again:
   * resolved once more, unless a user changed its status since or the customer wrote after the
   * rating (then it stays open and waits on us). Answers the session when this statement resolved it.
   */
  resolveAfterRating(
    q: Q,
    tenantId: number,
    sessionId: number,
    ratingMessageId: number,
    now: number,
  ): Promise<Session | undefined> {
    return (
      q
        .updateTable('sessions')
        .set({ status: SessionStatus.resolved, status_changed_at: now, waiting_since: null })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', sessionId)
        .where('status', '=', SessionStatus.open)
        .where('status_changed_by', 'is', null)
        // WhatsApp times are whole seconds: the customer's next word is told by a later id
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('messages as later')
                .select('later.id')
                .where('later.tenant_id', '=', tenantId)
                .where('later.session_id', '=', sessionId)
                .where('later.from_me', '=', 0)
                .where('later.id', '>', ratingMessageId),
            ),
          ),
        )
        .returningAll()
        .executeTakeFirst()
    )
  }

  /**
   * Set the status of some sessions of the tenant; answers the sessions it changed (one already in
   * that status, snoozed until the same time, is left alone). Resolved and pending owe the customer
   * nothing: their waiting clock stops.
   */
  setStatus(
    tenantId: number,
    ids: number[],
    change: { status: SessionStatusValue; snoozedUntil: number | null; by: number; at: number },
  ): Promise<Session[]> {
    const settled = change.status === SessionStatus.resolved || change.status === SessionStatus.pending
    return this.db
      .updateTable('sessions')
      .set({
        status: change.status,
        snoozed_until: change.snoozedUntil,
        status_changed_at: change.at,
        status_changed_by: change.by,
        ...(settled ? { waiting_since: null } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where((eb) =>
        change.snoozedUntil === null
          ? eb('status', '!=', change.status)
          : eb.or([
              eb('status', '!=', change.status),
              eb('snoozed_until', 'is', null),
              eb('snoozed_until', '!=', change.snoozedUntil),
            ]),
      )
      .returningAll()
      .execute()
  }

  /**
   * Snoozes that have ended, of every tenant, opened again (at most `limit`, the earliest first);
   * answers the sessions opened with their account's agent. The statement's own condition is the
   * claim: a second process running it at the same time finds them open already.
   */
  async systemWakeSnoozed(
    _system: SystemScope,
    now: number,
    limit: number,
  ): Promise<(Session & { account_agent: number | null })[]> {
    const due = this.db
      .selectFrom('sessions')
      .select('id')
      .where('snoozed_until', 'is not', null)
      .where('snoozed_until', '<=', now)
      .orderBy('snoozed_until')
      .limit(limit)
    const woken = await this.db
      .updateTable('sessions')
      .set({
        status: SessionStatus.open,
        snoozed_until: null,
        status_changed_at: now,
        status_changed_by: null,
      })
      .where('id', 'in', due)
      .where('status', '=', SessionStatus.snoozed)
      .where('snoozed_until', '<=', now)
      .returningAll()
      .execute()
    if (woken.length === 0) return []
    const agents = await this.db
      .selectFrom('sessions as s')
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .select(['s.id', 'a.agent_user_id'])
      .where(
        's.id',
        'in',
        woken.map((w) => w.id),
      )
      .execute()
    const agentOf = new Map(agents.map((a) => [a.id, a.agent_user_id]))
    return woken.map((w) => ({ ...w, account_agent: agentOf.get(w.id) ?? null }))
  }

  /**
   * A session's running inbound count (less `minus`), as an expression: a read mark copies it in
   * its own statement, so a message arriving meanwhile is never counted as read.
   */
  unreadCountExpr(tenantId: number, sessionId: number, minus = 0): RawBuilder<number> {
    return sql<number>`(select unread_count - ${minus} from sessions where tenant_id = ${tenantId} and id = ${sessionId})`
  }

  /** Change a session's flags or its agent. */
  async update(
    tenantId: number,
    id: number,
    patch: Partial<Pick<Session, 'pinned' | 'blocked' | 'dnd' | 'ai_reply' | 'invalid' | 'agent_user_id'>>,
    q: Q = this.db,
  ): Promise<void> {
    await q
      .updateTable('sessions')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  async delete(q: Q, tenantId: number, id: number): Promise<void> {
    await q.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
  }

  /** The personal session of a number on an account, if any (by its phone or its phone address). */
  async personalOf(
    tenantId: number,
    accountId: number,
    jid: string,
    phone: string,
  ): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('fans as f', 'f.id', 's.fan_id')
      .select('s.id')
      .where('s.tenant_id', '=', tenantId)
      .where('s.account_id', '=', accountId)
      .where((eb) => eb.or([eb('f.jid', '=', jid), eb('f.phone', '=', phone)]))
      .executeTakeFirst()
    return row?.id
  }
}
