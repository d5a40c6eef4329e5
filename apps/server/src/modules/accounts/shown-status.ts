import { AbnormalReason, AccountState } from '@app/core'
import { type RawBuilder, sql } from 'kysely'

/**
 * The status a number shows, as SQL over a `ws_accounts` row (`table`: its name or alias).
 *
 * A number's row says what its holder last reported; with several processes the holder may have
 * died since, and nobody is left to write that it is down. So where leases are in use, a number
 * stored online that no process holds now (its holder's lease ran out, or it was handed back and
 * not taken yet) shows as reconnecting: abnormal with a network fault, as a connection being
 * re-established shows, until a process holds it again and reports. Read at query time against
 * the lease's expiry, no process needs to be alive to change it. Without leases (one process) the
 * stored status is shown.
 */
export function shownStatus(
  table: string,
  leased: boolean,
  now: number,
): { status: RawBuilder<string>; abnormalReason: RawBuilder<string | null> } {
  const status = sql.ref<string>(`${table}.status`)
  const reason = sql.ref<string | null>(`${table}.abnormal_reason`)
  if (!leased) return { status: sql<string>`${status}`, abnormalReason: sql<string | null>`${reason}` }
  const unheld = sql<boolean>`(${status} = ${AccountState.online} and not exists (
    select 1 from account_leases l where l.account_id = ${sql.ref(`${table}.id`)} and l.expires_at >= ${now}
  ))`
  return {
    status: sql<string>`case when ${unheld} then ${AccountState.abnormal} else ${status} end`,
    abnormalReason: sql<
      string | null
    >`case when ${unheld} then ${AbnormalReason.networkFault} else ${reason} end`,
  }
}
