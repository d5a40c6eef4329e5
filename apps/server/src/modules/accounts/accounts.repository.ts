import type { AccountStateValue } from '@app/core'
import type { Kysely, Updateable } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { WsAccount, WsAccountTable } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'
import { scopeChanged } from './account-scope.js'
import { shownStatus } from './shown-status.js'

type Q = Kysely<Database>
export interface AccountFilter {
  phone?: string
  status?: AccountStateValue
  groupId?: number
}

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&')

/** WS accounts. Tenant methods take the tenant; `system*` methods serve engines keyed by gateway account ids. */
export class AccountsRepository {
  constructor(
    private readonly db: Db,
    /** several processes share the accounts under leases: lists show a number nobody holds as reconnecting (shown-status.ts) */
    private readonly leased = false,
  ) {}

  /** The tenant's accounts, deleted or not, with their agents, by id: who sees which sessions. */
  withAgents(tenantId: number) {
    return this.db
      .selectFrom('ws_accounts')
      .select(['id', 'agent_user_id', 'deleted_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute()
  }

  private filtered(tenantId: number, f: AccountFilter, now: number) {
    let q = this.db
      .selectFrom('ws_accounts as a')
      .where('a.tenant_id', '=', tenantId)
      .where('a.deleted_at', 'is', null)
    if (f.phone) q = q.where('a.phone', 'like', `%${escapeLike(f.phone)}%`)
    // the status filter matches the status shown
    if (f.status) q = q.where(shownStatus('a', this.leased, now).status, '=', f.status)
    if (f.groupId) q = q.where('a.group_id', '=', f.groupId)
    return q
  }

  async page(tenantId: number, f: AccountFilter, pageNo: number, pageSize: number) {
    const now = Date.now()
    const shown = shownStatus('a', this.leased, now)
    const { total } = await this.filtered(tenantId, f, now)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const rows = await this.filtered(tenantId, f, now)
      .leftJoin('account_groups as g', 'g.id', 'a.group_id')
      .leftJoin('users as u', 'u.id', 'a.agent_user_id')
      .selectAll('a')
      .select(['g.name as group_name', 'u.nickname as agent_name'])
      .select([shown.status.as('shown_status'), shown.abnormalReason.as('shown_abnormal_reason')])
      .select((eb) => [
        eb
          .selectFrom('fans as f')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('f.account_id', '=', 'a.id')
          .as('customer_count'),
        eb
          .selectFrom('sessions as s')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('s.account_id', '=', 'a.id')
          .as('session_count'),
      ])
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()
    const list = rows.map(({ shown_status, shown_abnormal_reason, ...a }) => ({
      ...a,
      status: shown_status,
      abnormal_reason: shown_abnormal_reason,
    }))
    return { list, total: Number(total) }
  }

  findLive(tenantId: number, id: number, q: Q = this.db): Promise<WsAccount | undefined> {
    return q
      .selectFrom('ws_accounts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }

  findManyLive(tenantId: number, ids: number[], q: Q = this.db): Promise<WsAccount[]> {
    return q
      .selectFrom('ws_accounts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute()
  }

  /** The live account holding this phone, in any tenant (phones are unique across tenants). */
  systemFindByPhone(_system: SystemScope, phone: string, q: Q = this.db): Promise<WsAccount | undefined> {
    return q
      .selectFrom('ws_accounts')
      .selectAll()
      .where('phone', '=', phone)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** The row of a new account awaiting its pairing: no number linked yet, no proxy unless given. */
  private newAccount(
    tenantId: number,
    values: { phone?: string | null; proxy?: string | null },
    now: number,
  ) {
    return {
      tenant_id: tenantId,
      phone: values.phone ?? null,
      jid: null,
      lid: null,
      group_id: null,
      abnormal_reason: null,
      banned_at: null,
      restricted_until: null,
      proxy: values.proxy ?? null,
      agent_user_id: null,
      last_error: null,
      bucket_tokens: null,
      bucket_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    }
  }

  async insert(
    tenantId: number,
    values: { phone?: string | null; proxy?: string | null },
    now: number,
    q: Q = this.db,
  ): Promise<number> {
    const row = await q
      .insertInto('ws_accounts')
      .values(this.newAccount(tenantId, values, now))
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /**
   * A new account for this phone, or undefined when a live account of any tenant holds it already:
   * a number belongs to one live account across all tenants, and the unique index on live phones
   * (`ws_accounts_phone_live`) decides, so the tenant never reads another tenant's accounts.
   */
  async insertUnlessLinked(
    tenantId: number,
    values: { phone: string; proxy: string | null },
    now: number,
    q: Q = this.db,
  ): Promise<number | undefined> {
    const row = await q
      .insertInto('ws_accounts')
      .values(this.newAccount(tenantId, values, now))
      .onConflict((oc) => oc.column('phone').where('deleted_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst()
    return row?.id
  }

  async update(
    tenantId: number,
    ids: number[],
    patch: Updateable<WsAccountTable>,
    q: Q = this.db,
  ): Promise<void> {
    if (ids.length === 0) return
    await q
      .updateTable('ws_accounts')
      .set({ ...patch, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute()
  }

  /** An account of the tenant, deleted ones included (a lost account's fans are handed over). */
  findAny(tenantId: number, id: number): Promise<WsAccount | undefined> {
    return this.db
      .selectFrom('ws_accounts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** Gateway events carry only the account id: engines learn the tenant here. */
  systemFind(_system: SystemScope, id: number): Promise<WsAccount | undefined> {
    return this.db.selectFrom('ws_accounts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Linked live accounts that are not banned: the candidates to resume at start. */
  systemLinked(
    _system: SystemScope,
  ): Promise<Pick<WsAccount, 'id' | 'tenant_id' | 'proxy' | 'status' | 'abnormal_reason'>[]> {
    return this.db
      .selectFrom('ws_accounts')
      .select(['id', 'tenant_id', 'proxy', 'status', 'abnormal_reason'])
      .where('linked', '=', 1)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'banned')
      .orderBy('id')
      .execute()
  }

  countInGroup(tenantId: number, groupId: number) {
    return this.db
      .selectFrom('ws_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('group_id', '=', groupId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
  }

  /**
   * The live (not deleted) accounts a desk may use, in id order: all of the tenant's, or those
   * assigned to `agentId`; one of them when `id` is given.
   */
  usable(tenantId: number, agentId: number | null, id?: number) {
    let q = this.db
      .selectFrom('ws_accounts')
      .select(['id', 'status', 'phone', 'jid', 'lid', 'linked'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
    if (agentId !== null) q = q.where('agent_user_id', '=', agentId)
    if (id !== undefined) q = q.where('id', '=', id)
    return q.orderBy('id').execute()
  }

  /** The agent an account is assigned to, if any. */
  async agentOf(tenantId: number, accountId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('ws_accounts')
      .select('agent_user_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', accountId)
      .executeTakeFirst()
    return row?.agent_user_id ?? null
  }

  /** The send pacing bucket of an account (the outbox's dispatcher keys work by account id). */
  systemBucket(_system: SystemScope, id: number) {
    return this.db
      .selectFrom('ws_accounts')
      .select(['bucket_tokens', 'bucket_at'])
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** Store a bucket taken from `seenAt`; false when another process took from it meanwhile. */
  async systemTakeBucket(
    _system: SystemScope,
    id: number,
    seenAt: number | null,
    tokens: number,
    now: number,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('ws_accounts')
      .set({ bucket_tokens: tokens, bucket_at: now })
      .where('id', '=', id)
      .where('bucket_at', seenAt === null ? 'is' : '=', seenAt)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1
  }

  /** Whether an account of the tenant is there and in which state (a request waits or fails by it). */
  state(tenantId: number, id: number) {
    return this.db
      .selectFrom('ws_accounts')
      .select(['status', 'deleted_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /**
   * The live accounts a desk lists: all of the tenant's, or for an agent those assigned to them
   * and those of `withSessions` (accounts of sessions migrated to them).
   */
  deskAccounts(tenantId: number, agentId: number | null, withSessions: number[]) {
    const shown = shownStatus('ws_accounts', this.leased, Date.now())
    let q = this.db
      .selectFrom('ws_accounts')
      .select(['id', 'phone', 'push_name', 'remark'])
      .select([shown.status.as('status'), shown.abnormalReason.as('abnormal_reason')])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
    if (agentId !== null)
      q = q.where((eb) =>
        eb.or([
          eb('agent_user_id', '=', agentId),
          ...(withSessions.length > 0 ? [eb('id', 'in', withSessions)] : []),
        ]),
      )
    return q.orderBy('id').execute()
  }

  /** The enterprise account name of the tenant of each account (the simulator's phone page shows it). */
  systemTenantAccounts(_system: SystemScope, ids: number[]) {
    return this.db
      .selectFrom('ws_accounts as a')
      .innerJoin('tenants as t', 't.id', 'a.tenant_id')
      .select(['a.id', 't.account'])
      .where('a.id', 'in', ids)
      .execute()
  }

  async any(tenantId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('ws_accounts')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Hand an account (and its sessions not migrated elsewhere) to an agent, or to nobody. */
  async assignAgent(tenantId: number, id: number, agentUserId: number | null): Promise<void> {
    await this.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agentUserId, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute()
    scopeChanged(tenantId)
  }
}
