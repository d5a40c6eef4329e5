import { RISK_DEFAULTS, type RiskLimits, zoneOffsetMinutes } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import { type TenantRisk, UNSAVED } from './risk.limits.js'
import type { RiskRepository } from './risk.repository.js'

/** How long a process trusts a tenant's config it read: a save elsewhere is seen within this. */
const TTL_MS = 2_000

/**
 * The tenants' configs as the send path reads them, kept briefly so a burst of sends reads the
 * row once. The database row is the only copy; a save in this process is seen at once.
 */
export class RiskConfigs {
  private readonly cache = new Map<number, { at: number; value: TenantRisk }>()

  constructor(
    private readonly repo: RiskRepository,
    private readonly clock: () => number,
    /** the tenant's time zone, whose days and hours the windows are (the support settings') */
    private readonly timeZoneOf: (tenantId: number, q?: Kysely<Database>) => Promise<string>,
  ) {}

  /** `q`: the transaction in progress, when asked from inside one. */
  async of(tenantId: number, q?: Kysely<Database>): Promise<TenantRisk> {
    const now = this.clock()
    const hit = this.cache.get(tenantId)
    if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.value
    const [row, timeZone] = await Promise.all([this.repo.config(tenantId, q), this.timeZoneOf(tenantId, q)])
    // the windows' days and hours are the tenant's, at its offset now
    const utcOffset = zoneOffsetMinutes(timeZone, now)
    const value: TenantRisk = row
      ? {
          saved: true,
          limits: { ...RISK_DEFAULTS, ...(JSON.parse(row.limits) as Partial<RiskLimits>) },
          keywords: JSON.parse(row.keywords) as string[],
          utcOffset,
        }
      : { ...UNSAVED, utcOffset }
    this.cache.set(tenantId, { at: now, value })
    return value
  }

  forget(tenantId: number): void {
    this.cache.delete(tenantId)
  }
}
