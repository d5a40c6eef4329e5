import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Billing } from '../billing/index.js'
import { startUpTenants, startUpUsers } from '../users/index.js'
import { DEMO_TENANT_ACCOUNT } from './demo-seed.js'

/** Demo seed. */
const system = openSystemScope('modules/system/demo-billing')

const DAY = 86_400_000

/**
 * Demo: the demo tenant as a customer of the demo business user, with a seat order of one year
 * for its agents and a second, shorter port order. Runs once: a
 * tenant that has a seller already is left as it is.
 */
export async function seedDemoBilling(db: Db, billing: Pick<Billing, 'orders' | 'seats'>): Promise<void> {
  const tenants = startUpTenants(db)
  const tenantId = await tenants.systemIdByAccount(system, DEMO_TENANT_ACCOUNT)
  const platformTenantId = await tenants.systemPlatformId(system)
  if (tenantId === undefined || platformTenantId === undefined) return
  // undefined: no paying tenant; a seller: seeded before
  if ((await tenants.systemSellerOf(system, tenantId)) !== null) return
  const users = startUpUsers(db)
  const sellerId = (await users.idByName(platformTenantId, 'business')) ?? null
  const operatorId = (await users.idByName(platformTenantId, 'operations')) ?? sellerId
  if (operatorId === null) return
  const agentIds = (
    await Promise.all(['agent1', 'agent2', 'leader'].map((name) => users.idByName(tenantId, name)))
  ).filter((id): id is number => id !== undefined)
  await db.transaction().execute(async (tx) => {
    await tenants.setSeller(tenantId, sellerId, tx)
    await billing.orders.createIn(tx, {
      tenantId,
      kind: 'seat',
      quantity: agentIds.length + 1,
      days: 365,
      amount: (agentIds.length + 1) * 36_500,
      sellerId,
      operatorId,
      remark: 'demo',
    })
    // two ports of a month bought ten days ago: they show days left, outside the default reminder window
    await billing.orders.createIn(
      tx,
      {
        tenantId,
        kind: 'port',
        quantity: 2,
        days: 30,
        amount: 6_000,
        sellerId,
        operatorId,
        remark: 'demo',
      },
      Date.now() - 10 * DAY,
    )
    for (const id of agentIds) await billing.seats.take(tx, tenantId, id)
  })
}
