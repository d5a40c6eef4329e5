import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'

type Q = Kysely<Database>

/** A mention with its note, its session's customer or group, and its author. */
export interface MentionRow {
  id: number
  /** who was mentioned */
  user_id: number
  session_id: number
  message_id: number
  author_user_id: number
  created_at: number
  read_at: number | null
  body: string
  session_type: string
  fan_jid: string | null
  fan_nickname: string | null
  fan_push_name: string | null
  fan_phone: string | null
  group_jid: string | null
  group_subject: string | null
  author_nickname: string | null
  author_username: string | null
}

/** Users mentioned in internal notes; every method takes the tenant. */
export class MentionsRepository {
  constructor(private readonly db: Db) {}

  /** The mentions of one note, inside the note's transaction. */
  async insert(
    q: Q,
    tenantId: number,
    m: { sessionId: number; messageId: number; authorId: number; userIds: number[]; at: number },
  ): Promise<number[]> {
    if (m.userIds.length === 0) return []
    const rows = await q
      .insertInto('session_mentions')
      .values(
        m.userIds.map((userId) => ({
          tenant_id: tenantId,
          session_id: m.sessionId,
          message_id: m.messageId,
          user_id: userId,
          author_user_id: m.authorId,
          created_at: m.at,
          read_at: null,
        })),
      )
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  }

  /** A user's mentions, newest first, before the mention `beforeId`; `unreadOnly` leaves the read ones out. */
  page(
    tenantId: number,
    userId: number,
    o: { beforeId?: number; limit: number; unreadOnly: boolean },
  ): Promise<MentionRow[]> {
    let q = this.withDetails(tenantId).where('m.user_id', '=', userId)
    if (o.beforeId !== undefined) q = q.where('m.id', '<', o.beforeId)
    if (o.unreadOnly) q = q.where('m.read_at', 'is', null)
    return q.orderBy('m.id', 'desc').limit(o.limit).execute()
  }

  /** Mentions of the tenant by id (the ones a note just made, for their users' rooms). */
  byIds(tenantId: number, ids: number[]): Promise<MentionRow[]> {
    return this.withDetails(tenantId).where('m.id', 'in', ids).execute()
  }

  /** Mentions of the tenant with their note, their session's customer or group, and their author. */
  private withDetails(tenantId: number) {
    return this.db
      .selectFrom('session_mentions as m')
      .innerJoin('messages as n', (j) =>
        j.onRef('n.id', '=', 'm.message_id').on('n.tenant_id', '=', tenantId),
      )
      .innerJoin('sessions as s', (j) =>
        j.onRef('s.id', '=', 'm.session_id').on('s.tenant_id', '=', tenantId),
      )
      .leftJoin('fans as f', 'f.id', 's.fan_id')
      .leftJoin('group_chats as g', 'g.id', 's.group_chat_id')
      .leftJoin('users as u', 'u.id', 'm.author_user_id')
      .select([
        'm.id',
        'm.user_id',
        'm.session_id',
        'm.message_id',
        'm.author_user_id',
        'm.created_at',
        'm.read_at',
        'n.body',
        's.type as session_type',
        'f.jid as fan_jid',
        'f.nickname as fan_nickname',
        'f.push_name as fan_push_name',
        'f.phone as fan_phone',
        'g.jid as group_jid',
        'g.subject as group_subject',
        'u.nickname as author_nickname',
        'u.username as author_username',
      ])
      .where('m.tenant_id', '=', tenantId)
  }

  /** How many of a user's mentions are unread. */
  async unreadCount(tenantId: number, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('session_mentions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Mark a user's mentions read: those named, or all of them. */
  async markRead(tenantId: number, userId: number, ids: number[] | 'all', at: number): Promise<void> {
    let q = this.db
      .updateTable('session_mentions')
      .set({ read_at: at })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
    if (ids !== 'all') q = q.where('id', 'in', ids)
    await q.execute()
  }

  /** Remove a session's mentions inside the caller's transaction (an invalid customer's chat deleted). */
  async deleteOfSession(q: Q, tenantId: number, sessionId: number): Promise<void> {
    await q
      .deleteFrom('session_mentions')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .execute()
  }
}
