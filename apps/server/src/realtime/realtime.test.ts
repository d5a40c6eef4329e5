import type { AddressInfo } from 'node:net'
import { type JoinAck, Role, type ServerToClientEvents } from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../test/harness.js'

let ctx: TestContext
let url: string
let tenant: number
let other: number
let account: number
const sockets: Socket[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  tenant = await ctx.tenant('acme')
  other = await ctx.tenant('rival')
  account = await ctx.linkAccount(tenant, '8613800000001')
  await ctx.linkAccount(other, '8613800000009')
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx.close()
})

function connect(token?: string): Socket {
  const s = io(url, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  sockets.push(s)
  return s
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve())
    s.once('connect_error', reject)
  })
const refused = (s: Socket) =>
  new Promise<Error & { data?: { code: number } }>((resolve) => s.once('connect_error', resolve))
function collect<E extends keyof ServerToClientEvents>(
  s: Socket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const got: Parameters<ServerToClientEvents[E]>[0][] = []
  s.on(event as string, (p: Parameters<ServerToClientEvents[E]>[0]) => got.push(p))
  return got
}
const join = (s: Socket, sessionId: unknown) =>
  s.emitWithAck('session.join', { sessionId }) as Promise<JoinAck>
const waitFor = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20))
}
async function customerWrites(from: string, to: string, text: string): Promise<number> {
  ctx.sim.network.customerSend(from, to, { kind: 'text', text })
  await ctx.sim.settle(100)
  const m = await ctx.db
    .selectFrom('messages')
    .select('session_id')
    .where('body', '=', text)
    .executeTakeFirstOrThrow()
  return m.session_id
}

describe('socket authentication', () => {
  it('refuses a socket without a token, with a bad token, or with a revoked one', async () => {
    const none = await refused(connect())
    expect(none.message).toBe('unauthorized')
    expect(none.data).toEqual({ code: 401 })
    expect((await refused(connect('not-a-token'))).message).toBe('unauthorized')
    const s = await ctx.as(tenant, Role.customerMaster, 'revoked-boss')
    const actor = await ctx.services.tokens.resolve(s.token)
    await ctx.services.tokens.revoke(actor?.tokenId ?? 0)
    expect((await refused(connect(s.token))).message).toBe('unauthorized')
  })
})

describe('rooms follow the REST permissions', () => {
  it("a supervisor hears their tenant's messages and account statuses, never another tenant's", async () => {
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss')
    const s = connect(boss.token)
    await connected(s)
    const messages = collect(s, 'message.new')
    const statuses = collect(s, 'account.status')
    await customerWrites('447700900001', '8613800000001', 'for acme')
    await customerWrites('447700900002', '8613800000009', 'for rival')
    await ctx.messaging.sync.systemStore(account, { remark: 'touch' })
    await waitFor(() => messages.length >= 1 && statuses.length >= 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(messages.map((m) => m.message.body)).toEqual(['for acme'])
    expect(statuses.map((e) => e.accountId)).toEqual([account])
  })

  it('joins a session room only for a session of its own tenant', async () => {
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss2')
    const s = connect(boss.token)
    await connected(s)
    const mine = await customerWrites('447700900003', '8613800000001', 'mine')
    const theirs = await customerWrites('447700900004', '8613800000009', 'theirs')
    expect(await join(s, mine)).toEqual({ ok: true })
    expect(await join(s, theirs)).toEqual({ ok: false, code: 404 })
    expect(await join(s, 'abc')).toEqual({ ok: false, code: 400 })
  })

  it('an agent hears only the sessions of the accounts assigned to them', async () => {
    const agent = await ctx.as(tenant, Role.customerUser, 'agent')
    const assigned = await ctx.linkAccount(tenant, '8613800000002')
    await ctx.db
      .updateTable('ws_accounts')
      .set({ agent_user_id: agent.userId })
      .where('id', '=', assigned)
      .execute()
    const s = connect(agent.token)
    await connected(s)
    const messages = collect(s, 'message.new')
    const notMine = await customerWrites('447700900005', '8613800000001', 'not for the agent')
    const mine = await customerWrites('447700900006', '8613800000002', 'for the agent')
    await waitFor(() => messages.length >= 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(messages.map((m) => m.message.body)).toEqual(['for the agent'])
    expect(await join(s, notMine)).toEqual({ ok: false, code: 404 })
    expect(await join(s, mine)).toEqual({ ok: true })
  })

  it('a team lead in both the tenant room and a session room gets each event once', async () => {
    const lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
    const s = connect(lead.token)
    await connected(s)
    const session = await customerWrites('447700900007', '8613800000001', 'first')
    expect(await join(s, session)).toEqual({ ok: true })
    const got = collect(s, 'message.new')
    await customerWrites('447700900007', '8613800000001', 'second')
    await waitFor(() => got.length >= 1)
    // in both the tenant room and the session room, the socket gets the event once
    await new Promise((r) => setTimeout(r, 100))
    expect(got.map((m) => m.message.body)).toEqual(['second'])
  })

  it('drops a socket whose token was revoked when it next asks to join', async () => {
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss3')
    const s = connect(boss.token)
    await connected(s)
    const actor = await ctx.services.tokens.resolve(boss.token)
    await ctx.services.tokens.revoke(actor?.tokenId ?? 0)
    const gone = new Promise((r) => s.once('disconnect', r))
    expect(await join(s, 1)).toEqual({ ok: false, code: 401 })
    await gone
  })

  it('disconnects, at the next sweep, a socket whose token was revoked', async () => {
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss4')
    const keep = await ctx.as(tenant, Role.customerMaster, 'boss5')
    const s = connect(boss.token)
    const t = connect(keep.token)
    await Promise.all([connected(s), connected(t)])
    const actor = await ctx.services.tokens.resolve(boss.token)
    await ctx.services.tokens.revoke(actor?.tokenId ?? 0)
    const gone = new Promise((r) => s.once('disconnect', r))
    expect(await ctx.messaging.realtime.sweep()).toBe(1)
    await gone
    expect(t.connected).toBe(true)
  })
})
