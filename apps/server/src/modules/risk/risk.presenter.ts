import type { RiskLevelValue, RiskWarningKindValue, RiskWarningView } from '@app/core'
import type { Selectable } from 'kysely'
import type { RiskWarningTable } from '../../db/schema.js'

/** What leaves the server for a warning. */
export function presentWarning(
  w: Selectable<RiskWarningTable> & { account_phone: string | null },
): RiskWarningView {
  return {
    id: Number(w.id),
    kind: w.kind as RiskWarningKindValue,
    level: Number(w.level) as RiskLevelValue,
    accountId: Number(w.account_id) || null,
    accountPhone: w.account_phone,
    detail: JSON.parse(w.detail || '{}') as Record<string, unknown>,
    createdAt: Number(w.created_at),
    handled: Number(w.handled) === 1,
    handledAt: w.handled_at === null ? null : Number(w.handled_at),
  }
}
