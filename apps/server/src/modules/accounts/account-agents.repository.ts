import { AbnormalReason, AccountState } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'
import { scopeChanged } from './account-scope.js'
import { shownStatus } from './shown-status.js'

type Q = Kysely<Database>

/** An account handed from one agent to another (null: nobody). */
export interface AccountAgentChange {
  accountId: number
  previousAgentUserId: number | null
  agentUserId: number | null
}

/**
 * WS accounts as the supervisor assigns them to agents (one agent per account: the column holds
 * one), and the counts the platform's pages show. Tenant methods take the tenant first.
 */
export class AccountAgentsRepository {
  constructor(private readonly db: Db) {}

  /** Live accounts of these agents. */
  ofAgents(tenantId: number, agentIds: number[]) {
    if (agentIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('ws_accounts')
      .select(['id', 'phone', 'status', 'agent_user_id'])
      .where('tenant_id', '=', tenantId)
      .where('agent_user_id', 'in', agentIds)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute()
  }

  /** How many of these ids are live accounts of the tenant. */
  async countLive(tenantId: number, ids: number[], q: Q = this.db): Promise<number> {
    if (ids.length === 0) return 0
    const row = await q
      .selectFrom('ws_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Exactly these accounts are the agent's: others of the agent are unassigned, these taken from
   * whoever had them. Answers each account whose agent changed, with its agent before and after.
   */
  async setAgentAccounts(
    q: Q,
    tenantId: number,
    agentId: number,
    accountIds: number[],
  ): Promise<AccountAgentChange[]> {
    const now = Date.now()
    const before = await q
      .selectFrom('ws_accounts')
      .select(['id', 'agent_user_id'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        accountIds.length > 0
          ? eb.or([eb('agent_user_id', '=', agentId), eb('id', 'in', accountIds)])
          : eb('agent_user_id', '=', agentId),
      )
      .execute()
    const chosen = new Set(accountIds)
    const changes = before
      .map((a) => ({
        accountId: a.id,
        previousAgentUserId: a.agent_user_id,
        agentUserId: chosen.has(a.id) ? agentId : null,
      }))
      .filter((c) => c.previousAgentUserId !== c.agentUserId)
    let release = q
      .updateTable('ws_accounts')
      .set({ agent_user_id: null, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('agent_user_id', '=', agentId)
    if (accountIds.length > 0) release = release.where('id', 'not in', accountIds)
    await release.execute()
    scopeChanged(tenantId)
    if (accountIds.length === 0) return changes
    await q
      .updateTable('ws_accounts')
      .set({ agent_user_id: agentId, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', accountIds)
      .where('deleted_at', 'is', null)
      .execute()
    return changes
  }

  /** Linked numbers per tenant: online now, and all live ones. */
  async countsByTenant(tenantIds: number[]): Promise<Map<number, { online: number; total: number }>> {
    if (tenantIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('ws_accounts')
      .select((eb) => [
        'tenant_id',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'online').then(1).else(0).end()).as('online'),
      ])
      .where('tenant_id', 'in', tenantIds)
      .where('deleted_at', 'is', null)
      .groupBy('tenant_id')
      .execute()
    return new Map(rows.map((r) => [r.tenant_id, { online: Number(r.online ?? 0), total: Number(r.total) }]))
  }

  /**
   * Live accounts of every tenant by the status they show; `leased` (several processes under
   * leases): a number nobody holds counts as reconnecting (shown-status.ts).
   */
  async systemByStatus(system: SystemScope, leased = false): Promise<Record<string, number>> {
    const shown = shownStatus('ws_accounts', leased, Date.now())
    const rows = await this.db
      .selectFrom(
        this.db
          .selectFrom('ws_accounts')
          .select(shown.status.as('status'))
          .where('deleted_at', 'is', null)
          .as('s'),
      )
      .select(['s.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('s.status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  }

  /** Live accounts of every tenant that WhatsApp refuses until the client is updated (the admin's status panel). */
  async systemNeedingUpdate(system: SystemScope): Promise<number> {
    const row = await this.db
      .selectFrom('ws_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .where('status', '=', AccountState.abnormal)
      .where('abnormal_reason', '=', AbnormalReason.updateRequired)
      .executeTakeFirst()
    return Number(row?.n ?? 0)
  }
}
