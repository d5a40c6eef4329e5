import { clampLimits, RISK_DEFAULTS, type RiskLimits, riskBounds } from '@app/core'
import type { WindowKey } from './risk.repository.js'

export const MINUTE = 60_000
export const HOUR = 3_600_000
export const DAY = 86_400_000

/** A tenant's config as the gate uses it. */
export interface TenantRisk {
  saved: boolean
  limits: RiskLimits
  keywords: string[]
  utcOffset: number
}

export const UNSAVED: Omit<TenantRisk, 'utcOffset'> = { saved: false, limits: RISK_DEFAULTS, keywords: [] }

/** The fixed windows holding `now`: the calendar minute and hour, and the day at the tenant's offset. */
export function windowsAt(now: number, utcOffset: number): { m: WindowKey; h: WindowKey; d: WindowKey } {
  const off = utcOffset * MINUTE
  return {
    m: { unit: 'm', start: now - (now % MINUTE) },
    h: { unit: 'h', start: now - (now % HOUR) },
    d: { unit: 'd', start: Math.floor((now + off) / DAY) * DAY - off },
  }
}

/**
 * The limits in force for one account: the saved ones inside the tenant's bounds (risk control
 * lowers them, a special channel raises them), and the warm-up share of each count while the
 * account is new.
 */
export function effectiveLimits(
  saved: RiskLimits,
  tenant: { riskStatus: number; specialChannel: boolean },
  accountAddedAt: number | null,
  now: number,
): RiskLimits & { warmingUp: boolean } {
  const l = clampLimits(saved, riskBounds(tenant))
  const warmingUp = accountAddedAt !== null && l.warmupDays > 0 && now - accountAddedAt < l.warmupDays * DAY
  if (!warmingUp) return { ...l, warmingUp }
  const share = (n: number, min: number) => Math.max(min, Math.floor((n * l.warmupPercent) / 100))
  return {
    ...l,
    perMinute: share(l.perMinute, 1),
    perHour: share(l.perHour, 1),
    perDay: share(l.perDay, 1),
    newChatsPerDay: share(l.newChatsPerDay, 0),
    massPerDay: share(l.massPerDay, 0),
    warmingUp,
  }
}
