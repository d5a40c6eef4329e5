import {
  DEFAULT_BUSINESS_HOURS,
  RISK_DEFAULTS,
  type RiskLimits,
  Role,
  type RoleId,
  SendOrigin,
  type SendOriginValue,
} from '@app/core'
import type { App } from '../../app.js'
import type { Db } from '../../db/index.js'
import type { SimNetwork } from '../../gateway/simulator/network.js'
import type { Call } from '../../test/desk-client.js'

/** Test helpers of risk management: a tenant with a linked number, saving limits, one send run through the dispatcher. */

interface Signed {
  token: string
  userId: number
  tenantId: number
}

/** The part of the test context (test/harness.ts) these helpers need. */
interface TestContext {
  db: Db
  messaging: Pick<App['messaging'], 'dispatcher' | 'outbox'>
  sim: { network: SimNetwork; settle(ms?: number): Promise<void> }
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: { token?: string; body?: unknown },
  ) => Promise<Call>
  tenant(account: string): Promise<number>
  as(tenantId: number, roleId: RoleId, username: string): Promise<Signed>
  linkAccount(tenantId: number, phone: string): Promise<number>
}

async function drainOutbox(ctx: TestContext): Promise<void> {
  while (await ctx.messaging.dispatcher.tick()) {}
  await ctx.sim.settle(100)
}

/** A session opened by a customer writing in. */
async function customerSession(ctx: TestContext, customer: string, accountPhone: string): Promise<number> {
  ctx.sim.network.customerSend(customer, accountPhone, { kind: 'text', text: 'hi' })
  await ctx.sim.settle(100)
  const row = await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .select('s.id')
    .where('f.phone', '=', customer)
    .where('a.phone', '=', accountPhone)
    .executeTakeFirstOrThrow()
  return row.id
}

export const MINUTE = 60_000
export const HOUR = 3_600_000
export const DAY = 86_400_000

/** Generous limits: each test lowers the one it is about. */
export const OPEN: RiskLimits = {
  ...RISK_DEFAULTS,
  perMinute: 30,
  perHour: 600,
  perDay: 3000,
  newChatsPerDay: 300,
  massPerDay: 2000,
  massIntervalSec: 0,
  warmupDays: 0,
}

export interface RiskTenant {
  tenantId: number
  boss: Signed
  agent: Signed
  shop: string
  accountId: number
}

/** A tenant with a linked number, its supervisor and an agent; its days and hours are `timeZone`'s (UTC unless told). */
export async function riskTenant(
  ctx: TestContext,
  name: string,
  shop: string,
  timeZone = 'UTC',
): Promise<RiskTenant> {
  const tenantId = await ctx.tenant(name)
  const boss = await ctx.as(tenantId, Role.customerMaster, `${name}-boss`)
  const agent = await ctx.as(tenantId, Role.customerUser, `${name}-agent`)
  const accountId = await ctx.linkAccount(tenantId, shop)
  const hours = await ctx.call('PUT', '/damai/customer/businessHours/update', {
    token: boss.token,
    body: { ...DEFAULT_BUSINESS_HOURS, timeZone },
  })
  if (hours.code !== 0) throw new Error(`business hours not saved: ${hours.msg}`)
  return { tenantId, boss, agent, shop, accountId }
}

export async function saveLimits(
  ctx: TestContext,
  t: RiskTenant,
  limits: Partial<RiskLimits>,
  keywords: string[] = [],
) {
  return ctx.call('PUT', '/damai/customer/risk/config', {
    token: t.boss.token,
    body: { limits: { ...OPEN, ...limits }, keywords },
  })
}

/** Queue one message in a session and run the dispatcher; returns the message as stored. */
export async function sendIn(
  ctx: TestContext,
  t: RiskTenant,
  sessionId: number,
  text: string,
  origin: SendOriginValue = SendOrigin.manual,
) {
  const view = await ctx.messaging.outbox.enqueue({
    tenantId: t.tenantId,
    sessionId,
    content: { type: 'text', text },
    requestedBy: t.boss.userId,
    origin,
  })
  await drainOutbox(ctx)
  const m = await ctx.db
    .selectFrom('messages')
    .select(['id', 'status', 'failure_reason', 'meta'])
    .where('id', '=', view.id)
    .executeTakeFirstOrThrow()
  return { ...m, risk: (JSON.parse(m.meta) as { risk?: Record<string, unknown> }).risk }
}

export const chatWith = (ctx: TestContext, t: RiskTenant, phone: string) =>
  customerSession(ctx, phone, t.shop)
