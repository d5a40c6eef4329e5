import type { AcquisitionAgentRow, AcquisitionLinkRow } from '@app/core'
import type { Db } from '../../db/index.js'
import type { AcquisitionSources } from '../accounts/index.js'

/**
 * The acquisition statistics' breakdowns of a tenant's diversion links: visits and attributed new
 * fans per link, and attributed new fans per agent. Both count only the given accounts and the
 * half-open range [from, to), so they always match the per-account table they sit beside.
 */
export class DiversionAcquisition implements AcquisitionSources {
  constructor(private readonly db: Db) {}

  /** Links with at least one visit or new fan on the accounts in the range, most new fans first. */
  async perLink(
    tenantId: number,
    accountIds: number[],
    from: number,
    to: number,
  ): Promise<AcquisitionLinkRow[]> {
    if (accountIds.length === 0) return []
    const visits = await this.db
      .selectFrom('diversion_visits')
      .select((eb) => ['link_id', eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('account_id', 'in', accountIds)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('link_id')
      .execute()
    const fans = await this.db
      .selectFrom('diversion_fans')
      .select((eb) => ['link_id', eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('account_id', 'in', accountIds)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy('link_id')
      .execute()
    const rows = new Map<number, AcquisitionLinkRow>()
    const row = (id: number) => {
      let r = rows.get(id)
      if (!r) {
        r = { linkId: id, name: '', visits: 0, newFans: 0 }
        rows.set(id, r)
      }
      return r
    }
    for (const v of visits) row(Number(v.link_id)).visits = Number(v.n)
    for (const f of fans) row(Number(f.link_id)).newFans = Number(f.n)
    if (rows.size === 0) return []
    const names = await this.db
      .selectFrom('diversion_links')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...rows.keys()])
      .execute()
    for (const n of names) row(Number(n.id)).name = n.name
    return [...rows.values()].sort(
      (a, b) => b.newFans - a.newFans || b.visits - a.visits || a.linkId - b.linkId,
    )
  }

  /**
   * New fans through links per agent the account was assigned to when the fan came; fans of
   * accounts without an agent form one row with a null agent. Most new fans first.
   */
  async perAgent(
    tenantId: number,
    accountIds: number[],
    from: number,
    to: number,
  ): Promise<AcquisitionAgentRow[]> {
    if (accountIds.length === 0) return []
    const rows = await this.db
      .selectFrom('diversion_fans as f')
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'f.agent_user_id').on('u.tenant_id', '=', tenantId))
      .select((eb) => ['f.agent_user_id', 'u.nickname', 'u.username', eb.fn.countAll<number>().as('n')])
      .where('f.tenant_id', '=', tenantId)
      .where('f.account_id', 'in', accountIds)
      .where('f.created_at', '>=', from)
      .where('f.created_at', '<', to)
      .groupBy(['f.agent_user_id', 'u.nickname', 'u.username'])
      .execute()
    return rows
      .map((r) => ({
        agentUserId: r.agent_user_id === null ? null : Number(r.agent_user_id),
        name: r.nickname || r.username || null,
        newFans: Number(r.n),
      }))
      .sort(
        (a, b) =>
          b.newFans - a.newFans ||
          (a.agentUserId ?? Number.MAX_SAFE_INTEGER) - (b.agentUserId ?? Number.MAX_SAFE_INTEGER),
      )
  }
}
