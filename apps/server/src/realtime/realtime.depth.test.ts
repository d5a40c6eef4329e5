import type { AddressInfo } from 'node:net'
import { ErrorCode, type JoinAck, Role, roomOf } from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../test/harness.js'
import { customerSession } from '../test/messaging.js'

/**
 * Socket events nested past JSON_DEPTH_MAX reach no listener and cost the server nothing but the
 * connection that sent them; a listener never sees the payload, so none can walk it.
 */

let ctx: TestContext
let url: string
let boss: Signed
let session: number
const sockets: Socket[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  const tenant = await ctx.tenant('deep')
  boss = await ctx.as(tenant, Role.customerMaster, 'deep-boss')
  await ctx.linkAccount(tenant, '8613800000661')
  session = await customerSession(ctx, '447700900661', '8613800000661')
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx.close()
})

async function connect(): Promise<Socket> {
  const s = io(url, {
    path: '/socket.io',
    auth: { token: boss.token },
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

const nest = (depth: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = [v]
  return v
}
const DEEP_TEXT = `${'{"a":'.repeat(80_000)}1${'}'.repeat(80_000)}`
const inRoom = (s: Socket) =>
  ctx.messaging.realtime.io
    .of('/')
    .sockets.get(s.id ?? '')
    ?.rooms.has(roomOf.session(session)) ?? false
const join = (s: Socket, payload: Record<string, unknown>) =>
  s.emitWithAck('session.join', { sessionId: session, ...payload }) as Promise<JoinAck>
const refused: JoinAck = { ok: false, code: ErrorCode.badRequest }

describe('a socket event nested too deeply', () => {
  it('is answered as a bad request and not handled, with or without binary data', async () => {
    const s = await connect()
    expect(await join(s, { x: nest(1_000) })).toEqual(refused)
    expect(await join(s, { x: nest(1_000), file: Buffer.from([1, 2, 3]) })).toEqual(refused)
    expect(inRoom(s)).toBe(false)
    // the same socket, with an ordinary payload
    expect(await join(s, {})).toEqual({ ok: true })
    expect(inRoom(s)).toBe(true)
  })

  it('is refused without a listener when it is 80,000 levels of raw text', async () => {
    const s = await connect()
    const engine = s.io.engine
    const answer = new Promise<unknown>((resolve) => {
      engine.on('packet', (p) => {
        if (typeof p.data === 'string' && p.data.startsWith('3901')) resolve(JSON.parse(p.data.slice(4)))
      })
    })
    // an EVENT packet asking for acknowledgement 901
    engine.write(`2901["session.join",{"sessionId":${session},"x":${DEEP_TEXT}}]`)
    expect(await answer).toEqual([refused])
    expect(inRoom(s)).toBe(false)
    expect(await join(s, {})).toEqual({ ok: true })
  })

  it('closes only its own connection when binary placeholders nest 80,000 deep', async () => {
    const s = await connect()
    const closed = new Promise<string>((resolve) => s.once('disconnect', resolve))
    // a BINARY_EVENT with one attachment: socket.io's parser puts it back by walking the payload
    s.io.engine.write(`51-["session.join",{"sessionId":${session},"x":${DEEP_TEXT}}]`)
    s.io.engine.write(Buffer.from([1]))
    expect(await closed).toBe('transport close')
    // the server still answers, and another socket is served
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const other = await connect()
    expect(await join(other, {})).toEqual({ ok: true })
  })
})
