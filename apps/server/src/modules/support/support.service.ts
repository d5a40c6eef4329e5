import type {
  BusinessHoursBody,
  BusinessPlan,
  GroupServiceLevelView,
  SatisfactionBody,
  ServiceLevelBody,
  ServiceLevelView,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import {
  businessHoursColumns,
  defaultColumns,
  presentBusinessHours,
  presentSatisfaction,
  presentServiceLevel,
  satisfactionColumns,
  serviceLevelColumns,
} from './support.presenter.js'
import type {
  SupportSettingRow,
  SupportSettingsRepository,
  SupportSettingValues,
} from './support.repository.js'

const MINUTE_MS = 60_000

/** Response targets in milliseconds of business time, on the tenant's business-hours plan. */
export interface ResponseTargets {
  firstMs: number
  nextMs: number
  plan: BusinessPlan
}

/**
 * A tenant's calendar and response targets (null while service levels are off), and the targets
 * of the agents whose group has its own.
 */
export interface ServiceClock {
  timeZone: string
  targets: ResponseTargets | null
  byAgent: ReadonlyMap<number, ResponseTargets>
}

/** The targets that count for a session of this agent (0: none): their group's, else the tenant's. */
export function targetsOf(clock: ServiceClock, agentId: number): ResponseTargets | null {
  if (!clock.targets) return null
  return clock.byAgent.get(agentId) ?? clock.targets
}

/** Other modules' parts of the service settings: the agent groups' own targets. */
export interface GroupTargetsSource {
  ofTenants(tenantIds: number[]): Promise<Map<number, GroupServiceLevelView[]>>
}

function serviceClockOf(row: SupportSettingRow | undefined, groups: GroupServiceLevelView[]): ServiceClock {
  const hours = presentBusinessHours(row)
  const level = presentServiceLevel(row)
  if (!level.enabled) return { timeZone: hours.timeZone, targets: null, byAgent: new Map() }
  const targets = {
    firstMs: level.firstResponseMinutes * MINUTE_MS,
    nextMs: level.nextResponseMinutes * MINUTE_MS,
    plan: hours,
  }
  const byAgent = new Map<number, ResponseTargets>()
  for (const g of groups) {
    const own = {
      firstMs: (g.firstResponseMinutes ?? level.firstResponseMinutes) * MINUTE_MS,
      nextMs: (g.nextResponseMinutes ?? level.nextResponseMinutes) * MINUTE_MS,
      plan: hours,
    }
    for (const id of g.agentIds) byAgent.set(id, own)
  }
  return { timeZone: hours.timeZone, targets, byAgent }
}

const NO_GROUPS: GroupTargetsSource = { ofTenants: async () => new Map() }

/**
 * The tenant's service settings: response-time targets, business hours with the away message,
 * and the satisfaction survey. Each part is saved on its own; a tenant that never saved a part
 * has its defaults (core).
 */
export class SupportSettingsService {
  constructor(
    private readonly repo: SupportSettingsRepository,
    private readonly groups: GroupTargetsSource = NO_GROUPS,
  ) {}

  /** The tenant's targets and its agent groups' own. */
  async serviceLevel(tenantId: number): Promise<ServiceLevelView> {
    const [row, groups] = await Promise.all([this.repo.get(tenantId), this.groups.ofTenants([tenantId])])
    return { ...presentServiceLevel(row), groups: groups.get(tenantId) ?? [] }
  }

  /** The business hours as the away message and the desk read them. */
  async businessHours(tenantId: number): Promise<BusinessHoursBody> {
    return presentBusinessHours(await this.repo.get(tenantId))
  }

  /**
   * Per tenant, the calendar of its days (the business hours' time zone) and, with service levels
   * on, its response targets (and its agent groups' own) in milliseconds of business time: what the
   * dashboards count by. Two statements for all of them.
   */
  async serviceClocks(tenantIds: number[]): Promise<Map<number, ServiceClock>> {
    const [settings, groups] = await Promise.all([
      this.repo.getMany(tenantIds),
      this.groups.ofTenants(tenantIds),
    ])
    const rows = new Map(settings.map((r) => [r.tenant_id, r]))
    return new Map(tenantIds.map((id) => [id, serviceClockOf(rows.get(id), groups.get(id) ?? [])]))
  }

  /**
   * The tenant's time zone (its business hours', the default until saved): the calendar of its
   * dashboards and risk windows. `q`: the transaction in progress, when asked from inside one.
   */
  async timeZone(tenantId: number, q?: Db): Promise<string> {
    return presentBusinessHours(await this.repo.get(tenantId, q)).timeZone
  }

  async satisfaction(tenantId: number): Promise<SatisfactionBody> {
    return presentSatisfaction(await this.repo.get(tenantId))
  }

  async saveServiceLevel(caller: Caller, body: ServiceLevelBody): Promise<ServiceLevelView> {
    await this.save(caller, serviceLevelColumns(body))
    return this.serviceLevel(caller.tenantId)
  }

  /** Save the business hours; holidays are kept once each, in date order. */
  async saveBusinessHours(caller: Caller, body: BusinessHoursBody): Promise<BusinessHoursBody> {
    await this.save(caller, businessHoursColumns(body))
    return this.businessHours(caller.tenantId)
  }

  async saveSatisfaction(caller: Caller, body: SatisfactionBody): Promise<SatisfactionBody> {
    await this.save(caller, satisfactionColumns(body))
    return this.satisfaction(caller.tenantId)
  }

  private async save(caller: Caller, part: Partial<SupportSettingValues>): Promise<void> {
    const now = Date.now()
    const stamped = { ...part, updated_by: caller.userId, updated_at: now }
    await this.repo.save(caller.tenantId, defaultColumns(now), stamped)
  }
}
