import type { AddressInfo } from 'node:net'
import { type JoinAck, type MessageNewEvent, Role, type ServerToClientEvents } from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSystemScope } from '../db/system-scope.js'
import { createTestContext, type TestContext } from '../test/harness.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('realtime/realtime.test')

let ctx: TestContext
let url: string
let tenant: number
let other: number
let account: number
let rivalAccount: number
const sockets: Socket[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  tenant = await ctx.tenant('acme')
  other = await ctx.tenant('rival')
  account = await ctx.linkAccount(tenant, '8613800000001')
  rivalAccount = await ctx.linkAccount(other, '8613800000009')
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
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0]

function collect<E extends keyof ServerToClientEvents>(s: Socket, event: E): Payload<E>[] {
  const got: Payload<E>[] = []
  s.on(event as string, (p: Payload<E>) => got.push(p))
  return got
}
/** The first `event` that `s` hears and `match` accepts; ask before causing it. */
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
const join = (s: Socket, sessionId: unknown) =>
  s.emitWithAck('session.join', { sessionId }) as Promise<JoinAck>
/**
 * A customer writes; resolves with the session id once the server has published the message to
 * its rooms. Events reach one socket in the order they were published, so whatever a socket
 * hears after this was published after it: hearing a later event proves an earlier one that did
 * not arrive was never sent to that socket.
 */
function customerWrites(from: string, to: string, text: string): Promise<number> {
  const published = new Promise<number>((resolve) => {
    const stop = ctx.messaging.hub.observe((_rooms, event, payload) => {
      if (event !== 'message.new' || (payload as MessageNewEvent).message.body !== text) return
      stop()
      resolve((payload as MessageNewEvent).message.sessionId)
    })
  })
  ctx.sim.network.customerSend(from, to, { kind: 'text', text })
  return ctx.sim.settle(100).then(() => published)
}
const bodies = (events: MessageNewEvent[]) => events.map((m) => m.message.body)

describe('socket authentication', () => {
  it('refuses a socket without a token, with a bad token, or with a revoked one', async () => {
    const none = await refused(connect())
    expect(none.message).toBe('unauthorized')
    expect(none.data).toEqual({ code: 401 })
    expect((await refused(connect('not-a-token'))).message).toBe('unauthorized')
    const s = await ctx.as(tenant, Role.customerMaster, 'revoked-boss')
    const actor = await ctx.services.tokens.resolve(s.token)
    await ctx.services.tokens.revoke(actor?.tenantId ?? 0, actor?.tokenId ?? 0)
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
    await ctx.messaging.sync.systemStore(system, rivalAccount, { remark: 'touch' })
    await ctx.messaging.sync.systemStore(system, account, { remark: 'touch' })
    // a last message of the tenant: once it is heard, the rival's events above would have been too
    const last = heard(s, 'message.new', (m) => m.message.body === 'for acme, last')
    await customerWrites('447700900001', '8613800000001', 'for acme, last')
    await last
    expect(bodies(messages)).toEqual(['for acme', 'for acme, last'])
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
    const arrived = heard(s, 'message.new', (m) => m.message.body === 'for the agent')
    const notMine = await customerWrites('447700900005', '8613800000001', 'not for the agent')
    // published after the other one: once it is heard, the other one would have been too
    const mine = await customerWrites('447700900006', '8613800000002', 'for the agent')
    await arrived
    expect(bodies(messages)).toEqual(['for the agent'])
    expect(await join(s, notMine)).toEqual({ ok: false, code: 404 })
    expect(await join(s, mine)).toEqual({ ok: true })
  })

  it('a team lead (chat history only, not live) hears no chat of the desk and joins no session', async () => {
    const lead = await ctx.as(tenant, Role.customerUserLeader, 'lead')
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss-lead')
    const s = connect(lead.token)
    const b = connect(boss.token)
    await Promise.all([connected(s), connected(b)])
    const got = collect(s, 'message.new')
    const session = await customerWrites('447700900007', '8613800000001', 'first')
    expect(await join(s, session)).toEqual({ ok: false, code: 403 })
    // the supervisor hears the next message; once it has, the lead would have too
    const last = heard(b, 'message.new', (m) => m.message.body === 'second')
    await customerWrites('447700900007', '8613800000001', 'second')
    await last
    expect(bodies(got)).toEqual([])
  })

  it('drops a socket whose token was revoked when it next asks to join', async () => {
    const boss = await ctx.as(tenant, Role.customerMaster, 'boss3')
    const s = connect(boss.token)
    await connected(s)
    const actor = await ctx.services.tokens.resolve(boss.token)
    await ctx.services.tokens.revoke(actor?.tenantId ?? 0, actor?.tokenId ?? 0)
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
    await ctx.services.tokens.revoke(actor?.tenantId ?? 0, actor?.tokenId ?? 0)
    const gone = new Promise((r) => s.once('disconnect', r))
    expect(await ctx.messaging.realtime.sweep()).toBe(1)
    await gone
    expect(t.connected).toBe(true)
  })
})
