import { DIVERSION_ATTRIBUTION_WINDOW_MS, DIVERSION_REF_PATTERN } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

/** An account of a tenant. */
export interface AccountKey {
  tenantId: number
  accountId: number
}
export const accountKey = (a: AccountKey) => `${a.tenantId}|${a.accountId}`

/** Whether a first message carries a visit's reference. */
export const carriesRef = (text: string) => DIVERSION_REF_PATTERN.test(text)

/** Tells the agent an account is assigned to (the accounts module's lookup). */
export type AgentOf = (tenantId: number, accountId: number) => Promise<number | null>

/**
 * Attribution of new fans to diversion links. A new customer's first message is matched to the
 * visit whose reference it carries, else to the account's oldest unclaimed visit within the
 * window. The diversion consumer runs it off the inbound path, in the transaction that moves its
 * watermark past the message, so an attribution is made once even across a crash.
 */
export class Attribution {
  constructor(
    readonly agentOf: AgentOf,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Of these accounts, the ones a first message could be attributed to without a reference: an
   * unclaimed visit within the window (read once for a batch of first messages).
   */
  async accountsWithVisits(
    system: SystemScope,
    q: Kysely<Database>,
    accounts: AccountKey[],
  ): Promise<Set<string>> {
    const out = new Set<string>()
    const ids = [...new Set(accounts.map((a) => a.accountId))]
    if (ids.length === 0) return out
    const rows = await q
      .selectFrom('diversion_visits')
      .select(['tenant_id', 'account_id'])
      .distinct()
      .where('account_id', 'in', ids)
      .where('fan_id', 'is', null)
      .where('created_at', '>=', this.now() - DIVERSION_ATTRIBUTION_WINDOW_MS)
      .execute()
    for (const r of rows) out.add(accountKey({ tenantId: r.tenant_id, accountId: r.account_id }))
    return out
  }

  async attribute(
    q: Kysely<Database>,
    tenantId: number,
    accountId: number,
    fanId: number,
    text: string,
    /** the account's agent, read before the transaction */
    agentUserId: number | null,
  ): Promise<boolean> {
    const ref = DIVERSION_REF_PATTERN.exec(text)?.[1]
    const since = this.now() - DIVERSION_ATTRIBUTION_WINDOW_MS
    // a few tries: a visit matched here may be claimed by another process in between
    for (let attempt = 0; attempt < 3; attempt++) {
      const visit =
        (ref ? await this.visitByRef(q, tenantId, accountId, ref) : undefined) ??
        (await this.oldestUnclaimed(q, tenantId, accountId, since))
      if (!visit) return false
      const claimed = await q
        .updateTable('diversion_visits')
        .set({ fan_id: fanId })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', visit.id)
        .where('fan_id', 'is', null)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue
      await q
        .insertInto('diversion_fans')
        .values({
          tenant_id: tenantId,
          link_id: visit.link_id,
          account_id: accountId,
          agent_user_id: agentUserId,
          fan_id: fanId,
          visit_id: visit.id,
          created_at: this.now(),
        })
        .onConflict((oc) => oc.column('fan_id').doNothing())
        .execute()
      return true
    }
    return false
  }

  private visitByRef(q: Kysely<Database>, tenantId: number, accountId: number, ref: string) {
    return q
      .selectFrom('diversion_visits')
      .select(['id', 'link_id'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('ref', '=', ref)
      .where('fan_id', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  }

  private oldestUnclaimed(q: Kysely<Database>, tenantId: number, accountId: number, since: number) {
    return q
      .selectFrom('diversion_visits')
      .select(['id', 'link_id'])
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .where('fan_id', 'is', null)
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst()
  }
}
