import { DynamicTargetState } from '@app/core'
import type { Insertable, Selectable } from 'kysely'
import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../../db/dialect.js'
import type { Db } from '../../db/index.js'
import type { StatusPostTable, StatusPostTargetTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

export type StatusPost = Selectable<StatusPostTable>
export type StatusTarget = Selectable<StatusPostTargetTable>

/** Status posts, their accounts' parts (claimed under a lease) and viewers. */
export class DynamicsRepository {
  private readonly postgres: boolean

  constructor(private readonly db: Db) {
    this.postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
  }

  /** A post and one open part per account, in one transaction. */
  async create(post: Insertable<StatusPostTable>, accountIds: number[]): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.insertInto('status_posts').values(post).returning('id').executeTakeFirstOrThrow()
      await tx
        .insertInto('status_post_targets')
        .values(
          accountIds.map((accountId) => ({
            tenant_id: post.tenant_id,
            post_id: row.id,
            account_id: accountId,
            state: DynamicTargetState.pending,
            due_at: post.scheduled_at,
            created_at: post.created_at,
            updated_at: post.created_at,
          })),
        )
        .execute()
      return row.id
    })
  }

  async page(
    tenantId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: StatusPost[]; total: number }> {
    const rows = await this.db
      .selectFrom('status_posts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    const total = await this.db
      .selectFrom('status_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
    return { rows, total: Number(total.n) }
  }

  find(tenantId: number, id: number): Promise<StatusPost | undefined> {
    return this.db
      .selectFrom('status_posts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** The parts of the given posts with their account's phone and view counts. */
  async targets(
    tenantId: number,
    postIds: number[],
  ): Promise<(StatusTarget & { phone: string | null; views: number })[]> {
    if (postIds.length === 0) return []
    const rows = await this.db
      .selectFrom('status_post_targets as t')
      .leftJoin('ws_accounts as a', (j) =>
        j.onRef('a.id', '=', 't.account_id').onRef('a.tenant_id', '=', 't.tenant_id'),
      )
      .selectAll('t')
      .select('a.phone')
      .select((eb) =>
        eb
          .selectFrom('status_post_viewers as v')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('v.target_id', '=', 't.id')
          .where('v.tenant_id', '=', tenantId)
          .as('views'),
      )
      .where('t.tenant_id', '=', tenantId)
      .where('t.post_id', 'in', postIds)
      .orderBy('t.id')
      .execute()
    return rows.map((r) => ({ ...r, views: Number(r.views ?? 0) }))
  }

  viewers(tenantId: number, targetIds: number[]) {
    if (targetIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('status_post_viewers')
      .select(['target_id', 'viewer', 'viewed_at'])
      .where('tenant_id', '=', tenantId)
      .where('target_id', 'in', targetIds)
      .orderBy('viewed_at')
      .orderBy('id')
      .execute()
  }

  /** Cancel the parts not claimed or made yet; answers how many. */
  async cancel(tenantId: number, postId: number, now: number): Promise<number> {
    const r = await this.db
      .updateTable('status_post_targets')
      .set({ state: DynamicTargetState.cancelled, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('post_id', '=', postId)
      .where('state', '=', DynamicTargetState.pending)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst()
    return Number(r.numUpdatedRows)
  }

  // ---- the engine: every tenant's due parts ----

  async systemClaim(
    system: SystemScope,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<StatusTarget[]> {
    let due = this.db
      .selectFrom('status_post_targets')
      .select('id')
      .where('state', '=', DynamicTargetState.pending)
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('due_at')
      .orderBy('id')
      .limit(limit)
    if (this.postgres) due = due.forUpdate().skipLocked()
    const rows = await this.db
      .updateTable('status_post_targets')
      .set({ lease_owner: owner, lease_until: now + leaseMs, updated_at: now })
      .where('id', 'in', due)
      .where('state', '=', DynamicTargetState.pending)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.id - b.id)
  }

  systemPost(system: SystemScope, id: number): Promise<StatusPost | undefined> {
    return this.db.selectFrom('status_posts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /**
   * Renew the lease right before the post goes out; false when it lapsed and another process took
   * the part (it posts it, this one must not).
   */
  async systemRenew(
    system: SystemScope,
    t: StatusTarget,
    owner: string,
    now: number,
    leaseMs: number,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('status_post_targets')
      .set({ lease_until: now + leaseMs })
      .where('id', '=', t.id)
      .where('lease_owner', '=', owner)
      .where('state', '=', DynamicTargetState.pending)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }

  /** Remember the message id before the first attempt (a retry reuses it). */
  async systemSetMessageId(
    system: SystemScope,
    t: StatusTarget,
    owner: string,
    messageId: string,
  ): Promise<void> {
    await this.db
      .updateTable('status_post_targets')
      .set({ wa_message_id: messageId })
      .where('id', '=', t.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemClose(
    system: SystemScope,
    t: StatusTarget,
    owner: string,
    patch: {
      state: 'posted' | 'failed'
      reason?: string | null
      detail?: string | null
      audience?: number
      postedAt?: number
    },
  ): Promise<void> {
    await this.db
      .updateTable('status_post_targets')
      .set({
        state: patch.state,
        reason: patch.reason ?? null,
        detail: patch.detail ?? null,
        audience: patch.audience ?? 0,
        posted_at: patch.postedAt ?? null,
        lease_owner: null,
        lease_until: null,
        updated_at: Date.now(),
      })
      .where('id', '=', t.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemDefer(
    system: SystemScope,
    t: StatusTarget,
    owner: string,
    dueAt: number,
    detail: string,
    attempted: boolean,
  ): Promise<void> {
    await this.db
      .updateTable('status_post_targets')
      .set({
        due_at: dueAt,
        detail,
        lease_owner: null,
        lease_until: null,
        updated_at: Date.now(),
        ...(attempted ? { attempts: sql<number>`attempts + 1` } : {}),
      })
      .where('id', '=', t.id)
      .where('lease_owner', '=', owner)
      .execute()
  }

  async systemAnyDue(system: SystemScope, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('status_post_targets')
      .select('id')
      .where('state', '=', DynamicTargetState.pending)
      .where('due_at', '<=', now)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** The contacts a part goes to: its account's personal customers' WhatsApp ids. */
  async audience(tenantId: number, targetId: number, max: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('status_post_targets as t')
      .innerJoin('fans as f', (j) =>
        j.onRef('f.account_id', '=', 't.account_id').onRef('f.tenant_id', '=', 't.tenant_id'),
      )
      .select('f.jid')
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', '=', targetId)
      .where('f.invalid', '=', 0)
      .where('f.jid', 'like', '%@s.whatsapp.net')
      .orderBy('f.id')
      .limit(max)
      .execute()
    return rows.map((r) => r.jid)
  }

  /** A viewer of the post an account made as message `waMessageId` (a repeat is ignored). */
  async systemAddViewer(
    system: SystemScope,
    accountId: number,
    waMessageId: string,
    viewer: string,
    at: number,
  ): Promise<boolean> {
    const t = await this.db
      .selectFrom('status_post_targets')
      .select(['id', 'tenant_id'])
      .where('account_id', '=', accountId)
      .where('wa_message_id', '=', waMessageId)
      .executeTakeFirst()
    if (!t) return false
    await this.db
      .insertInto('status_post_viewers')
      .values({ tenant_id: t.tenant_id, target_id: t.id, viewer, viewed_at: at })
      .onConflict((oc) => oc.columns(['target_id', 'viewer']).doNothing())
      .execute()
    return true
  }
}
