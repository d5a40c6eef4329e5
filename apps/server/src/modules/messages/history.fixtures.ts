import { Role, type RoleId } from '@app/core'
import type { Db } from '../../db/index.js'

/** Test helpers of the chat history: tenants whose customers write through the simulated network, and stored messages. */

interface Signed {
  token: string
  userId: number
  tenantId: number
}

/** The part of the test context (test/harness.ts) the helpers need. */
interface TestContext {
  db: Db
  sim: {
    network: {
      addPhone(number: string, init?: { name?: string }): void
      customerSend(from: string, to: string, content: { kind: 'text'; text: string }): unknown
    }
    settle(ms?: number): Promise<void>
  }
  tenant(account: string): Promise<number>
  as(tenantId: number, roleId: RoleId, username: string): Promise<Signed>
  linkAccount(tenantId: number, phone: string): Promise<number>
}

export interface HistoryTenant {
  tenantId: number
  boss: Signed
  lead: Signed
  agent: Signed
  accounts: [number, number]
  shops: [string, string]
  /** customer phone → session id */
  sessions: Map<string, number>
}

let seq = 0

/** A tenant with two linked accounts, a team lead and an agent who serves the first account. */
export async function historyTenant(ctx: TestContext, name: string, n: number): Promise<HistoryTenant> {
  const tenantId = await ctx.tenant(name)
  const boss = await ctx.as(tenantId, Role.customerMaster, `${name}-boss`)
  const lead = await ctx.as(tenantId, Role.customerUserLeader, `${name}-lead`)
  const agent = await ctx.as(tenantId, Role.customerUser, `${name}-agent`)
  const shops: [string, string] = [`86139${n}0000001`, `86139${n}0000002`]
  const accounts: [number, number] = [
    await ctx.linkAccount(tenantId, shops[0]),
    await ctx.linkAccount(tenantId, shops[1]),
  ]
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', accounts[0])
    .execute()
  return { tenantId, boss, lead, agent, accounts, shops, sessions: new Map() }
}

/** A customer (named) writes `text` to a shop through the simulated network; returns the session. */
export async function customerWrites(
  ctx: TestContext,
  t: HistoryTenant,
  customer: string,
  name: string,
  shop: 0 | 1,
  text: string,
): Promise<number> {
  ctx.sim.network.addPhone(customer, { name })
  ctx.sim.network.customerSend(customer, t.shops[shop], { kind: 'text', text })
  await ctx.sim.settle(100)
  const id = await sessionOf(ctx, customer)
  t.sessions.set(customer, id)
  return id
}

/** The session of a customer's phone (each test customer writes to one account). */
export async function sessionOf(ctx: TestContext, phone: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .select('s.id')
    .where('f.phone', '=', phone)
    .executeTakeFirstOrThrow()
  return row.id
}

export interface StoredMessage {
  tenantId: number
  accountId: number
  sessionId: number
  body: string
  timestamp: number
  fromMe?: boolean
  type?: string
  meta?: Record<string, unknown>
  requestedBy?: number | null
  status?: string
}

/** Messages stored as they would be (the search indexes them on write), in batches. */
export async function storeMessages(ctx: TestContext, messages: StoredMessage[]): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < messages.length; i += 500) {
    const rows = await ctx.db
      .insertInto('messages')
      .values(
        messages.slice(i, i + 500).map((m) => ({
          tenant_id: m.tenantId,
          account_id: m.accountId,
          session_id: m.sessionId,
          wa_message_id: `HIST${++seq}`,
          from_me: m.fromMe ? 1 : 0,
          sender_jid: '',
          type: m.type ?? 'text',
          body: m.body,
          media_id: null,
          meta: JSON.stringify(m.meta ?? {}),
          quoted_wa_id: null,
          quoted_preview: null,
          status: m.status ?? 'sent',
          delivery: 'none',
          failure_reason: null,
          origin: m.fromMe ? 'manual' : null,
          requested_by: m.requestedBy ?? null,
          timestamp: m.timestamp,
          created_at: m.timestamp,
        })),
      )
      .returning('id')
      .execute()
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}
