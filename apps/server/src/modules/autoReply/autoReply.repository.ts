import { type Insertable, type Kysely, type Selectable, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { AutoReplyRuleTable } from '../../db/schema.auto-reply.js'
import { containsText } from '../../db/search.js'

type Q = Kysely<Database>
export type RuleRow = Selectable<AutoReplyRuleTable>
export type NewRule = Omit<Insertable<AutoReplyRuleTable>, 'id' | 'hits' | 'replies'>
export type RuleListRow = RuleRow & { creator_name: string | null; customers: number }

/** What a page of rules is filtered by; `agentId` limits it to what that agent sees. */
export interface RuleFilter {
  keyword?: string
  classification?: string
  enabled?: boolean
  agentId: number | null
}

/** Auto-reply rules and their per-customer reply counts. Every method takes the tenant. */
export class AutoReplyRepository {
  constructor(private readonly db: Db) {}

  private filtered(tenantId: number, f: RuleFilter) {
    let q = this.db.selectFrom('auto_reply_rules as r').where('r.tenant_id', '=', tenantId)
    if (f.keyword) {
      const k = f.keyword
      q = q.where((eb) => eb.or([containsText('r.name', k), containsText('r.keywords', k)]))
    }
    if (f.classification) q = q.where('r.classification', '=', f.classification)
    if (f.enabled !== undefined) q = q.where('r.enabled', '=', f.enabled ? 1 : 0)
    if (f.agentId !== null) {
      // an agent sees the public rules, the rules they made and the personal rules naming them
      const agent = f.agentId
      q = q.where((eb) =>
        eb.or([
          eb('r.classification', '=', 'public'),
          eb('r.creator_user_id', '=', agent),
          containsText('r.agent_user_ids', `[${agent}]`),
          containsText('r.agent_user_ids', `[${agent},`),
          containsText('r.agent_user_ids', `,${agent},`),
          containsText('r.agent_user_ids', `,${agent}]`),
        ]),
      )
    }
    return q
  }

  async page(
    tenantId: number,
    f: RuleFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: RuleListRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.filtered(tenantId, f)
        .leftJoin('users as u', 'u.id', 'r.creator_user_id')
        .selectAll('r')
        .select(sql<string | null>`coalesce(nullif(u.nickname, ''), u.username)`.as('creator_name'))
        .select((eb) =>
          eb
            .selectFrom('auto_reply_counts as c')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('c.rule_id', '=', 'r.id')
            .where('c.tenant_id', '=', tenantId)
            .where('c.count', '>', 0)
            .as('customers'),
        )
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.filtered(tenantId, f)
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ])
    return {
      rows: rows.map((r) => ({ ...r, customers: Number(r.customers ?? 0) })),
      total: Number(total.n),
    }
  }

  get(tenantId: number, id: number): Promise<RuleRow | undefined> {
    return this.db
      .selectFrom('auto_reply_rules')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** The enabled rules of a tenant, oldest first: what the matcher is built from. */
  enabled(tenantId: number): Promise<RuleRow[]> {
    return this.db
      .selectFrom('auto_reply_rules')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute()
  }

  /** A cheap fingerprint of a tenant's rules: changes whenever one is made, edited, toggled or deleted. */
  async stamp(tenantId: number): Promise<string> {
    const row = await this.db
      .selectFrom('auto_reply_rules')
      .select((e) => [e.fn.countAll<number>().as('n'), e.fn.max('updated_at').as('at')])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    return `${row.n}:${row.at ?? 0}`
  }

  async insert(row: NewRule): Promise<number> {
    const r = await this.db
      .insertInto('auto_reply_rules')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return r.id
  }

  async update(tenantId: number, id: number, set: Partial<NewRule>): Promise<void> {
    await this.db
      .updateTable('auto_reply_rules')
      .set(set)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
  }

  async delete(tenantId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('auto_reply_counts')
        .where('tenant_id', '=', tenantId)
        .where('rule_id', '=', id)
        .execute()
      await tx.deleteFrom('auto_reply_rules').where('tenant_id', '=', tenantId).where('id', '=', id).execute()
    })
  }

  /**
   * Count one reply of a rule to a session, unless the rule's limit is reached: one conditional
   * update, so two messages at once can never both pass the last free reply. Returns whether it counted.
   */
  async takeReply(
    q: Q,
    tenantId: number,
    ruleId: number,
    sessionId: number,
    limit: number,
  ): Promise<boolean> {
    const now = Date.now()
    await q
      .insertInto('auto_reply_counts')
      .values({ tenant_id: tenantId, rule_id: ruleId, session_id: sessionId, count: 0, updated_at: now })
      .onConflict((oc) => oc.columns(['rule_id', 'session_id']).doNothing())
      .execute()
    let u = q
      .updateTable('auto_reply_counts')
      .set((eb) => ({ count: eb('count', '+', 1), updated_at: now }))
      .where('tenant_id', '=', tenantId)
      .where('rule_id', '=', ruleId)
      .where('session_id', '=', sessionId)
    if (limit > 0) u = u.where('count', '<', limit)
    const r = await u.executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  /** Add to a rule's statistics (without touching `updated_at`: statistics are not a change of the rule). */
  async addStats(q: Q, tenantId: number, ruleId: number, hits: number, replies: number): Promise<void> {
    await q
      .updateTable('auto_reply_rules')
      .set((eb) => ({ hits: eb('hits', '+', hits), replies: eb('replies', '+', replies) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ruleId)
      .execute()
  }
}
