import { type FanFilter, normalizePhone } from '@app/core'
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/index.js'
import { containsText } from '../../db/search.js'

type F = ExpressionBuilder<Database & { f: Database['fans'] }, 'f'>

/** The keyword as phone digits ('+44 7700-900' → '447700900'), or null when it is not a phone. */
const phoneDigits = (keyword: string): string | null => {
  const digits = normalizePhone(keyword)
  return /^\d+$/.test(digits) ? digits : null
}

/**
 * The list's filter as conditions on fans aliased `f`. Subqueries probe by the fan, so a page
 * stops as soon as it is full; `forCount` reads a label's fans once instead, as a count reads
 * every matching fan anyway.
 */
export function filterConditions(eb: F, tenantId: number, filter: FanFilter, forCount: boolean) {
  const out = []
  const flag = (column: 'f.repeat_flag' | 'f.invalid' | 'f.mass_send_enabled', on: boolean | undefined) => {
    if (on !== undefined) out.push(eb(column, '=', on ? 1 : 0))
  }
  const keyword = filter.keyword
  if (keyword) {
    const digits = phoneDigits(keyword)
    out.push(
      eb.or([
        containsText('f.nickname', keyword),
        containsText('f.push_name', keyword),
        containsText('f.remark', keyword),
        ...(digits ? [containsText('f.phone', digits)] : []),
      ]),
    )
  }
  if (filter.accountIds?.length) out.push(eb('f.account_id', 'in', filter.accountIds))
  if (filter.accountGroupId !== undefined) {
    out.push(
      eb(
        'f.account_id',
        'in',
        eb
          .selectFrom('ws_accounts as ga')
          .select('ga.id')
          .where('ga.tenant_id', '=', tenantId)
          .where('ga.group_id', '=', filter.accountGroupId),
      ),
    )
  }
  if (filter.source) out.push(eb('f.source', '=', filter.source))
  const labelIds = filter.labelIds
  if (labelIds?.length) {
    const carrying = eb
      .selectFrom('fan_labels as lf')
      .select('lf.fan_id')
      .where('lf.tenant_id', '=', tenantId)
      .where('lf.label_id', 'in', labelIds)
    // a page probes each fan it walks and stops when full; a count reads the label's fans once
    out.push(forCount ? eb('f.id', 'in', carrying) : eb.exists(carrying.whereRef('lf.fan_id', '=', 'f.id')))
  }
  flag('f.repeat_flag', filter.repeat)
  flag('f.invalid', filter.invalid)
  flag('f.mass_send_enabled', filter.massSendEnabled)
  if (filter.country) out.push(eb('f.country', '=', filter.country))
  if (filter.createdFrom !== undefined) out.push(eb('f.created_at', '>=', filter.createdFrom))
  if (filter.createdTo !== undefined) out.push(eb('f.created_at', '<', filter.createdTo))
  const from = filter.lastMessageFrom
  const to = filter.lastMessageTo
  if (from !== undefined || to !== undefined) {
    let last = eb
      .selectFrom('sessions as ls')
      .select('ls.id')
      .whereRef('ls.fan_id', '=', 'f.id')
      .whereRef('ls.account_id', '=', 'f.account_id')
      .where('ls.tenant_id', '=', tenantId)
    if (from !== undefined) last = last.where('ls.last_activity_at', '>=', from)
    if (to !== undefined) last = last.where('ls.last_activity_at', '<', to)
    out.push(eb.exists(last))
  }
  return out
}
