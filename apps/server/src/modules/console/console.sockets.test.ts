import type { AddressInfo } from 'node:net'
import {
  AgentPath as A,
  ConsolePath as C,
  type JoinAck,
  type MessageNewEvent,
  Role,
  type ServerToClientEvents,
} from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession } from '../../test/messaging.js'
import { deskClient } from '../desk/desk.fixtures.js'

/**
 * The console's changes reach the desks over their sockets: the agent given a session or an
 * account hears it, the agent it left hears it go (and their open chat stops hearing it), and
 * another tenant's sockets hear nothing. Nothing sleeps: a socket's round trip to the server
 * answers after everything sent to it before, so an event not heard by then was never sent.
 */

let ctx: TestContext
let url: string
let boss: Signed
let agentA: Signed
let agentB: Signed
let rivalBoss: Signed
let rivalAgent: Signed
let api: ReturnType<typeof deskClient>
let shop: number
let s1: number
let s2: number
const SHOP = '8613800000201'
const sockets: Socket[] = []

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  const tenant = await ctx.tenant('acme')
  const rival = await ctx.tenant('rival')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  rivalBoss = await ctx.as(rival, Role.customerMaster, 'rival-boss')
  rivalAgent = await ctx.as(rival, Role.customerUser, 'rival-agent')
  api = deskClient(ctx)
  shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.linkAccount(rival, '8613800000209')
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  s1 = await customerSession(ctx, '447702900001', SHOP)
  s2 = await customerSession(ctx, '447702900002', SHOP)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx.close()
})

async function connect(who: Signed): Promise<Socket> {
  const s = io(url, {
    path: '/socket.io',
    auth: { token: who.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  sockets.push(s)
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve())
    s.once('connect_error', reject)
  })
  return s
}
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0]
/** The first `event` the socket hears that `match` accepts; ask before causing it. */
function heard<E extends keyof ServerToClientEvents>(
  s: Socket,
  event: E,
  match: (p: Payload<E>) => boolean,
): Promise<Payload<E>> {
  return new Promise((resolve) => {
    const on = (p: Payload<E>) => {
      if (!match(p)) return
      s.off(event as string, on)
      resolve(p)
    }
    s.on(event as string, on)
  })
}
/** Everything a socket hears from now on. */
function everything(s: Socket): string[] {
  const got: string[] = []
  s.onAny((event: string, payload: unknown) => got.push(`${event} ${JSON.stringify(payload)}`))
  return got
}
const join = (s: Socket, sessionId: number) =>
  s.emitWithAck('session.join', { sessionId }) as Promise<JoinAck>
/** A round trip: whatever the server sent the socket before has arrived. */
const roundTrip = (s: Socket) => s.emitWithAck('session.leave', { sessionId: 1 })
const messageIn = (sessionId: number, text: string) => (p: MessageNewEvent) =>
  p.message.sessionId === sessionId && p.message.body === text

describe('the desks hear what the console changes', () => {
  let a: Socket
  let b: Socket
  let outsiders: Socket[]
  let outsiderHeard: string[][]

  beforeAll(async () => {
    a = await connect(agentA)
    b = await connect(agentB)
    outsiders = [await connect(rivalBoss), await connect(rivalAgent)]
    outsiderHeard = outsiders.map(everything)
  })

  it('a moved session: the new agent hears it given, the old one hears it removed and its chat goes quiet', async () => {
    expect(await join(a, s1)).toEqual({ ok: true })
    const given = heard(
      b,
      'session.updated',
      (p) => p.sessionId === s1 && p.changes.agentUserId === agentB.userId,
    )
    const removed = heard(a, 'session.removed', (p) => p.sessionId === s1)
    const r = await api.put(boss, C.sessionMove, { sessionIds: [s1], userId: agentB.userId })
    expect(r.code).toBe(0)
    await Promise.all([given, removed])
    expect(await removed).toEqual({ sessionId: s1, reason: 'migrated' })

    // the customer writes again: the new agent hears it, the old agent's open chat does not
    const aHeard: MessageNewEvent[] = []
    a.on('message.new', (p: MessageNewEvent) => aHeard.push(p))
    const toB = heard(b, 'message.new', messageIn(s1, 'after the move'))
    ctx.sim.network.customerSend('447702900001', SHOP, { kind: 'text', text: 'after the move' })
    await ctx.sim.settle(100)
    await toB
    await roundTrip(a)
    expect(aHeard.filter((p) => p.message.sessionId === s1)).toEqual([])
    expect(await join(a, s1)).toEqual({ ok: false, code: 404 })
  })

  it('an account handed on: both agents hear it, and the old one stops hearing its sessions', async () => {
    expect(await join(a, s2)).toEqual({ ok: true })
    const toB = heard(b, 'account.assigned', (p) => p.accountId === shop)
    const fromA = heard(a, 'account.assigned', (p) => p.accountId === shop)
    const bossSocket = await connect(boss)
    const toBoss = heard(bossSocket, 'account.assigned', (p) => p.accountId === shop)
    const r = await api.put(boss, C.accountAssign, { accountIds: [shop], userId: agentB.userId })
    expect(r.code).toBe(0)
    const expected = { accountId: shop, agentUserId: agentB.userId, previousAgentUserId: agentA.userId }
    expect(await toB).toEqual(expected)
    expect(await fromA).toEqual(expected)
    expect(await toBoss).toEqual(expected)

    const aHeard: MessageNewEvent[] = []
    a.on('message.new', (p: MessageNewEvent) => aHeard.push(p))
    const heardByB = heard(b, 'message.new', messageIn(s2, 'for the new agent'))
    ctx.sim.network.customerSend('447702900002', SHOP, { kind: 'text', text: 'for the new agent' })
    await ctx.sim.settle(100)
    await heardByB
    await roundTrip(a)
    expect(aHeard).toEqual([])
    expect(await join(b, s2)).toEqual({ ok: true })
  })

  it('an account handed back on the agents page reaches the desks the same way', async () => {
    const toA = heard(a, 'account.assigned', (p) => p.accountId === shop)
    const fromB = heard(b, 'account.assigned', (p) => p.accountId === shop)
    const r = await api.put(boss, A.agentBindAccounts, { id: agentA.userId, accountIds: [shop] })
    expect(r.code).toBe(0)
    const expected = { accountId: shop, agentUserId: agentA.userId, previousAgentUserId: agentB.userId }
    expect(await toA).toEqual(expected)
    expect(await fromB).toEqual(expected)
    const heardByA = heard(a, 'message.new', messageIn(s2, 'back to the first agent'))
    ctx.sim.network.customerSend('447702900002', SHOP, { kind: 'text', text: 'back to the first agent' })
    await ctx.sim.settle(100)
    await heardByA
    expect(await join(b, s2)).toEqual({ ok: false, code: 404 })
  })

  it("another tenant's sockets heard none of it", async () => {
    for (const s of outsiders) await roundTrip(s)
    expect(outsiderHeard).toEqual([[], []])
  })
})
