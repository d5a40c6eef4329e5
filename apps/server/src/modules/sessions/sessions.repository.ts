import { SessionType } from '@app/core'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'

type Q = Kysely<Database>

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
   * message (messages can arrive out of order); unread counts inbound ones.
   */
  touch(
    q: Q,
    tenantId: number,
    sessionId: number,
    m: { timestamp: number; preview: string; unread: boolean; inbound: boolean },
  ): Promise<Session> {
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
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .returningAll()
      .executeTakeFirstOrThrow()
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
