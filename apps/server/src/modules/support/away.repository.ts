import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'

type Q = Kysely<Database>

/** The last away message of each customer chat. */
export class AwaySendsRepository {
  constructor(private readonly db: Db) {}

  /** When the chat's last away message was queued, if ever. */
  async lastSent(tenantId: number, sessionId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('away_sends')
      .select('sent_at')
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .executeTakeFirst()
    return row ? Number(row.sent_at) : null
  }

  /** Remember the away message just queued for the chat. */
  async record(
    q: Q,
    tenantId: number,
    s: { sessionId: number; fanId: number; messageId: number; at: number },
  ): Promise<void> {
    const values = { message_id: s.messageId, sent_at: s.at }
    await q
      .insertInto('away_sends')
      .values({ tenant_id: tenantId, session_id: s.sessionId, fan_id: s.fanId, ...values })
      .onConflict((oc) => oc.columns(['tenant_id', 'session_id']).doUpdateSet(values))
      .execute()
  }
}
