import { ErrorCode, Role, type WebhookCreated, type WebhookDeliveryPage, type WebhookView } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { webhookReceiver } from '../../test/webhook-receiver.js'
import { backoffAfter } from './webhook.delivery.js'

const SHOP = '8613800000091'
const DAY = 24 * 3_600_000

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let fast: Awaited<ReturnType<typeof webhookReceiver>>
let slow: Awaited<ReturnType<typeof webhookReceiver>>

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) =>
  ctx.call(method, `/damai/customer/webhook${url}`, {
    token: boss.token,
    body,
    query,
    headers: { language: 'en' },
  })
const create = async (url: string, events: string[]) => {
  const r = await call('POST', '', { url, events })
  expect(r.code, r.msg).toBe(0)
  return r.data as WebhookCreated
}
const settle = async () => {
  await ctx.sim.settle(50)
  await ctx.webhooks.settled()
}
const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await settle()
    await new Promise((r) => setTimeout(r, 10))
  }
}

beforeAll(async () => {
  fast = await webhookReceiver()
  slow = await webhookReceiver({ delayMs: 2_000 })
  ctx = await createTestContext({ OUTBOUND_PRIVATE_ADDRESSES: 'true' }, { simRoutes: false, engines: true })
  tenant = await ctx.tenant('hooks')
  boss = await ctx.as(tenant, Role.customerMaster, 'wh-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'wh-agent')
  await ctx.linkAccount(tenant, SHOP)
})
afterAll(async () => {
  await ctx.close()
  await fast.close()
  await slow.close()
})

describe('webhook endpoints on the settings page', () => {
  it('are the supervisor’s: an agent is refused; a bad address or no event is refused in the user’s language', async () => {
    const denied = await ctx.call('POST', '/damai/customer/webhook', {
      token: agent.token,
      body: { url: fast.url, events: ['message.received'] },
    })
    expect(denied.code).toBe(403)
    const bad = await call('POST', '', { url: 'ftp://example.com', events: [] })
    expect(bad.code).toBe(400)
    expect(bad.msg).toMatch(/http/)
    const none = await call('POST', '', { url: 'https://example.com/hook', events: [] })
    expect(none.msg).toBe('Choose at least one event')
    expect((await call('GET', '/list')).data).toEqual({ list: [] })
  })

  it('a slow receiver holds back only itself', async () => {
    const quick = await create(fast.url, ['message.received', 'customer.created'])
    const sluggish = await create(slow.url, ['message.received'])
    for (let i = 0; i < 5; i++)
      ctx.sim.network.customerSend(`44770095100${i}`, SHOP, { kind: 'text', text: `hello ${i}` })
    await until(
      'the quick receiver to get all five',
      () => fast.received.filter((r) => r.event.type === 'message.received').length === 5,
    )
    // everything reached the quick receiver before the slow one answered its first
    expect(slow.received).toHaveLength(0)
    // a new customer's first message also tells of the new customer, before the message
    const first = fast.received.findIndex((r) => r.event.type === 'customer.created')
    expect(first).toBeGreaterThanOrEqual(0)
    expect(fast.received[first].event.data.phone).toMatch(/^4477009510/)
    await until('the slow receiver too', () => slow.received.length === 5, 20_000)
    expect(Math.max(...fast.received.map((r) => r.at))).toBeLessThan(
      Math.min(...slow.received.map((r) => r.at)),
    )
    await call('DELETE', '', undefined, { id: String(quick.endpoint.id) })
    await call('DELETE', '', undefined, { id: String(sluggish.endpoint.id) })
  })

  it('retries with backoff; the log shows each attempt; send again delivers once more', async () => {
    fast.received.length = 0
    fast.state.down = true
    const hook = await create(fast.url, ['message.received'])
    ctx.sim.network.customerSend('447700951100', SHOP, { kind: 'text', text: 'are you there?' })
    const pending = async () =>
      ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', hook.endpoint.id)
        .execute()
    await until('a failed attempt', async () => (await pending()).some((d) => d.attempts === 1))
    const [failed] = await pending()
    expect(failed.state).toBe('pending')
    expect(failed.last_status).toBe(503)
    expect(failed.next_at - (failed.last_at ?? 0)).toBe(backoffAfter(1))
    const listed = (await call('GET', '/list')).data as { list: WebhookView[] }
    expect(listed.list.find((e) => e.id === hook.endpoint.id)?.failingSince).not.toBeNull()
    fast.state.down = false
    await ctx.db.updateTable('webhook_deliveries').set({ next_at: 0 }).where('id', '=', failed.id).execute()
    await ctx.webhooks.delivery.poke()
    await until('delivered', async () => (await pending())[0].state === 'delivered')
    const log = (await call('GET', '/deliveries', undefined, { endpointId: String(hook.endpoint.id) }))
      .data as WebhookDeliveryPage
    expect(log.list[0]).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 204 })
    expect(JSON.parse(log.list[0].body).data.text).toBe('are you there?')
    const again = await call('POST', '/redeliver', { id: log.list[0].id })
    expect(again.code).toBe(0)
    await until('delivered again', () => fast.received.length === 2)
    expect(fast.received[0].id).toBe(fast.received[1].id)
    await call('DELETE', '', undefined, { id: String(hook.endpoint.id) })
  })

  it('an endpoint failing for a day is turned off, with a risk warning for the supervisor', async () => {
    const hook = await create('http://127.0.0.1:9/hook', ['message.received'])
    await ctx.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: Date.now() - DAY - 60_000 })
      .where('id', '=', hook.endpoint.id)
      .execute()
    ctx.sim.network.customerSend('447700951200', SHOP, { kind: 'text', text: 'hello?' })
    await until('turned off', async () => {
      const e = ((await call('GET', '/list')).data as { list: WebhookView[] }).list.find(
        (x) => x.id === hook.endpoint.id,
      )
      return e?.enabled === false
    })
    const e = ((await call('GET', '/list')).data as { list: WebhookView[] }).list.find(
      (x) => x.id === hook.endpoint.id,
    )
    expect(e?.disabledReason).toBe('failing')
    await until('the warning', async () =>
      (
        await ctx.db.selectFrom('risk_warnings').select('kind').where('tenant_id', '=', tenant).execute()
      ).some((w) => w.kind === 'webhook_failing'),
    )
    const on = await call('PUT', '', { id: hook.endpoint.id, enabled: true })
    expect((on.data as WebhookView).enabled).toBe(true)
    expect((on.data as WebhookView).failingSince).toBeNull()
  })

  it('another tenant’s endpoint is not found', async () => {
    const other = await ctx.tenant('hooks-rival')
    const rival = await ctx.as(other, Role.customerMaster, 'wh-rival')
    const mine = await create(fast.url, ['session.status'])
    const r = await ctx.call('PUT', '/damai/customer/webhook', {
      token: rival.token,
      body: { id: mine.endpoint.id, enabled: false },
    })
    expect(r.code).toBe(ErrorCode.notFound)
  })
})
