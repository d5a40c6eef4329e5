import type { AddressInfo } from 'node:net'
import { type JoinAck, roomOf } from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSystemScope } from '../../db/system-scope.js'
import { deskClient } from '../../modules/desk/desk.fixtures.js'
import { createTestContext, type Signed } from '../harness.js'
import { drainOutbox } from '../messaging.js'
import { spreadIds, tablesOf, tenantIds } from './rows.js'
import { seedTenant, type TenantData } from './tenant-data.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('test/guards/sockets.test')

/**
 * The second tenant's sockets (supervisor, agent, team lead) ask to join every room of the first
 * tenant and hear none of its events while its customers write (through the simulated network)
 * and its agent answers. Nothing here sleeps: the first tenant's own sockets are awaited until
 * they have heard each event, then each of the second tenant's sockets makes a round trip to the
 * server, which answers after anything sent to it before.
 */

const ctx = await createTestContext({ SEND_BURST: '100000' })
const api = deskClient(ctx)
const sockets: Socket[] = []
let url: string
let one: TenantData
let two: TenantData
let oneIds: number[]

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  const tables = await tablesOf(ctx.db)
  await spreadIds(ctx.db, tables)
  one = await seedTenant(ctx, 1)
  two = await seedTenant(ctx, 2)
  oneIds = [...(await tenantIds(ctx.db, tables, one.tenantId)).values()].flat()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx.close()
})

/** A connected socket; `claims` are extra handshake fields naming the first tenant, which must be ignored. */
async function connect(who: Signed, claims: Record<string, unknown> = {}): Promise<Socket> {
  const s = io(url, {
    path: '/socket.io',
    auth: { token: who.token, ...claims },
    query: Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)])),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  sockets.push(s)
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve)
    s.once('connect_error', reject)
  })
  return s
}

const join = (s: Socket, sessionId: unknown) =>
  s.emitWithAck('session.join', { sessionId }) as Promise<JoinAck>

/** Resolves when the socket hears `event` with a payload that passes `match`. */
const hears = (s: Socket, event: string, match: (p: Record<string, unknown>) => boolean) =>
  new Promise<void>((resolve) => {
    const on = (p: Record<string, unknown>) => {
      if (!match(p)) return
      s.off(event, on)
      resolve()
    }
    s.on(event, on)
  })
const mentions = (text: string) => (p: Record<string, unknown>) => JSON.stringify(p).includes(text)

describe("the second tenant's sockets", () => {
  it('join no room of the first tenant and hear none of its events while it works', async () => {
    const [s1, , , groupSession] = one.sessions as [number, number, number, number]
    const boss1 = await connect(one.boss)
    const agent1 = await connect(one.agent)
    for (const id of one.sessions) expect(await join(boss1, id)).toEqual({ ok: true })
    expect(await join(agent1, s1)).toEqual({ ok: true })

    // every room of the first tenant, asked for by every role of the second
    const claims = { tenantId: one.tenantId, userId: one.agent.userId, room: roomOf.tenant(one.tenantId) }
    const outsiders = [
      await connect(two.boss, claims),
      await connect(two.agent, claims),
      await connect(two.lead, claims),
    ]
    const heard: string[] = []
    outsiders.forEach((s, i) => {
      s.onAny((event: string, payload: unknown) =>
        heard.push(`socket ${i} ${event} ${JSON.stringify(payload)}`),
      )
    })
    const rooms = [
      roomOf.tenant(one.tenantId),
      ...[one.boss, one.agent, one.lead].map((u) => roomOf.user(u.userId)),
    ]
    const asked = [...oneIds, ...oneIds.map(String), ...rooms, ...one.sessions.map(roomOf.session)]
    const joined: string[] = []
    for (const s of outsiders) {
      for (const id of asked) {
        const ack = await join(s, id)
        if (ack.ok) joined.push(String(id))
      }
    }
    expect(joined).toEqual([])

    // the first tenant at work: customers write, its agent answers and reads, its supervisor acts
    const { tag, phones } = one
    const [c1, c2] = phones.customers as [string, string]
    const waits = [
      hears(boss1, 'message.new', mentions(`${tag} socket hello`)),
      hears(boss1, 'message.new', mentions(`${tag} socket group`)),
      hears(agent1, 'message.new', mentions(`${tag} socket answer`)),
      hears(boss1, 'message.updated', (p) => p.delivery === 'delivered'),
      hears(boss1, 'session.updated', (p) => p.sessionId === s1),
      hears(agent1, 'session.read', (p) => p.sessionId === s1),
      hears(boss1, 'account.status', (p) => p.accountId === one.accounts[0]),
      hears(agent1, 'desk.taken', () => true),
    ]
    ctx.sim.network.customerSend(c1, phones.shop, { kind: 'text', text: `${tag} socket hello` })
    const group = await ctx.db
      .selectFrom('group_chats as g')
      .innerJoin('sessions as s', 's.group_chat_id', 'g.id')
      .select('g.jid')
      .where('s.id', '=', groupSession)
      .executeTakeFirstOrThrow()
    ctx.sim.network.customerSendGroup(c2, group.jid, { kind: 'text', text: `${tag} socket group` })
    await ctx.sim.settle(1_000)
    const answer = { sessionId: s1, type: 'text', text: `${tag} socket answer` }
    expect((await api.post(one.agent, '/damai/customer/user/sendChatMessage', answer)).code).toBe(0)
    await drainOutbox(ctx)
    await ctx.sim.settle(60_000)
    expect(
      (await api.post(one.agent, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s1 })).code,
    ).toBe(0)
    const flag = { sessionId: s1, flag: 'dnd', value: true }
    expect((await api.put(one.boss, '/damai/customer/session/flag', flag)).code).toBe(0)
    await ctx.messaging.sync.systemStore(system, one.accounts[0] as number, { remark: `${tag} socket` })
    const enter = { customerUserId: one.agent.userId }
    expect((await api.post(one.boss, '/damai/customer/desk/enter', enter)).code).toBe(0)
    await Promise.all(waits)
    await ctx.desk.settled()

    // a round trip on each outsider: whatever was sent to it before has arrived
    for (const s of outsiders) await s.emitWithAck('session.leave', { sessionId: s1 })
    expect(heard).toEqual([])
  })
})
