import type { AbnormalReasonValue, AccountStateValue, DeskAccountView } from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AccountDirectory } from '../accounts/index.js'
import { visibleSessions } from './session.visibility.js'

/**
 * The WS accounts of the viewer's desk: an agent's assigned accounts plus those of sessions
 * migrated to them; the whole tenant's for a supervisor at their own desk. Unread is the viewer's
 * own read state (per-user), summed over the account's valid sessions in the viewer's scope.
 */
export async function listDeskAccounts(
  db: Db,
  viewer: Caller,
  /** several processes share the accounts under leases: a number nobody holds shows as reconnecting */
  leased = false,
): Promise<DeskAccountView[]> {
  const totals = await db
    .selectFrom('sessions as s')
    .leftJoin('session_reads as r', (j) =>
      j.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', viewer.actingUserId),
    )
    .where(visibleSessions(viewer))
    .where('s.invalid', '=', 0)
    .select([
      's.account_id',
      (eb) => eb.fn.countAll<number>().as('sessions'),
      sql<number>`sum(case when s.unread_count > coalesce(r.read_count, 0) then s.unread_count - coalesce(r.read_count, 0) else 0 end)`.as(
        'unread',
      ),
    ])
    .groupBy('s.account_id')
    .execute()
  const byAccount = new Map(totals.map((t) => [t.account_id, t]))

  const accounts = await new AccountDirectory(db, leased).onDesk(viewer.tenantId, viewer.agentId, [
    ...byAccount.keys(),
  ])
  return accounts.map((a) => {
    const t = byAccount.get(a.id)
    return {
      id: a.id,
      phone: a.phone,
      pushName: a.push_name,
      remark: a.remark,
      status: a.status as AccountStateValue,
      abnormalReason: (a.abnormal_reason as AbnormalReasonValue | null) ?? null,
      sessionCount: Number(t?.sessions ?? 0),
      unreadCount: Number(t?.unread ?? 0),
    }
  })
}
