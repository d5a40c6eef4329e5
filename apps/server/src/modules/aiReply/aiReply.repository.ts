import type { AiUsageView } from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

export interface AiJob {
  id: number
  tenant_id: number
  session_id: number
  message_id: number
}

/** Limits of a day's budget; 0 means no limit. */
export interface AiBudget {
  replies: number
  tokens: number
}

/** The UTC day a budget counts in. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10)

/**
 * AI reply's rows: the pending answer of each session (its due time moves while the customer
 * keeps writing) and the tenant's use per day.
 */
export class AiReplyRepository {
  constructor(private readonly db: Db) {}

  /** A customer message: the session's answer is due once the burst has been quiet for `quietMs`. */
  async schedule(tenantId: number, sessionId: number, messageId: number, dueAt: number): Promise<void> {
    await this.db
      .insertInto('ai_reply_jobs')
      .values({
        tenant_id: tenantId,
        session_id: sessionId,
        message_id: messageId,
        due_at: dueAt,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ message_id: messageId, due_at: dueAt }))
      .execute()
  }

  /**
   * Take up to `limit` due answers of any tenant (the engine's round): each with a lease, so a
   * second process never answers the same burst.
   */
  async systemTakeDue(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<AiJob[]> {
    const due = await this.db
      .selectFrom('ai_reply_jobs')
      .select(['id', 'tenant_id', 'session_id', 'message_id'])
      .where('due_at', '<=', now)
      .where('lease_until', '<', now)
      .orderBy('due_at')
      .limit(limit)
      .execute()
    const taken: AiJob[] = []
    for (const job of due) {
      const r = await this.db
        .updateTable('ai_reply_jobs')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('id', '=', job.id)
        .where('lease_until', '<', now)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) === 1)
        taken.push({ ...job, session_id: Number(job.session_id), message_id: Number(job.message_id) })
    }
    return taken
  }

  /** The answer was handled: gone, unless the customer wrote again meanwhile (then it waits for the new burst). */
  async systemFinish(system: SystemScope, job: AiJob): Promise<void> {
    const gone = await this.db
      .deleteFrom('ai_reply_jobs')
      .where('id', '=', job.id)
      .where('message_id', '=', job.message_id)
      .executeTakeFirst()
    if (Number(gone.numDeletedRows) === 0)
      await this.db
        .updateTable('ai_reply_jobs')
        .set({ lease_owner: null, lease_until: 0 })
        .where('id', '=', job.id)
        .execute()
  }

  /**
   * Take one reply of today's budget: a conditional update, so two workers cannot both take the
   * last one. Answers false when the day's replies or tokens are used up.
   */
  async reserve(tenantId: number, day: string, budget: AiBudget): Promise<boolean> {
    await this.db
      .insertInto('ai_reply_usage')
      .values({ tenant_id: tenantId, day })
      .onConflict((oc) => oc.columns(['tenant_id', 'day']).doNothing())
      .execute()
    let q = this.db
      .updateTable('ai_reply_usage')
      .set({ replies: sql`replies + 1` })
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
    if (budget.replies > 0) q = q.where('replies', '<', budget.replies)
    if (budget.tokens > 0) q = q.where('tokens', '<', budget.tokens)
    const r = await q.executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  /** The reply was sent: count the tokens it cost. */
  async spend(tenantId: number, day: string, tokens: number): Promise<void> {
    if (tokens <= 0) return
    await this.db
      .updateTable('ai_reply_usage')
      .set({ tokens: sql`tokens + ${tokens}` })
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .execute()
  }

  /** The provider failed: the reserved reply is given back and the failure counted. */
  async failed(tenantId: number, day: string, error: string): Promise<void> {
    await this.db
      .updateTable('ai_reply_usage')
      .set({ replies: sql`replies - 1`, failures: sql`failures + 1`, last_error: error.slice(0, 300) })
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .execute()
  }

  /** A reserved reply that was not sent for another reason (the session changed meanwhile). */
  async release(tenantId: number, day: string): Promise<void> {
    await this.db
      .updateTable('ai_reply_usage')
      .set({ replies: sql`replies - 1` })
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .execute()
  }

  async usage(tenantId: number, day: string): Promise<AiUsageView> {
    const row = await this.db
      .selectFrom('ai_reply_usage')
      .select(['replies', 'tokens', 'failures'])
      .where('tenant_id', '=', tenantId)
      .where('day', '=', day)
      .executeTakeFirst()
    return { replies: row?.replies ?? 0, tokens: Number(row?.tokens ?? 0), failures: row?.failures ?? 0 }
  }
}
