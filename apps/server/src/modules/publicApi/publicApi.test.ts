import { type ApiKeyCreated, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { customerSession, drainOutbox } from '../../test/messaging.js'

let ctx: TestContext
let tenant: number
let boss: Signed
let agent: Signed
let rivalSession: number
const SHOP = '8613800000061'
const RIVAL_SHOP = '8613800000069'

beforeAll(async () => {
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000', API_RATE_PER_MINUTE: '1000' },
    { simRoutes: false, sim: { rules: { sendLimitPerMinute: 100_000 } } },
  )
  tenant = await ctx.tenant('pubapi')
  boss = await ctx.as(tenant, Role.customerMaster, 'pa-boss')
  agent = await ctx.as(tenant, Role.customerUser, 'pa-agent')
  await ctx.linkAccount(tenant, SHOP)
  const other = await ctx.tenant('pubapi-rival')
  await ctx.linkAccount(other, RIVAL_SHOP)
  rivalSession = await customerSession(ctx, '447700922999', RIVAL_SHOP)
})
afterAll(() => ctx.close())

const makeKey = async (who: Signed, body: Record<string, unknown>) => {
  const r = await ctx.call('POST', '/damai/customer/apiKey', { token: who.token, body })
  expect(r.code, r.msg).toBe(0)
  return r.data as ApiKeyCreated
}
const v1 = (method: 'GET' | 'POST' | 'PUT', url: string, key: string, body?: unknown, headers = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  })

