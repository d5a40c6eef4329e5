import { OrderType } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { Engines } from '../../engines/engines.js'
import type { PlatformReach } from '../../http/platform-reach.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { TokenService } from '../auth/index.js'
import type { PlatformCore, TenantSlots } from '../platform/index.js'
import { portRecords, type RecordStore } from '../ports/index.js'
import { BillingQueries } from './billing.queries.js'
import { billingRoutes } from './billing.routes.js'
import { BillingService } from './billing.service.js'
import { OrdersRepository } from './orders.repository.js'
import { OrdersService } from './orders.service.js'
import { RecordChangesRepository } from './record-changes.repository.js'
import { RemindersRepository } from './reminders.repository.js'
import { RenewalRequestsService } from './renewal-requests.service.js'
import { SeatsRepository } from './seats.repository.js'
import { SeatExpiryEngine, SeatsService } from './seats.service.js'
import { tenantBillingRoutes } from './tenant-billing.routes.js'
import { TenantBillingService } from './tenant-billing.service.js'

export interface BillingDeps {
  db: Db
  logger: Logger
  tokens: TokenService
  /** the linked numbers each tenant has (the platform's tenant list) */
  accounts: Pick<AccountDirectory, 'countsByTenant'>
  /** logs out the accounts of ports that have ended (the port expiry engine's pass) */
  portExpiry: { tick(): Promise<unknown> }
  /** how often ended seats are looked for */
  config: Pick<Config, 'PORT_EXPIRY_CHECK_MS'>
  engines: Engines
}

/** Orders, port and seat records with their history, statistics, export, and the tenant's side. */
export function installBilling(app: FastifyInstance, core: PlatformCore, deps: BillingDeps) {
  const { db } = deps
  const seatsRepo = new SeatsRepository(db)
  const stores: Record<'port' | 'seat', RecordStore> = {
    port: portRecords(db),
    seat: seatsRepo,
  }
  const seatExpiry = new SeatExpiryEngine(
    seatsRepo,
    deps.tokens,
    deps.config.PORT_EXPIRY_CHECK_MS,
    deps.logger.child({ module: 'seats' }),
  )
  const ordersRepo = new OrdersRepository(db)
  const reminders = new RemindersRepository(db)
  const orders = new OrdersService(
    db,
    stores,
    ordersRepo,
    new RecordChangesRepository(db),
    core.scope,
    (tenantId) => core.tenants.sellerOf(tenantId),
    {
      port: async () => {
        await deps.portExpiry.tick()
      },
      seat: async () => {
        await seatExpiry.tick()
      },
    },
  )
  const queries = new BillingQueries(
    stores,
    ordersRepo,
    new RecordChangesRepository(db),
    core.scope,
    core.tenants,
    core.staff,
  )
  const billing = new BillingService(orders, queries, core.scope, core.tenants, core.settings)
  billingRoutes(
    app,
    billing,
    queries,
    new RenewalRequestsService(reminders, core.scope, core.tenants, core.staff),
  )
  tenantBillingRoutes(
    app,
    new TenantBillingService(db, stores, ordersRepo, reminders, core.settings, core.staff),
  )

  const slots: TenantSlots = {
    counts: async (tenantIds, now, soonUntil) => {
      const [ports, seats] = await Promise.all([
        stores.port.counts(tenantIds, now, soonUntil),
        stores.seat.counts(tenantIds, now, soonUntil),
      ])
      return { ports, seats }
    },
    tenantsEnding: async (tenantIds, now, until) => [
      ...new Set([
        ...(await stores.port.tenantsEnding(tenantIds, now, until)),
        ...(await stores.seat.tenantsEnding(tenantIds, now, until)),
      ]),
    ],
    grantTrial: async (q, t) => {
      for (const [kind, quantity] of [
        ['port', t.ports],
        ['seat', t.seats],
      ] as const) {
        if (quantity > 0)
          await orders.createIn(q, {
            tenantId: t.tenantId,
            kind,
            quantity,
            days: t.days,
            amount: 0,
            sellerId: t.sellerId,
            operatorId: t.operatorId,
            remark: 'trial',
          })
      }
    },
    accounts: (tenantIds) => deps.accounts.countsByTenant(tenantIds),
  }
  app.addHook('onClose', () => seatExpiry.stop())
  deps.engines.add(seatExpiry)
  /** A tenant's ports and seats ending before `until` (the home page's figures). */
  const expiring = async (tenantId: number, now: number, until: number) => {
    const { ports, seats } = await slots.counts([tenantId], now, until)
    return { ports: ports.get(tenantId)?.expiringSoon ?? 0, seats: seats.get(tenantId)?.expiringSoon ?? 0 }
  }
  return { orders, seats: new SeatsService(seatsRepo), seatExpiry, slots, expiring }
}
export type Billing = ReturnType<typeof installBilling>

/**
 * How many orders the tenants the staff member reaches placed in [from, to), and the revenue they
 * brought: a refund counts against it (the home page's figures).
 */
export async function orderFigures(
  db: Db,
  reach: PlatformReach,
  from: number,
  to: number,
): Promise<{ orders: number; revenueCents: number }> {
  const tenantIds = reach.tenantIds === null ? null : [...reach.tenantIds]
  const orders = await new OrdersRepository(db).forStatistics({ tenantIds, from, to })
  let revenueCents = 0
  for (const o of orders) revenueCents += (o.type === OrderType.refund ? -1 : 1) * Number(o.amount_cents)
  return { orders: orders.length, revenueCents }
}
