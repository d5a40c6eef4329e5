import { type ApiKeyCreated, Role, type WebhookCreated } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { publicApiClient } from '../../test/public-api-client.js'
import { webhookReceiver } from '../../test/webhook-receiver.js'
import { verify } from '../webhooks/index.js'

const SHOP = '8613800000071'
const CUSTOMER = '447700933001'

let ctx: TestContext
let boss: Signed
let receiver: Awaited<ReturnType<typeof webhookReceiver>>
let hook: WebhookCreated
let client: ReturnType<typeof publicApiClient>

const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await ctx.sim.settle(50)
    await ctx.webhooks.settled()
    await new Promise((r) => setTimeout(r, 20))
  }
}
const ofType = (type: string) => receiver.received.filter((r) => r.event.type === type)

beforeAll(async () => {
  receiver = await webhookReceiver()
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000', OUTBOUND_PRIVATE_ADDRESSES: 'true' },
    { simRoutes: false, engines: true, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  const tenant = await ctx.tenant('flow')
  boss = await ctx.as(tenant, Role.customerMaster, 'fl-boss')
  await ctx.linkAccount(tenant, SHOP)
  const key = await ctx.call('POST', '/damai/customer/apiKey', {
    token: boss.token,
    body: { name: 'shop', scopes: ['read', 'send'] },
  })
  client = publicApiClient(ctx.app, (key.data as ApiKeyCreated).secret)
  const made = await ctx.call('POST', '/damai/customer/webhook', {
    token: boss.token,
    body: { url: receiver.url, events: ['message.received', 'message.status', 'session.status'] },
  })
  expect(made.code, made.msg).toBe(0)
  hook = made.data as WebhookCreated
})
afterAll(async () => {
  await ctx.close()
  await receiver.close()
})

describe('a shop drives a number through the public API and hears back by webhook', () => {
  let sent: number
  let sessionId: number

  it('sends to a customer by phone once, although the same Idempotency-Key is sent three times', async () => {
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const { data, response, error } = await client.POST('/messages', {
        params: { header: { 'Idempotency-Key': 'order-2001' } },
        body: { phone: CUSTOMER, message: { type: 'text', text: 'Order 2001 has shipped' } },
      })
      expect(response.status, JSON.stringify(error)).toBe(201)
      if (data) ids.push(data.id)
    }
    expect(new Set(ids).size).toBe(1)
    sent = ids[0]
    await until('the phone to get it', () => ctx.sim.network.messagesBetween(SHOP, CUSTOMER).length > 0)
    await ctx.sim.settle(500)
    const onPhone = ctx.sim.network.messagesBetween(SHOP, CUSTOMER).filter((m) => m.from === SHOP)
    expect(onPhone).toHaveLength(1)
    const { data } = await client.GET('/sessions', { params: { query: { limit: 10 } } })
    sessionId = data?.data[0]?.id ?? 0
    expect(sessionId).toBeGreaterThan(0)
  })

  it('the receiver hears the message’s statuses and the customer’s reply, signed', async () => {
    ctx.sim.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text: 'Thanks!' })
    await until(
      'the reply and a status',
      () =>
        ofType('message.received').some((r) => r.event.data.text === 'Thanks!') &&
        ofType('message.status').some(
          (r) => r.event.data.messageId === sent && r.event.data.status !== 'sending',
        ),
    )
    for (const r of receiver.received) {
      expect(verify(hook.secret, { id: r.id, timestamp: r.timestamp, signature: r.signature }, r.body)).toBe(
        true,
      )
      expect(r.id).toBe(r.event.id)
    }
    const tampered = receiver.received[0]
    expect(
      verify(
        hook.secret,
        { id: tampered.id, timestamp: tampered.timestamp, signature: tampered.signature },
        `${tampered.body} `,
      ),
    ).toBe(false)
    const received = ofType('message.received').find((r) => r.event.data.text === 'Thanks!')
    expect(received?.event.data.sessionId).toBe(sessionId)
  })

  it('a receiver that was away gets everything afterwards, in order per session', async () => {
    receiver.state.down = true
    const texts = ['one', 'two', 'three', 'four', 'five']
    for (const text of texts) {
      ctx.sim.network.customerSend(CUSTOMER, SHOP, { kind: 'text', text })
      await ctx.sim.settle(20)
    }
    await until('a failed attempt', async () => {
      const r = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('attempts', '>', 0)
        .executeTakeFirst()
      return r !== undefined
    })
    const log = await ctx.call('GET', '/damai/customer/webhook/deliveries', {
      token: boss.token,
      query: { endpointId: String(hook.endpoint.id) },
    })
    expect(JSON.stringify(log.data)).toContain('HTTP 503')
    receiver.state.down = false
    // the retry falls due (its backoff passed)
    await ctx.db
      .updateTable('webhook_deliveries')
      .set({ next_at: 0 })
      .where('state', '=', 'pending')
      .execute()
    await ctx.webhooks.delivery.poke()
    await until('all five', () =>
      texts.every((t) => ofType('message.received').some((r) => r.event.data.text === t)),
    )
    const order = ofType('message.received')
      .filter((r) => texts.includes(String(r.event.data.text)))
      .map((r) => String(r.event.data.text))
    expect([...new Set(order)]).toEqual(texts)
  })

  it('resolving the session through the API is heard as session.status', async () => {
    const { response } = await client.PUT('/sessions/{id}/status', {
      params: { path: { id: sessionId } },
      body: { status: 'resolved' },
    })
    expect(response.status).toBe(200)
    await until('session.status', () =>
      ofType('session.status').some((r) => r.event.data.status === 'resolved'),
    )
  })
})
