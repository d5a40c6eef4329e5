import {
  type ChatHistoryPage,
  type ChatMessageView,
  ErrorCode,
  MESSAGE_EDIT_WINDOW_MS,
  Role,
} from '@app/core'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox, recordEvents } from '../../test/messaging.js'
import { GatewayRequests } from '../outbox/gateway-requests.engine.js'
import { type RiskTenant, saveLimits } from '../risk/risk.fixtures.js'
import { deskClient } from './desk.fixtures.js'

let ctx: TestContext
let boss: Signed
let agentA: Signed
let agentB: Signed
let otherAgent: Signed
let api: ReturnType<typeof deskClient>
let events: ReturnType<typeof recordEvents>
const SHOP = '8613800000011'
const OTHER_SHOP = '8613800000012'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  const tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agentA = await ctx.as(tenant, Role.customerUser, 'agent-a')
  agentB = await ctx.as(tenant, Role.customerUser, 'agent-b')
  api = deskClient(ctx)
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agentA.userId })
    .where('id', '=', shop)
    .execute()
  const other = await ctx.tenant('globex')
  otherAgent = await ctx.as(other, Role.customerUser, 'globex-agent')
  const otherShop = await ctx.linkAccount(other, OTHER_SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: otherAgent.userId })
    .where('id', '=', otherShop)
    .execute()
  events = recordEvents(ctx)
})
afterAll(() => ctx.close())

const sent = async (who: Signed, body: Record<string, unknown>) => {
  const r = await api.post(who, '/damai/customer/user/sendChatMessage', body)
  if (r.code !== 0) throw new Error(`send: ${r.code} ${r.msg}`)
  return r.data as ChatMessageView
}
const edit = (who: Signed, messageId: number, text: string) =>
  api.post(who, '/damai/customer/user/editChatMessage', { messageId, text })
const row = (id: number) =>
  ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const fromShop = (customer: string) =>
  ctx.sim.network.messagesBetween(SHOP, customer).filter((m) => m.from === SHOP)
/** Our text, sent and confirmed by WhatsApp. */
async function sentText(customer: string, text: string) {
  const s = await customerSession(ctx, customer, SHOP)
  const m = await sent(agentA, { sessionId: s, type: 'text', text })
  await drainOutbox(ctx)
  return { sessionId: s, message: m }
}
const settle = async () => {
  await ctx.desk.settled()
  await ctx.sim.settle(100)
}

