import {
  AccountState,
  DAY_MS,
  HOME_EXPIRING_DAYS,
  type HomeChecklist,
  type HomeFigures,
  Role,
  statsDayOf,
  TENANT_ROLES,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import type { PlatformReach } from '../../http/platform-reach.js'
import { orderFigures } from '../billing/index.js'
import { unhandledWarnings } from '../risk/index.js'
import { listDeskAccounts } from '../sessions/index.js'
import type { HomeRepository } from './home.repository.js'
import type { StatisticsRepository } from './statistics.repository.js'

export interface HomeSources {
  /** the platform caller's reach over tenants */
  reach(caller: Caller): Promise<PlatformReach>
  tenantCount(): Promise<number>
  /** ports and seats of tenants ending before `until` */
  expiring(tenantId: number, now: number, until: number): Promise<{ ports: number; seats: number }>
}

const OFFSET_MS = 8 * 3_600_000

/** The first instant of the month holding `now`, at the statistics offset (UTC+8). */
export function monthStart(now: number): number {
  const d = new Date(now + OFFSET_MS)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - OFFSET_MS
}

/**
 * The few figures each role acts on at /home. Tenant people see their own work through the
 * desk's visibility rule (an agent: their sessions and accounts); platform staff see the
 * tenants, orders and revenue of their scope.
 */
export class HomeService {
  constructor(
    private readonly db: Db,
    private readonly stats: StatisticsRepository,
    private readonly sources: HomeSources,
    private readonly facts: HomeRepository,
    /** the tenant's time zone: "today" is its calendar day */
    private readonly timeZoneOf: (tenantId: number) => Promise<string>,
  ) {}

  /** The supervisor's first-run steps, each done or not, for the caller's tenant. */
  checklist(caller: Caller): Promise<HomeChecklist> {
    return this.facts.checklist(caller.tenantId)
  }

  async figures(caller: Caller, now = Date.now()): Promise<HomeFigures> {
    if (!TENANT_ROLES.includes(caller.roleId))
      return { kind: 'platform', tenant: null, platform: await this.platform(caller, now) }
    const supervisor = caller.roleId === Role.customerMaster
    const [messages, unreplied, accounts, warnings, expiring] = await Promise.all([
      this.timeZoneOf(caller.tenantId).then((zone) =>
        this.stats.messagesOn(caller.tenantId, statsDayOf(now, zone), caller.agentId),
      ),
      this.stats.unreplied(caller),
      listDeskAccounts(this.db, caller),
      caller.agentId === null ? unhandledWarnings(this.db, caller.tenantId) : Promise.resolve(null),
      supervisor
        ? this.sources.expiring(caller.tenantId, now, now + HOME_EXPIRING_DAYS * DAY_MS)
        : Promise.resolve(null),
    ])
    return {
      kind: 'tenant',
      platform: null,
      tenant: {
        messagesInToday: messages.in,
        messagesOutToday: messages.out,
        unrepliedSessions: unreplied,
        offlineAccounts: accounts.filter((a) => a.status !== AccountState.online).length,
        warnings,
        expiringPorts: expiring?.ports ?? null,
        expiringSeats: expiring?.seats ?? null,
      },
    }
  }

  private async platform(caller: Caller, now: number): Promise<NonNullable<HomeFigures['platform']>> {
    const reach = await this.sources.reach(caller)
    const orders = await orderFigures(this.db, reach, monthStart(now), now + 1)
    return {
      tenants: reach.tenantIds === null ? await this.sources.tenantCount() : reach.tenantIds.length,
      ordersThisMonth: orders.orders,
      revenueThisMonthCents: orders.revenueCents,
    }
  }
}
