import {
  AccountState,
  DAY_MS,
  HOME_EXPIRING_DAYS,
  type HomeFigures,
  OrderType,
  Role,
  statsDayOf,
  TENANT_ROLES,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { OrdersRepository } from '../billing/orders.repository.js'
import { RiskRepository } from '../risk/risk.repository.js'
import { listDeskAccounts } from '../sessions/desk-accounts.query.js'
import type { StatisticsRepository } from './statistics.repository.js'

export interface HomeSources {
  /** the platform caller's tenants; null: every tenant */
  tenantIds(caller: Caller): Promise<number[] | null>
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
  private readonly risk: RiskRepository
  private readonly orders: OrdersRepository

  constructor(
    private readonly db: Db,
    private readonly stats: StatisticsRepository,
    private readonly sources: HomeSources,
  ) {
    this.risk = new RiskRepository(db)
    this.orders = new OrdersRepository(db)
  }

  async figures(caller: Caller, now = Date.now()): Promise<HomeFigures> {
    if (!TENANT_ROLES.includes(caller.roleId))
      return { kind: 'platform', tenant: null, platform: await this.platform(caller, now) }
    const supervisor = caller.roleId === Role.customerMaster
    const [messages, unreplied, accounts, warnings, expiring] = await Promise.all([
      this.stats.messagesOn(caller.tenantId, statsDayOf(now), caller.agentId),
      this.stats.unreplied(caller),
      listDeskAccounts(this.db, caller),
      caller.agentId === null ? this.risk.unhandled(caller.tenantId) : Promise.resolve(null),
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
    const tenantIds = await this.sources.tenantIds(caller)
    const orders = await this.orders.forStatistics({ tenantIds, from: monthStart(now), to: now + 1 })
    let revenue = 0
    for (const o of orders) revenue += (o.type === OrderType.refund ? -1 : 1) * Number(o.amount_cents)
    return {
      tenants: tenantIds === null ? await this.sources.tenantCount() : tenantIds.length,
      ordersThisMonth: orders.length,
      revenueThisMonthCents: revenue,
    }
  }
}
