import { FailureReason, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'
import { sample } from '../../test/metrics.js'

const SHOP = '8613800000001'
const OUTSIDER = '203.0.113.7'

const scrape = (ctx: TestContext, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) })

describe('/metrics without METRICS_TOKEN', () => {
  let ctx: TestContext
  let tenant: number
  let userId: number
  beforeAll(async () => {
    ctx = await createTestContext(
      { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
      { sim: { rules: { sendLimitPerMinute: 100_000 } } },
    )
    tenant = await ctx.tenant('acme')
    userId = (await ctx.as(tenant, Role.customerMaster, 'boss')).userId
    await ctx.linkAccount(tenant, SHOP)
  })
  afterAll(() => ctx.close())

  it('answers a loopback client in the Prometheus text format, with the default Node metrics', async () => {
    const res = await scrape(ctx)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4')
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge')
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter')
    expect(sample(res.body, 'wsdesk_accounts{status="online"}')).toBe(1)
    expect(sample(res.body, 'wsdesk_process_accounts')).toBe(1)
    expect(sample(res.body, 'wsdesk_outbox_depth')).toBe(0)
    expect(sample(res.body, 'wsdesk_outbox_oldest_age_seconds')).toBe(0)
  })

  it('refuses any other client with 403 and no metrics', async () => {
    const res = await scrape(ctx, {}, OUTSIDER)
    expect(res.statusCode).toBe(403)
    expect(res.body).not.toContain('wsdesk_')
  })

  it('counts the outbox depth while a message waits, then the send, and an inbound message with its lag', async () => {
    const sessionId = await customerSession(ctx, '447700900001', SHOP)
    const before = await scrape(ctx)
    expect(sample(before.body, 'wsdesk_inbound_lag_seconds_count')).toBe(1)
    await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId,
      content: { type: 'text', text: 'hello' },
      requestedBy: userId,
    })
    const waiting = await scrape(ctx)
    expect(sample(waiting.body, 'wsdesk_outbox_depth')).toBe(1)
    expect(sample(waiting.body, 'wsdesk_sends_total{result="sent"}')).toBeUndefined()
    await drainOutbox(ctx)
    const after = await scrape(ctx)
    expect(sample(after.body, 'wsdesk_outbox_depth')).toBe(0)
    expect(sample(after.body, 'wsdesk_sends_total{result="sent"}')).toBe(1)
  })

  it('counts a message that fails by its reason', async () => {
    const sessionId = await customerSession(ctx, '447700900002', SHOP)
    await ctx.messaging.outbox.enqueue({
      tenantId: tenant,
      sessionId,
      content: { type: 'text', text: 'to a banned number' },
      requestedBy: userId,
    })
    await ctx.db
      .updateTable('ws_accounts')
      .set({ status: 'banned' })
      .where('tenant_id', '=', tenant)
      .execute()
    await drainOutbox(ctx)
    const res = await scrape(ctx)
    expect(sample(res.body, `wsdesk_send_failures_total{reason="${FailureReason.wsBan}"}`)).toBe(1)
    expect(sample(res.body, 'wsdesk_accounts{status="banned"}')).toBe(1)
    expect(sample(res.body, 'wsdesk_sends_total{result="sent"}')).toBe(1)
  })

  it('counts responses by status code', async () => {
    await ctx.app.inject({ method: 'GET', url: '/damai/no/such/route' })
    const res = await scrape(ctx)
    expect(sample(res.body, 'wsdesk_http_requests_total{status="404"}')).toBe(1)
    // the outsider refused above
    expect(sample(res.body, 'wsdesk_http_requests_total{status="403"}')).toBe(1)
    expect(sample(res.body, 'wsdesk_http_requests_total{status="401"}')).toBeUndefined()
  })
})

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: 'scrape-s3cret' })
  })
  afterAll(() => ctx.close())

  it('asks for the bearer token, from loopback too', async () => {
    expect((await scrape(ctx)).statusCode).toBe(401)
    expect((await scrape(ctx, { authorization: 'Bearer wrong-token' })).statusCode).toBe(401)
    expect((await scrape(ctx, { authorization: 'Basic scrape-s3cret' })).statusCode).toBe(401)
  })

  it('answers any client that bears it', async () => {
    const res = await scrape(ctx, { authorization: 'Bearer scrape-s3cret' }, OUTSIDER)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('# TYPE wsdesk_outbox_depth gauge')
  })
})

describe('/healthz and /readyz', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('answers /healthz to anyone, without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', remoteAddress: OUTSIDER })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
  })

  it('is not ready before the engines start, ready after, and not ready once the database is closed', async () => {
    const early = await ctx.app.inject({ method: 'GET', url: '/readyz', remoteAddress: OUTSIDER })
    expect(early.statusCode).toBe(503)
    expect(early.json()).toEqual({
      ok: false,
      checks: { database: 'ok', redis: 'not configured', gateway: 'not started' },
    })
    await ctx.engines.start()
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      ok: true,
      checks: { database: 'ok', redis: 'not configured', gateway: 'ok' },
    })
    await ctx.engines.stop()
    await ctx.db.destroy()
    const closed = await ctx.app.inject({ method: 'GET', url: '/readyz' })
    expect(closed.statusCode).toBe(503)
    expect(closed.json()).toMatchObject({ ok: false, checks: { database: 'failed' } })
    // alive all the same: the load balancer restarts on /healthz, stops routing on /readyz
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })
})

describe('/readyz with REDIS_URL', () => {
  let ctx: TestContext
  beforeAll(async () => {
    // nothing listens on port 1: the ping fails at once
    ctx = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1' })
    await ctx.engines.start()
  })
  afterAll(() => ctx.close())

  it('is not ready while Redis does not answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ ok: false, checks: { database: 'ok', redis: 'failed', gateway: 'ok' } })
  })
})
