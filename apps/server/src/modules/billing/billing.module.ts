import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import type { AccountAgentsRepository } from '../accounts/account-agents.repository.js'
import type { TokenService } from '../auth/token.service.js'
import type { PlatformCore } from '../platform/platform.module.js'
import type { TenantSlots } from '../platform/tenants.service.js'
import { PortRecordsRepository } from '../ports/port-records.repository.js'
import type { RecordStore } from '../ports/records.store.js'
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
  accounts: AccountAgentsRepository
  /** logs out the accounts of ports that have ended (the port expiry engine's pass) */
  portsEnded: () => Promise<unknown>
  /** how often ended seats are looked for */
  checkMs: number
}

/** Orders, port and seat records with their history, statistics, export, and the tenant's side. */
export function installBilling(app: FastifyInstance, core: PlatformCore, deps: BillingDeps) {
  const { db } = deps
  const seatsRepo = new SeatsRepository(db)
  const stores: Record<'port' | 'seat', RecordStore> = {
    port: new PortRecordsRepository(db),
    seat: seatsRepo,
  }
  const seatExpiry = new SeatExpiryEngine(
    seatsRepo,
    deps.tokens,
    deps.checkMs,
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
    async (tenantId) => (await core.tenants.systemFind(tenantId))?.seller_user_id ?? null,
    {
      port: async () => {
        await deps.portsEnded()
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
    core.users,
  )
  const billing = new BillingService(orders, queries, core.scope, core.tenants, core.users, core.settings)
  billingRoutes(
    app,
    billing,
    queries,
    new RenewalRequestsService(reminders, core.scope, core.tenants, core.users),
  )
  tenantBillingRoutes(
    app,
    new TenantBillingService(db, stores, ordersRepo, reminders, core.settings, core.users),
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
  return { orders, seats: new SeatsService(seatsRepo), seatExpiry, slots }
}
export type Billing = ReturnType<typeof installBilling>
