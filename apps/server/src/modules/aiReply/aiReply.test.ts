import { ErrorCode, Role, SendOrigin } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { OpenAiLoopback } from '../../test/openai-loopback.js'
import { aiOnBody, settingsBody } from '../tenantSettings/tenantSettings.fixtures.js'

const PUT = '/damai/customer/tenantSetting/update'
const FLAG = '/damai/customer/session/flag'
const SHOP = '8613600000001'

let ctx: TestContext
let provider: OpenAiLoopback
let tenant: number
let boss: Signed
let agent: Signed
let n = 0

beforeAll(async () => {
  ctx = await createTestContext(
    // the loopback provider is on this machine
    { SEND_RATE_PER_MINUTE: '100000', SEND_BURST: '100000', AI_PROVIDER_PRIVATE_ADDRESSES: '1' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000, newChatsPerHour: 100_000 } } },
  )
  provider = await new OpenAiLoopback().start()
  tenant = await ctx.tenant('acme')
  boss = await ctx.as(tenant, Role.customerMaster, 'boss')
  agent = await ctx.as(tenant, Role.customerUser, 'agent')
  const shop = await ctx.linkAccount(tenant, SHOP)
  await ctx.db
    .updateTable('ws_accounts')
    .set({ agent_user_id: agent.userId })
    .where('id', '=', shop)
    .execute()
})
afterAll(async () => {
  await provider.stop()
  await ctx.close()
})

const configure = async (ai: Parameters<typeof aiOnBody>[1] = {}) => {
  const r = await ctx.call('PUT', PUT, { token: boss.token, body: aiOnBody(provider.baseUrl, ai) })
  expect(r.code).toBe(0)
}
const flag = (sessionId: number, f: string, value: boolean) =>
  ctx.call('PUT', FLAG, {
    token: agent.token,
    body: { sessionId, flag: f, value },
    headers: { Language: 'en' },
  })

/** A customer with a session whose AI reply is on; answers their phone and session. */
async function aiCustomer(): Promise<{ phone: string; sessionId: number }> {
  n++
  const phone = `44772${String(n).padStart(7, '0')}`
  const sessionId = await customerSession(ctx, phone, SHOP)
  expect((await flag(sessionId, 'aiReply', true)).code).toBe(0)
  return { phone, sessionId }
}
const say = async (phone: string, ...texts: string[]) => {
  for (const text of texts) ctx.sim.network.customerSend(phone, SHOP, { kind: 'text', text })
  await ctx.sim.settle(100)
  await ctx.aiReply.service.settled()
}
/** One engine round once the burst is over. */
const round = (afterMs = 10_000) => ctx.aiReply.engine.tick(Date.now() + afterMs)
const aiRows = (sessionId: number) =>
  ctx.db
    .selectFrom('outbox')
    .select(['origin', 'due_at', 'message_id'])
    .where('session_id', '=', sessionId)
    .where('origin', '=', SendOrigin.ai)
    .execute()
const phoneGot = (phone: string) =>
  ctx.sim.network
    .messagesBetween(SHOP, phone)
    .filter((m) => m.from === SHOP)
    .map((m) => m.text ?? '')

describe('the AI reply switch', () => {
  it('is refused with "AI reply not turned on" while the tenant has no provider', async () => {
    const s = await customerSession(ctx, '447730000001', SHOP)
    const r = await flag(s, 'aiReply', true)
    expect(r.code).toBe(ErrorCode.aiReplyNotOn)
    expect(r.msg).toBe('AI reply not turned on')
    // a provider saved but switched off is no provider
    expect(
      (
        await ctx.call('PUT', PUT, {
          token: boss.token,
          body: settingsBody({}, { baseUrl: provider.baseUrl, model: 'm', apiKey: 'k' }),
        })
      ).code,
    ).toBe(0)
    expect((await flag(s, 'aiReply', true)).code).toBe(ErrorCode.aiReplyNotOn)
    await configure()
    expect((await flag(s, 'aiReply', true)).code).toBe(0)
    // turning it off is always allowed
    expect((await flag(s, 'aiReply', false)).code).toBe(0)
  })
})