describe('edit our sent text', () => {
  it('reaches the phone as edited; the message keeps its earlier text and the desk hears it', async () => {
    const c = '447700900050'
    const { message: m } = await sentText(c, 'price is 10 EUR')
    const r = await edit(agentA, m.id, '  price is 12 EUR ')
    expect(r).toMatchObject({ code: 0, data: { messageId: m.id, accepted: true } })
    await settle()
    expect(fromShop(c)[0]).toMatchObject({ editedText: 'price is 12 EUR', text: 'price is 12 EUR' })
    const stored = await row(m.id)
    expect(stored.body).toBe('price is 12 EUR')
    expect(stored.edited_at).toEqual(expect.any(Number))
    expect(JSON.parse(stored.edit_history ?? '[]')).toEqual([
      { body: 'price is 10 EUR', at: expect.any(Number) },
    ])
    const update = events.filter((e) => e.event === 'message.updated' && e.payload.id === m.id).at(-1)
    expect(update?.payload).toMatchObject({ body: 'price is 12 EUR', edits: [{ body: 'price is 10 EUR' }] })
    // a second edit keeps both earlier texts, oldest first, and the history shows them
    expect((await edit(agentA, m.id, 'price is 11 EUR')).code).toBe(0)
    await settle()
    expect(fromShop(c)[0]).toMatchObject({ editedText: 'price is 11 EUR' })
    const page = await api.post(agentA, '/damai/customer/user/getSessionChatMessages', {
      sessionId: m.sessionId,
    })
    const shown = (page.data as ChatHistoryPage).list.find((x) => x.id === m.id)
    expect(shown).toMatchObject({
      body: 'price is 11 EUR',
      editedAt: expect.any(Number),
      edits: [{ body: 'price is 10 EUR' }, { body: 'price is 12 EUR' }],
    })
  })

  it('the supervisor acting as the agent may edit too', async () => {
    const c = '447700900051'
    const { message: m } = await sentText(c, 'see you monday')
    const r = await api.post(
      boss,
      '/damai/customer/user/editChatMessage',
      { messageId: m.id, text: 'see you tuesday' },
      { acting: agentA.userId },
    )
    expect(r.code).toBe(0)
    await settle()
    expect((await row(m.id)).body).toBe('see you tuesday')
  })

  it('still edits after a restart between the request and its delivery', async () => {
    const c = '447700900052'
    const { message: m } = await sentText(c, 'typo heer')
    expect((await edit(agentA, m.id, 'typo here')).code).toBe(0)
    await ctx.db
      .updateTable('gateway_requests')
      .set({ lease_owner: 'a-process-that-died', lease_until: Date.now() - 1 })
      .where('state', '=', 'open')
      .execute()
    expect((await row(m.id)).body).toBe('typo heer')
    const restarted = new GatewayRequests(
      ctx.db,
      ctx.sim.gateway,
      ctx.messaging.hub,
      ctx.events,
      { pollMs: 60_000, leaseMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 },
      pino({ level: 'silent' }),
    )
    await restarted.drain()
    await ctx.sim.settle(100)
    expect((await row(m.id)).body).toBe('typo here')
    expect(fromShop(c)[0]).toMatchObject({ editedText: 'typo here' })
    const request = await ctx.db
      .selectFrom('gateway_requests')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(request).toMatchObject({ kind: 'edit', state: 'done', lease_owner: null })
  })

  it('refuses after 15 minutes with its own message, and leaves the text as it was', async () => {
    const c = '447700900053'
    const { message: m } = await sentText(c, 'an hour ago')
    await ctx.db
      .updateTable('messages')
      .set({ timestamp: Date.now() - MESSAGE_EDIT_WINDOW_MS - 1000 })
      .where('id', '=', m.id)
      .execute()
    const r = await edit(agentA, m.id, 'changed')
    expect(r.code).toBe(ErrorCode.editWindowPassed)
    expect(r.msg).toMatch(/15/)
    await settle()
    expect((await row(m.id)).body).toBe('an hour ago')
    expect(fromShop(c)[0].editedText).toBeUndefined()
  })

  it("refuses the customer's messages, queued ones, and empty or too long texts", async () => {
    const c = '447700900054'
    const s = await customerSession(ctx, c, SHOP)
    const page = await api.post(agentA, '/damai/customer/user/getSessionChatMessages', { sessionId: s })
    const [theirs] = (page.data as ChatHistoryPage).list
    expect((await edit(agentA, theirs.id, 'not yours')).code).toBe(ErrorCode.editNotAllowed)
    expect((await row(theirs.id)).body).toBe('hi')
    const queued = await sent(agentA, { sessionId: s, type: 'text', text: 'not sent yet' })
    expect((await edit(agentA, queued.id, 'changed')).code).toBe(ErrorCode.editNotAllowed)
    await drainOutbox(ctx)
    expect((await edit(agentA, queued.id, '   ')).code).toBe(400)
    expect((await edit(agentA, queued.id, 'x'.repeat(4097))).code).toBe(400)
    expect((await row(queued.id)).body).toBe('not sent yet')
  })

  it("refuses another agent's session and a text holding a blocked keyword", async () => {
    const c = '447700900055'
    const { message: m } = await sentText(c, 'call me')
    expect((await edit(agentB, m.id, 'call him')).code).not.toBe(0)
    await saveLimits(ctx, { boss } as RiskTenant, {}, ['casino'])
    try {
      expect((await edit(agentA, m.id, 'visit our Casino tonight')).code).toBe(ErrorCode.editContentViolation)
    } finally {
      await saveLimits(ctx, { boss } as RiskTenant, {}, [])
    }
    await settle()
    expect((await row(m.id)).body).toBe('call me')
    expect(fromShop(c)[0].editedText).toBeUndefined()
  })

  it("answers not found for another tenant's message", async () => {
    const { message: m } = await sentText('447700900056', 'ours only')
    const r = await edit(otherAgent, m.id, 'theirs now')
    expect(r.code).toBe(404)
    expect((await row(m.id)).body).toBe('ours only')
  })

  it('tells whoever asked when WhatsApp refuses the edit', async () => {
    const c = '447700900057'
    const { message: m } = await sentText(c, 'gone soon')
    // the phone deleted it meanwhile: WhatsApp no longer takes an edit of it
    const onPhone = ctx.sim.network.world.messages.get((await row(m.id)).wa_message_id)
    if (!onPhone) throw new Error('not on the phone')
    onPhone.revoked = true
    expect((await edit(agentA, m.id, 'still here?')).code).toBe(0)
    await settle()
    expect((await row(m.id)).body).toBe('gone soon')
    expect(events.find((e) => e.event === 'message.editFailed' && e.payload.id === m.id)).toMatchObject({
      rooms: [`user:${agentA.userId}`],
      payload: { id: m.id, sessionId: m.sessionId },
    })
  })
})
