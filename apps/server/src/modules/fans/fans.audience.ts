import type { ExpressionBuilder } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import type { VisibleSessions } from './fans.collaborators.js'

type F = ExpressionBuilder<Database & { f: Database['fans'] }, 'f'>

/** Who a customer mass send reaches, beyond the caller's scope. */
export interface MassAudienceFilter {
  /** fans carrying any of these; empty: every fan */
  includeLabelIds: number[]
  /** fans carrying any of these are left out */
  excludeLabelIds: number[]
  /** fans of these accounts only; empty: any live account */
  accountIds: number[]
  country?: string | null
  source?: string | null
}

export interface MassAudienceFan {
  id: number
  account_id: number
  phone: string | null
  nickname: string
  push_name: string
}

/**
 * The fans a customer mass send reaches (product decision "Customer mass send"): in the caller's
 * scope (an agent: the fans of the sessions they may see, by the sessions module's rule), on a
 * live account, never invalid, never with mass send forbidden (an opt-out turns it off), chosen
 * by included and excluded labels, accounts, country and source. Walked in id order so a long
 * audience is read in batches that resume after the last id.
 */
export class MassAudienceQuery {
  constructor(
    private readonly db: Db,
    private readonly visible: VisibleSessions,
  ) {}

  page(
    caller: Caller,
    filter: MassAudienceFilter,
    afterId: number,
    limit: number,
  ): Promise<MassAudienceFan[]> {
    return this.matching(caller, filter)
      .select(['f.id', 'f.account_id', 'f.phone', 'f.nickname', 'f.push_name'])
      .where('f.id', '>', afterId)
      .orderBy('f.id')
      .limit(limit)
      .execute()
  }

  async count(caller: Caller, filter: MassAudienceFilter): Promise<number> {
    const row = await this.matching(caller, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  private matching(caller: Caller, filter: MassAudienceFilter) {
    const tenantId = caller.tenantId
    let q = this.db
      .selectFrom('fans as f')
      .where('f.tenant_id', '=', tenantId)
      .where('f.invalid', '=', 0)
      .where('f.mass_send_enabled', '=', 1)
      // the tenant's own accounts talked to by nurturing are never an audience
      .where('f.nurturing', '=', 0)
      .where((eb) =>
        eb(
          'f.account_id',
          'in',
          eb
            .selectFrom('ws_accounts as la')
            .select('la.id')
            .where('la.tenant_id', '=', tenantId)
            .where('la.deleted_at', 'is', null),
        ),
      )
    if (caller.agentId !== null) {
      const visible = this.visible(caller)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select('s.id')
            .whereRef('s.fan_id', '=', 'f.id')
            .whereRef('s.account_id', '=', 'f.account_id')
            .where(visible),
        ),
      )
    }
    if (filter.accountIds.length) q = q.where('f.account_id', 'in', filter.accountIds)
    if (filter.country) q = q.where('f.country', '=', filter.country)
    if (filter.source) q = q.where('f.source', '=', filter.source)
    if (filter.includeLabelIds.length)
      q = q.where((eb) => eb.exists(labelled(eb, tenantId, filter.includeLabelIds)))
    if (filter.excludeLabelIds.length)
      q = q.where((eb) => eb.not(eb.exists(labelled(eb, tenantId, filter.excludeLabelIds))))
    return q
  }
}

/** The fan carries any of the labels (a probe by the fan's id). */
function labelled(eb: F, tenantId: number, labelIds: number[]) {
  return eb
    .selectFrom('fan_labels as lf')
    .select('lf.fan_id')
    .whereRef('lf.fan_id', '=', 'f.id')
    .where('lf.tenant_id', '=', tenantId)
    .where('lf.label_id', 'in', labelIds)
}