describe('answers through the loopback provider', () => {
  it('sends the system prompt and the last messages, and queues one reply per burst with the delay and origin ai', async () => {
    await configure({ systemPrompt: 'You are the shop assistant.', replyDelay: 30, contextMessages: 3 })
    const { phone, sessionId } = await aiCustomer()
    const before = provider.requests.length
    await say(phone, 'Do you ship to Spain?', 'And to Portugal?', 'How much is it?')
    // still inside the burst: nothing is due yet
    expect(await ctx.aiReply.engine.tick(Date.now())).toEqual([])
    const at = Date.now() + 10_000
    expect(await ctx.aiReply.engine.tick(at)).toEqual(['sent'])
    expect(provider.requests.length).toBe(before + 1)
    const sent = provider.requests.at(-1)
    expect(sent?.authorization).toBe('Bearer sk-test-0123456789')
    expect(sent?.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'You are the shop assistant.' },
        { role: 'user', content: 'Do you ship to Spain?' },
        { role: 'user', content: 'And to Portugal?' },
        { role: 'user', content: 'How much is it?' },
      ],
    })
    const rows = await aiRows(sessionId)
    expect(rows).toHaveLength(1)
    // the reply delay counts from the answer's start: the round's time plus what it has run so far
    const due = Number(rows[0]?.due_at)
    expect(due).toBeGreaterThanOrEqual(at + 30_000)
    expect(due).toBeLessThan(at + 30_000 + 1_000)
    const message = await ctx.db
      .selectFrom('messages')
      .select(['body', 'origin', 'from_me'])
      .where('id', '=', Number(rows[0]?.message_id))
      .executeTakeFirstOrThrow()
    expect(message).toEqual({ body: provider.reply, origin: 'ai', from_me: 1 })
    // the burst was answered once
    expect(await round()).toEqual([])
  })

  it('the reply reaches the phone, and the next context holds it as the assistant turn', async () => {
    await configure({ replyDelay: 0, contextMessages: 2, systemPrompt: '' })
    const { phone, sessionId } = await aiCustomer()
    await say(phone, 'Hello there')
    expect(await round(5_000)).toEqual(['sent'])
    // the engine's round ran 5 s ahead of the clock; the dispatcher goes by the real one
    await ctx.db
      .updateTable('outbox')
      .set({ due_at: Date.now() })
      .where('session_id', '=', sessionId)
      .execute()
    await drainOutbox(ctx)
    expect(phoneGot(phone)).toEqual([provider.reply])
    // the customer answers a few seconds later (WhatsApp stamps in whole seconds). The reply is
    // stamped by the engine's round, 5 s ahead of the real clock; the network's clock started at
    // the real now and moves only when told, so on a slow machine it falls behind the real one:
    // the answer comes 10 s after the real now, whichever clock is ahead
    await ctx.sim.settle(Math.max(0, Date.now() - ctx.sim.clock.now()) + 10_000)
    await say(phone, 'Thanks!')
    expect(await round()).toEqual(['sent'])
    expect(provider.requests.at(-1)?.body.messages).toEqual([
      { role: 'assistant', content: provider.reply },
      { role: 'user', content: 'Thanks!' },
    ])
  })

  it("leaves the desk's internal notes out of the context", async () => {
    await configure({ replyDelay: 0, contextMessages: 5, systemPrompt: '' })
    const { phone, sessionId } = await aiCustomer()
    const note = await ctx.call('POST', '/damai/customer/session/note', {
      token: agent.token,
      body: { sessionId, text: 'internal: a difficult customer' },
    })
    expect(note.code).toBe(0)
    await say(phone, 'Where is my order?')
    expect(await round()).toEqual(['sent'])
    const sent = JSON.stringify(provider.requests.at(-1)?.body.messages)
    expect(sent).toContain('Where is my order?')
    expect(sent).not.toContain('difficult customer')
    await drainOutbox(ctx)
  })

  it('never answers blocked, invalid or do-not-disturb sessions, nor our own messages', async () => {
    await configure()
    const before = provider.requests.length
    for (const f of ['blocked', 'dnd', 'invalid']) {
      const { phone, sessionId } = await aiCustomer()
      expect((await flag(sessionId, f, true)).code).toBe(0)
      await say(phone, 'anyone?')
    }
    // a session that turned do-not-disturb after the customer wrote is not answered either
    const late = await aiCustomer()
    await say(late.phone, 'hello?')
    expect((await flag(late.sessionId, 'dnd', true)).code).toBe(0)
    expect((await round()).filter((o) => o === 'sent')).toEqual([])
    expect(provider.requests.length).toBe(before)
  })

  it("stops at the tenant's daily budget of replies", async () => {
    await configure({ dailyReplies: 0 })
    const used = (await ctx.tenantSettings.service.view(tenant)).aiUsage.replies
    await configure({ dailyReplies: used + 1 })
    const a = await aiCustomer()
    const b = await aiCustomer()
    await say(a.phone, 'one')
    expect(await round()).toEqual(['sent'])
    const before = provider.requests.length
    await say(b.phone, 'two')
    expect(await round()).toEqual(['budget'])
    expect(provider.requests.length).toBe(before)
    expect(await aiRows(b.sessionId)).toEqual([])
    expect((await ctx.tenantSettings.service.view(tenant)).aiUsage.replies).toBe(used + 1)
  })

  it('stops at the daily budget of tokens too', async () => {
    const usage = (await ctx.tenantSettings.service.view(tenant)).aiUsage
    await configure({ dailyReplies: 0, dailyTokens: usage.tokens + 1 })
    const a = await aiCustomer()
    await say(a.phone, 'first')
    expect(await round()).toEqual(['sent'])
    await say(a.phone, 'second')
    expect(await round()).toEqual(['budget'])
  })

  it('a provider error sends nothing, is counted, and cools the tenant down instead of retrying', async () => {
    await configure({ dailyReplies: 0, dailyTokens: 0 })
    const failuresBefore = (await ctx.tenantSettings.service.view(tenant)).aiUsage.failures
    const a = await aiCustomer()
    const b = await aiCustomer()
    provider.failWith = 500
    const before = provider.requests.length
    try {
      await say(a.phone, 'hello?')
      const at = Date.now() + 10_000
      expect(await ctx.aiReply.engine.tick(at)).toEqual(['failed'])
      expect(await aiRows(a.sessionId)).toEqual([])
      // the failed burst is not tried again, and the next one inside the cool-down makes no call
      await say(b.phone, 'anyone?')
      expect(await ctx.aiReply.engine.tick(at + 5_000)).toEqual(['skipped'])
      expect(provider.requests.length).toBe(before + 1)
      expect((await ctx.tenantSettings.service.view(tenant)).aiUsage.failures).toBe(failuresBefore + 1)
    } finally {
      provider.failWith = null
    }
    // after the cool-down the provider is asked again
    await say(b.phone, 'still there?')
    expect(await ctx.aiReply.engine.tick(Date.now() + 120_000)).toEqual(['sent'])
  })
})