describe('API keys', () => {
  it('are made by the supervisor only, shown once and listed without their secret', async () => {
    const denied = await ctx.call('POST', '/damai/customer/apiKey', {
      token: agent.token,
      body: { name: 'crm', scopes: ['read'] },
    })
    expect(denied.code).toBe(403)
    const made = await makeKey(boss, { name: 'crm', scopes: ['read', 'send'] })
    expect(made.secret).toMatch(/^wsk_[\w-]{43}$/)
    const list = await ctx.call('GET', '/damai/customer/apiKey/list', { token: boss.token })
    const text = JSON.stringify(list.data)
    expect(text).not.toContain(made.secret)
    expect(text).toContain(made.key.prefix)
    const row = await ctx.db
      .selectFrom('api_keys')
      .select('secret_hash')
      .where('id', '=', made.key.id)
      .executeTakeFirstOrThrow()
    expect(row.secret_hash).not.toContain(made.secret)
  })

  it('refuses a bad name or scope in the caller’s language and stores nothing', async () => {
    const before = await ctx.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const r = await ctx.call('POST', '/damai/customer/apiKey', {
      token: boss.token,
      body: { name: '', scopes: ['root'] },
      headers: { language: 'en' },
    })
    expect(r.code).toBe(400)
    expect(r.msg).toBe('Enter a name for the key')
    const after = await ctx.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('a console token is no key, and a key is no console token', async () => {
    const { secret } = await makeKey(boss, { name: 'swap', scopes: ['read'] })
    const withToken = await v1('GET', '/accounts', boss.token)
    expect(withToken.statusCode).toBe(401)
    expect(withToken.headers['content-type']).toContain('application/problem+json')
    const onConsole = await ctx.app.inject({
      method: 'GET',
      url: '/damai/customer/apiKey/list',
      headers: { authorization: `Bearer ${secret}` },
    })
    expect(onConsole.json().code).toBe(401)
  })

  it('revoked: refused at once; lacking a scope: 403; an allowed address list is kept to', async () => {
    const made = await makeKey(boss, { name: 'short', scopes: ['read'] })
    expect((await v1('GET', '/accounts', made.secret)).statusCode).toBe(200)
    expect(
      (
        await v1('POST', '/messages', made.secret, {
          phone: '447700922001',
          message: { type: 'text', text: 'x' },
        })
      ).statusCode,
    ).toBe(403)
    const revoked = await ctx.call('PUT', '/damai/customer/apiKey/revoke', {
      token: boss.token,
      body: { id: made.key.id },
    })
    expect(revoked.code).toBe(0)
    expect((await v1('GET', '/accounts', made.secret)).statusCode).toBe(401)
    const fenced = await makeKey(boss, { name: 'fenced', scopes: ['read'], allowedIps: ['203.0.113.0/24'] })
    const far = await v1('GET', '/accounts', fenced.secret)
    expect(far.statusCode).toBe(403)
    expect(far.json().detail).toMatch(/address/)
  })
})

describe('/api/v1', () => {
  it('publishes its OpenAPI 3.1 document and a reference page', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toContain('/messages')
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('sendMessage')
  })

  it('sends to a phone once, however often the same Idempotency-Key is sent', async () => {
    const { secret } = await makeKey(boss, { name: 'shop', scopes: ['read', 'send'] })
    const body = { phone: '+447700922002', message: { type: 'text', text: 'Your order shipped' } }
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(await v1('POST', '/messages', secret, body, { 'idempotency-key': 'order-1001' }))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201])
    const ids = answers.map((a) => a.json().id)
    expect(new Set(ids).size).toBe(1)
    expect(answers[1].headers['idempotent-replayed']).toBe('true')
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, '447700922002').filter((m) => m.from === SHOP)
    expect(got).toHaveLength(1)
    const other = await v1(
      'POST',
      '/messages',
      secret,
      { ...body, message: { type: 'text', text: 'other' } },
      {
        'idempotency-key': 'order-1001',
      },
    )
    expect(other.statusCode).toBe(422)
  })

  it('another tenant’s ids are not found and change nothing', async () => {
    const { secret } = await makeKey(boss, { name: 'nosy', scopes: ['read', 'send'] })
    expect((await v1('GET', `/sessions/${rivalSession}`, secret)).statusCode).toBe(404)
    const put = await v1('PUT', `/sessions/${rivalSession}/status`, secret, { status: 'resolved' })
    expect(put.statusCode).toBe(404)
    const row = await ctx.db
      .selectFrom('sessions')
      .select('status')
      .where('id', '=', rivalSession)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('open')
    const send = await v1('POST', '/messages', secret, {
      sessionId: rivalSession,
      message: { type: 'text', text: 'x' },
    })
    expect(send.statusCode).toBe(404)
  })

  it('answers a bad body with 400 and the invalid fields', async () => {
    const { secret } = await makeKey(boss, { name: 'bad', scopes: ['send'] })
    const r = await v1('POST', '/messages', secret, { message: { type: 'text', text: '' } })
    expect(r.statusCode).toBe(400)
    expect(r.json().errors.length).toBeGreaterThan(0)
  })
})

describe('/api/v1/webhooks', () => {
  it('a key with the webhooks scope manages the endpoints; one without it is refused', async () => {
    const { secret } = await makeKey(boss, { name: 'hooks', scopes: ['webhooks'] })
    const body = { url: 'https://example.com/hooks', events: ['message.received'] }
    const made = await v1('POST', '/webhooks', secret, body, { 'idempotency-key': 'hook-1' })
    expect(made.statusCode).toBe(201)
    expect(made.json().secret).toMatch(/^whsec_/)
    const again = await v1('POST', '/webhooks', secret, body, { 'idempotency-key': 'hook-1' })
    expect(again.json().endpoint.id).toBe(made.json().endpoint.id)
    const id = made.json().endpoint.id as number
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${secret}` },
      payload: { enabled: false },
    })
    expect(off.json()).toMatchObject({ id, enabled: false, disabledReason: 'user' })
    const list = await v1('GET', '/webhooks', secret)
    expect(list.json().data.map((e: { id: number }) => e.id)).toEqual([id])
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${secret}` },
    })
    expect(gone.json()).toEqual({ id, deleted: true })
    const { secret: reader } = await makeKey(boss, { name: 'reader', scopes: ['read'] })
    expect((await v1('GET', '/webhooks', reader)).statusCode).toBe(403)
  })
})
