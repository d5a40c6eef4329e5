import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/index.js'
import type { SessionReadTable } from '../../db/schema.js'

type Q = Kysely<Database>
type SessionRead = Selectable<SessionReadTable>

/**
 * The read marks' part of a merge of two fans found to be one person. A user's unread is the
 * session's running count less their `read_count`; the joined session counts both sessions'
 * messages, so each user's read counts add up (a user who never read one of them has all of its
 * messages unread), and their last read message is the later one. A split takes the absorbed
 * session's reads off again and puts its own rows back.
 */
export const sessionReadsMergePart = {
  name: 'sessionReads',

  async move(q: Q, tenantId: number, fromSessionId: number, intoSessionId: number): Promise<SessionRead[]> {
    const of = (sessionId: number) =>
      q
        .selectFrom('session_reads')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('session_id', '=', sessionId)
        .execute()
    const from = await of(fromSessionId)
    const into = new Map((await of(intoSessionId)).map((r) => [r.user_id, r]))
    for (const r of from) {
      const mine = into.get(r.user_id)
      if (mine) {
        await q
          .updateTable('session_reads')
          .set({
            read_count: mine.read_count + r.read_count,
            last_read_message_id:
              Math.max(mine.last_read_message_id ?? 0, r.last_read_message_id ?? 0) || null,
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', mine.id)
          .execute()
      } else {
        await q
          .insertInto('session_reads')
          .values({
            tenant_id: tenantId,
            session_id: intoSessionId,
            user_id: r.user_id,
            last_read_message_id: r.last_read_message_id,
            read_count: r.read_count,
            updated_at: r.updated_at,
          })
          .execute()
      }
    }
    await q
      .deleteFrom('session_reads')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .execute()
    return from
  },

  async moveBack(q: Q, tenantId: number, moved: unknown, intoSessionId: number, fromSessionId: number) {
    const from = (moved as SessionRead[] | undefined) ?? []
    for (const r of from) {
      const mine = await q
        .selectFrom('session_reads')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('session_id', '=', intoSessionId)
        .where('user_id', '=', r.user_id)
        .executeTakeFirst()
      if (mine) {
        await q
          .updateTable('session_reads')
          .set({ read_count: Math.max(0, mine.read_count - r.read_count) })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', mine.id)
          .execute()
      }
      await q
        .insertInto('session_reads')
        .values({ ...r, session_id: fromSessionId })
        .execute()
    }
  },
}
