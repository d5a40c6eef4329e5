import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SatisfactionSurveyTable } from '../../db/schema.support.js'

type Q = Kysely<Database>
export type SurveyRow = Selectable<SatisfactionSurveyTable>

/** A rating as the report reads it, with the agent's name. */
export interface RatingRow {
  agent_user_id: number | null
  agent_name: string | null
  rating: number
  rated_at: number
}

/** The satisfaction surveys sent, and their answers. */
export class SatisfactionRepository {
  constructor(private readonly db: Db) {}

  /** The session's newest survey still waiting for an answer at `at` (asked before it, not expired). */
  open(tenantId: number, sessionId: number, at: number, q: Q = this.db): Promise<SurveyRow | undefined> {
    return q
      .selectFrom('satisfaction_surveys')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('session_id', '=', sessionId)
      .where('closed_at', 'is', null)
      .where('asked_at', '<', at)
      .where('expires_at', '>', at)
      .orderBy('asked_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  async insert(q: Q, row: Omit<Insertable<SatisfactionSurveyTable>, 'id'>): Promise<void> {
    await q.insertInto('satisfaction_surveys').values(row).execute()
  }

  /** Close a survey with the customer's answer: its rating, or null when the answer was not one. */
  async close(q: Q, tenantId: number, id: number, rating: number | null, at: number): Promise<void> {
    await q
      .updateTable('satisfaction_surveys')
      .set({ rating, rated_at: rating === null ? null : at, closed_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('closed_at', 'is', null)
      .execute()
  }

  /** The tenant's ratings given in [from, to), with the names of their agents. */
  ratings(tenantId: number, from: number, to: number): Promise<RatingRow[]> {
    return this.db
      .selectFrom('satisfaction_surveys as v')
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'v.agent_user_id').on('u.tenant_id', '=', tenantId))
      .select(['v.agent_user_id', 'u.nickname as agent_name', 'u.username', 'v.rating', 'v.rated_at'])
      .where('v.tenant_id', '=', tenantId)
      .where('v.rating', 'is not', null)
      .where('v.rated_at', '>=', from)
      .where('v.rated_at', '<', to)
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          agent_user_id: r.agent_user_id,
          agent_name: r.agent_name || r.username || null,
          rating: Number(r.rating),
          rated_at: Number(r.rated_at),
        })),
      )
  }
}
