import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'

type Q = Kysely<Database>

/** Ids per statement when moving rows back: far below either dialect's parameter limit. */
const CHUNK = 500

interface Moved {
  outbox: number[]
  requests: number[]
}

/**
 * The outbox's part of a merge of two fans found to be one person: the absorbed session's sends
 * (queued or done) and its revoke and read requests follow its messages into the surviving
 * session; each keeps its own address, so a queued send still goes where it was written to.
 */
export const outboxMergePart = {
  name: 'outbox',

  async move(q: Q, tenantId: number, fromSessionId: number, intoSessionId: number): Promise<Moved> {
    const outbox = await q
      .selectFrom('outbox')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .execute()
    const requests = await q
      .selectFrom('gateway_requests')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', fromSessionId)
      .execute()
    for (const table of ['outbox', 'gateway_requests'] as const) {
      await q
        .updateTable(table)
        .set({ session_id: intoSessionId })
        .where('tenant_id', '=', tenantId)
        .where('session_id', '=', fromSessionId)
        .execute()
    }
    return { outbox: outbox.map((r) => r.id), requests: requests.map((r) => r.id) }
  },

  async moveBack(q: Q, tenantId: number, moved: unknown, intoSessionId: number, fromSessionId: number) {
    const m = (moved as Moved | undefined) ?? { outbox: [], requests: [] }
    for (const [table, ids] of [
      ['outbox', m.outbox],
      ['gateway_requests', m.requests],
    ] as const) {
      for (let i = 0; i < ids.length; i += CHUNK) {
        await q
          .updateTable(table)
          .set({ session_id: fromSessionId })
          .where('tenant_id', '=', tenantId)
          .where('session_id', '=', intoSessionId)
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute()
      }
    }
  },
}
