import { InteractionPath as P, Role, type SendOriginValue } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let boss: string
let agent: string
let otherBoss: string
let userId: number
const A = '8613800000001'
const B = '8613800000002'
const sessions: Record<string, number> = {}

async function send(sessionId: number, origin: SendOriginValue) {
  await ctx.messaging.outbox.enqueue({
    tenantId: tenant,
    sessionId,
    content: { type: 'text', text: `from ${origin}` },
    requestedBy: userId,
    origin,
  })
  await drainOutbox(ctx)
}

async function answer(customer: string, accountPhone: string) {
  ctx.sim.network.customerSend(customer, accountPhone, { kind: 'text', text: 'tell me more' })
  await ctx.sim.settle(100)
  await ctx.diversion.settled()
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  const signed = await ctx.as(tenant, Role.customerMaster, 'boss')
  boss = signed.token
  userId = signed.userId
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  const a = await ctx.linkAccount(tenant, A)
  await ctx.linkAccount(tenant, B)
  const amy = await ctx.as(tenant, Role.customerUser, 'agent-amy')
  agent = amy.token
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: amy.userId }).where('id', '=', a).execute()
  for (const [name, customer, phone] of [
    ['massA', '447700900001', A],
    ['autoB', '447700900002', B],
    ['manualA', '447700900003', A],
    ['silentA', '447700900004', A],
    ['autoA', '447700900005', A],
  ] as const)
    sessions[name] = await customerSession(ctx, customer, phone)

  await send(sessions.massA, 'mass_send')
  await answer('447700900001', A)
  await send(sessions.autoB, 'auto_reply')
  await answer('447700900002', B)
  await send(sessions.manualA, 'manual')
  await answer('447700900003', A)
  await send(sessions.silentA, 'mass_send')
  await send(sessions.autoA, 'auto_reply')
  await answer('447700900005', A)
})
afterAll(() => ctx.close())

type Page = {
  list: { sessionId: number; origin: string; fanPhone: string }[]
  next: { repliedAt: number; id: number } | null
}
const page = async (token: string, body: object = {}) =>
  (await ctx.call('POST', P.page, { token, body })).data as Page

describe('marketing interaction', () => {
  it('answers 401, 403 to a team lead and 400 to a bad body', async () => {
    expect((await ctx.call('POST', P.page, { body: {} })).code).toBe(401)
    const lead = (await ctx.as(tenant, Role.customerUserLeader, 'lead')).token
    expect((await ctx.call('POST', P.page, { token: lead, body: {} })).code).toBe(403)
    expect((await ctx.call('POST', P.page, { token: boss, body: { pageSize: 0 } })).code).toBe(400)
  })

  it('lists the sessions whose customer answered a mass send or an auto reply, newest first', async () => {
    const p = await page(boss)
    expect(p.list.map((r) => [r.sessionId, r.origin])).toEqual([
      [sessions.autoA, 'auto_reply'],
      [sessions.autoB, 'auto_reply'],
      [sessions.massA, 'mass_send'],
    ])
    expect(p.list[2].fanPhone).toBe('447700900001')
    expect(p.next).toBeNull()
    expect((await page(otherBoss)).list).toEqual([])
  })

  it('shows an agent only the sessions the desk shows them', async () => {
    expect((await page(agent)).list.map((r) => r.sessionId)).toEqual([sessions.autoA, sessions.massA])
  })

  it('pages by keyset', async () => {
    const first = await page(boss, { pageSize: 2 })
    expect(first.list.map((r) => r.sessionId)).toEqual([sessions.autoA, sessions.autoB])
    const second = await page(boss, { pageSize: 2, before: first.next })
    expect(second.list.map((r) => r.sessionId)).toEqual([sessions.massA])
    expect(second.next).toBeNull()
  })
})
