import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

/**
 * The mentions' part of a merge of two fans found to be one person: they follow their notes into
 * the joined session (the messages' part moves the notes), and back when the merge is split.
 */
export const sessionMentionsMergePart = {
  name: 'sessionMentions',

  async move(q: Q, tenantId: number, fromSessionId: number, intoSessionId: number): Promise<number[]> {
    const rows = await q
      .updateTable('session_mentions')
      .set({ session_id: intoSessionId })
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  },

  async moveBack(q: Q, tenantId: number, moved: unknown, _intoSessionId: number, fromSessionId: number) {
    const ids = (moved as number[] | undefined) ?? []
    if (ids.length === 0) return
    await q
      .updateTable('session_mentions')
      .set({ session_id: fromSessionId })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute()
  },
}
