import { type ChatHistoryPage, type ChatMessageView, ErrorCode, errorMessage, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError } from '../../gateway/messaging-gateway.js'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { deskClient } from '../desk/desk.fixtures.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let api: ReturnType<typeof deskClient>
let events: ReturnType<typeof recordEvents>
const SHOP = '8613800000001'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  api = deskClient(ctx)
  await ctx.linkAccount(tenant, SHOP)
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

/** Send a text from the desk, let the dispatcher try it, and read the message back from the history. */
async function sendAndRead(sessionId: number, text: string): Promise<ChatMessageView> {
  const r = await api.post(boss, '/damai/customer/user/sendChatMessage', { sessionId, type: 'text', text })
  expect(r.code).toBe(0)
  const { id } = r.data as ChatMessageView
  await drainOutbox(ctx)
  const h = await api.post(boss, '/damai/customer/user/getSessionChatMessages', { sessionId, pageSize: 20 })
  expect(h.code).toBe(0)
  const found = (h.data as ChatHistoryPage).list.find((m) => m.id === id)
  if (!found) throw new Error(`message ${id} not in the history`)
  return found
}

/** The last `message.updated` the desks heard of a message. */
const lastUpdate = (id: number) =>
  events.filter((e) => e.event === 'message.updated' && e.payload.id === id).at(-1)?.payload

describe('a failed chat send names its chat send failure', () => {
  it('a customer whose number cannot receive: "customer receiving abnormal"', async () => {
    const customer = '447700900031'
    const s = await customerSession(ctx, customer, SHOP)
    ctx.sim.network.addPhone(customer, { registered: false })
    const m = await sendAndRead(s, 'are you there?')
    expect(m.status).toBe('failed')
    expect(m.failureReason).toBe('invalid_customer')
    expect(m.meta.sendError).toBe(ErrorCode.customerReceivingAbnormal)
    expect(lastUpdate(m.id)).toMatchObject({
      status: 'failed',
      meta: { sendError: ErrorCode.customerReceivingAbnormal },
    })
    expect(errorMessage(ErrorCode.customerReceivingAbnormal, 'zh')).toBe('客户接收异常')
  })

  it('a failure WhatsApp does not name: "unknown error"', async () => {
    const s = await customerSession(ctx, '447700900032', SHOP)
    const spy = vi
      .spyOn(ctx.sim.gateway, 'send')
      .mockRejectedValue(new GatewayError('failed', 'stanza error'))
    try {
      const m = await sendAndRead(s, 'hello')
      expect(m.status).toBe('failed')
      expect(m.meta.sendError).toBe(ErrorCode.sendUnknownError)
      expect(lastUpdate(m.id)).toMatchObject({ meta: { sendError: ErrorCode.sendUnknownError } })
      expect(errorMessage(ErrorCode.sendUnknownError, 'en')).toBe('Unknown error')
    } finally {
      spy.mockRestore()
    }
  })

  it('a failure the reason already explains (the account banned) carries no send error', async () => {
    await ctx.linkAccount(tenant, '8613800000009')
    const s = await customerSession(ctx, '447700900033', '8613800000009')
    const spy = vi.spyOn(ctx.sim.gateway, 'send').mockRejectedValue(new GatewayError('banned', 'banned'))
    try {
      const m = await sendAndRead(s, 'hello')
      expect(m.status).toBe('failed')
      expect(m.failureReason).toBe('ws_ban')
      expect(m.meta.sendError).toBeUndefined()
    } finally {
      spy.mockRestore()
    }
  })

  it('a message that went out has none', async () => {
    const s = await customerSession(ctx, '447700900034', SHOP)
    const m = await sendAndRead(s, 'all good')
    expect(m.status).toBe('sent')
    expect(m.meta.sendError).toBeUndefined()
  })
})
