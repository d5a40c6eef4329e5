import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

/** Ids per statement when moving rows back: far below either dialect's parameter limit. */
const CHUNK = 500

/**
 * The messages' part of a merge of two fans found to be one person: every message of the
 * absorbed session moves to the surviving one, whole (the unique WhatsApp id per account is not
 * touched, so a delivery of any of them again is still recognised), and back on a split.
 */
export const messagesMergePart = {
  name: 'messages',

  async move(q: Q, tenantId: number, fromSessionId: number, intoSessionId: number): Promise<number[]> {
    const rows = await q
      .selectFrom('messages')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .orderBy('id')
      .execute()
    await q
      .updateTable('messages')
      .set({ session_id: intoSessionId })
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .execute()
    return rows.map((r) => r.id)
  },

  async moveBack(q: Q, tenantId: number, moved: unknown, intoSessionId: number, fromSessionId: number) {
    const ids = (moved as number[] | undefined) ?? []
    for (let i = 0; i < ids.length; i += CHUNK) {
      await q
        .updateTable('messages')
        .set({ session_id: fromSessionId })
        .where('tenant_id', '=', tenantId)
        .where('session_id', '=', intoSessionId)
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()
    }
  },
}
