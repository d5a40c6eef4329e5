import type { MassSendCounters, MassSendRecipientView, RoleId } from '@app/core'
import { Role } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { App } from '../../app.js'
import type { Db } from '../../db/index.js'
import type { SimNetwork } from '../../gateway/simulator/network.js'
import { type As, type Call, deskClient } from '../../test/desk-client.js'

/** Test helpers of mass send: a tenant with linked numbers, a task body, and a driver of engine rounds on a clock of its own. */

/** No pacing in the way (the pacing tests set their own), and a network that never bans for volume. */
export const MASS_ENV = { SEND_RATE_PER_MINUTE: '1000000', SEND_BURST: '1000000' }
export const MASS_SIM = {
  sim: {
    rules: { sendLimitPerMinute: 1_000_000, newChatsPerHour: 1_000_000 },
    // customers read only when a test says so
    timings: { readProbability: 0 },
  },
}

export interface Signed {
  token: string
  userId: number
  tenantId: number
}

/** The part of the test context (test/harness.ts) these helpers need. */
export interface MassHarness {
  app: FastifyInstance
  db: Db
  massSend: App['massSend']
  messaging: Pick<App['messaging'], 'dispatcher'>
  sim: { network: SimNetwork; settle(ms?: number): Promise<void> }
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      token?: string
      body?: unknown
      query?: Record<string, string>
      headers?: Record<string, string>
    },
  ) => Promise<Call>
  tenant(account: string): Promise<number>
  as(tenantId: number, roleId: RoleId, username: string): Promise<Signed>
  linkAccount(tenantId: number, phone: string): Promise<number>
}

export interface MassTenant {
  tenantId: number
  boss: Signed
  agent: Signed
  lead: Signed
  shops: string[]
  accounts: number[]
}

/** A tenant with a supervisor, an agent (given the first number), a team lead and linked numbers. */
export async function massTenant(ctx: MassHarness, name: string, shops: string[]): Promise<MassTenant> {
  const tenantId = await ctx.tenant(name)
  const boss = await ctx.as(tenantId, Role.customerMaster, `${name}-boss`)
  const agent = await ctx.as(tenantId, Role.customerUser, `${name}-agent`)
  const lead = await ctx.as(tenantId, Role.customerUserLeader, `${name}-lead`)
  const accounts: number[] = []
  for (const shop of shops) accounts.push(await ctx.linkAccount(tenantId, shop))
  if (accounts[0])
    await ctx.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agent.userId })
      .where('id', '=', accounts[0])
      .execute()
  return { tenantId, boss, agent, lead, shops, accounts }
}

/** A valid body of a stranger task; `over` replaces fields. */
export function taskBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Spring promo',
    kind: 'personal',
    method: 'one_by_one',
    audience: { type: 'strangers', phones: ['447700900001'] },
    accountIds: [],
    sentences: [{ type: 'text', text: 'Hello {phone}' }],
    sentenceInterval: { min: 0, max: 0 },
    customerInterval: { min: 0, max: 0 },
    sendCount: { min: 1, max: 1 },
    ...over,
  }
}

/** API calls of mass send as a user. */
export function massApi(ctx: MassHarness) {
  const api = deskClient(ctx)
  return {
    post: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      api.post(who, url, body, o),
    put: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      api.put(who, url, body, o),
    get: (who: Signed | null, url: string, o?: As): Promise<Call> => api.get(who, url, o),
    del: (who: Signed | null, url: string, query: Record<string, string>, o?: As): Promise<Call> =>
      api.del(who, url, query, o),
    create: async (who: Signed, body: Record<string, unknown>, acting?: number) => {
      const r = await api.post(who, '/damai/customer/massSend', body, { acting })
      if (r.code !== 0) throw new Error(`create: ${r.code} ${r.msg}`)
      return (r.data as { id: number }).id
    },
    detail: async (who: Signed, taskId: number) => {
      const r = await api.get(who, `/damai/customer/massSend/detail?taskId=${taskId}`)
      if (r.code !== 0) throw new Error(`detail: ${r.code} ${r.msg}`)
      return r.data as {
        status: string
        counters: MassSendCounters
        events: {
          kind: string
          count: number
          reason: string | null
          toAccountIds: number[]
          accountId: number | null
        }[]
        pauseReason: string | null
      }
    },
    recipients: async (who: Signed, taskId: number, filter: Record<string, unknown> = {}) => {
      const out: MassSendRecipientView[] = []
      let afterId = 0
      for (;;) {
        const r = await api.post(who, '/damai/customer/massSend/recipients', {
          taskId,
          afterId,
          pageSize: 100,
          ...filter,
        })
        if (r.code !== 0) throw new Error(`recipients: ${r.code} ${r.msg}`)
        const page = r.data as { list: MassSendRecipientView[]; nextCursor: number | null }
        out.push(...page.list)
        if (page.nextCursor === null) return out
        afterId = page.nextCursor
      }
    },
    action: (who: Signed, action: 'start' | 'pause' | 'resume' | 'terminate', taskId: number) =>
      api.put(who, `/damai/customer/massSend/${action}`, { taskId }),
  }
}

/** Let a promise run while the simulated network's clock moves (its number checks are paced on that clock). */
export async function whileSettling<T>(ctx: MassHarness, p: Promise<T>, stepMs = 1_000): Promise<T> {
  let done = false
  const watched = p.finally(() => {
    done = true
  })
  await new Promise((r) => setImmediate(r))
  while (!done) {
    await ctx.sim.settle(stepMs)
    await new Promise((r) => setImmediate(r))
  }
  return watched
}

/**
 * Drives mass send by rounds on the engine's own clock: one engine round, then the outbox until
 * nothing is due, then the network. Intervals pass by moving the clock, never by sleeping.
 */
export class MassDriver {
  at = Date.now()

  /**
   * `settleStepMs`: how far the network's clock moves each time the engine's round yields. The
   * network's time then passes with the real time a round takes (more on a slow database); a test
   * of a network timer (a time-lock) takes small steps so that it does not run out while it looks.
   */
  constructor(
    private readonly ctx: MassHarness,
    private readonly settleStepMs = 1_000,
  ) {
    ctx.massSend.engine.now = () => this.at
  }

  async round(advanceMs = 0): Promise<void> {
    this.at += advanceMs
    await whileSettling(this.ctx, this.ctx.massSend.engine.tick(), this.settleStepMs)
    while (await this.ctx.messaging.dispatcher.tick()) {}
    await this.ctx.sim.settle(100)
  }

  /** Rounds until `done` holds (each `stepMs` later on the engine's clock); throws after `max` rounds. */
  async until(done: () => Promise<boolean>, stepMs = 0, max = 400): Promise<number> {
    for (let i = 0; i < max; i++) {
      if (await done()) return i
      await this.round(stepMs)
    }
    throw new Error(`not done after ${max} rounds`)
  }

  /** Rounds until the task has no recipient left to reach. */
  async finish(taskId: number, stepMs = 0, max = 400): Promise<number> {
    return this.until(
      async () => (await this.status(taskId)) !== 'executing' && (await this.status(taskId)) !== 'preparing',
      stepMs,
      max,
    )
  }

  async status(taskId: number): Promise<string> {
    const row = await this.ctx.db
      .selectFrom('mass_send_tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow()
    return row.status
  }
}

/** The texts a phone got from a shop, oldest first. */
export function textsTo(ctx: MassHarness, shop: string, phone: string): string[] {
  return ctx.sim.network
    .messagesBetween(shop, phone)
    .filter((m) => m.from === shop)
    .map((m) => m.text ?? '')
}
