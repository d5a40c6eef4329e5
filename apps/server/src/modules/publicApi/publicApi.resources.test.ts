import { type ApiKeyCreated, ApiScope, MASS_SEND_PACING_DEFAULT, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type Signed, type TestContext } from '../../test/harness.js'
import { publicApiClient } from '../../test/public-api-client.js'
import { MASS_ENV, MASS_SIM, MassDriver, whileSettling } from '../massSend/massSend.fixtures.js'

const SHOP = '8613800000081'
const CUSTOMER = '447700955001'
const OTHER = '447700955002'
const STRANGERS = ['447700955101', '447700955102']

let ctx: TestContext
let boss: Signed
let account: number
let client: ReturnType<typeof publicApiClient>
let readOnly: ReturnType<typeof publicApiClient>
let vip: number
let lead: number
let welcome: number
let customerId: number

const ok = <T>(what: string, r: { code: number; msg: string; data: unknown }): T => {
  expect(r.code, `${what}: ${r.msg}`).toBe(0)
  return r.data as T
}
const keyOf = async (scopes: string[]) =>
  ok<ApiKeyCreated>(
    'key',
    await ctx.call('POST', '/damai/customer/apiKey', {
      token: boss.token,
      body: { name: scopes.join('+'), scopes },
    }),
  ).secret
const labelOf = async (name: string) =>
  ok<{ id: number }>(
    'label',
    await ctx.call('POST', '/damai/customer/label', { token: boss.token, body: { name } }),
  ).id
const materialOf = async (ownerType: 1 | 2, name: string, content: Record<string, unknown>) =>
  ok<{ id: number }>(
    'material',
    await ctx.call('POST', '/damai/customer/material', {
      token: boss.token,
      body: { ownerType, name, content },
    }),
  ).id

beforeAll(async () => {
  ctx = await createTestContext(
    { ...MASS_ENV, API_RATE_PER_MINUTE: '10000' },
    { ...MASS_SIM, simRoutes: false },
  )
  const tenant = await ctx.tenant('resources')
  boss = await ctx.as(tenant, Role.customerMaster, 'rs-boss')
  account = await ctx.linkAccount(tenant, SHOP)
  client = publicApiClient(ctx.app, await keyOf([ApiScope.read, ApiScope.customers, ApiScope.massSend]))
  readOnly = publicApiClient(ctx.app, await keyOf([ApiScope.read]))
  vip = await labelOf('vip')
  lead = await labelOf('lead')
})
afterAll(() => ctx.close())

describe('customers', () => {
  let id: number

  it('are created by phone once, however often the same Idempotency-Key is sent', async () => {
    const answers = []
    for (let i = 0; i < 2; i++)
      answers.push(
        await client.POST('/customers', {
          params: { header: { 'Idempotency-Key': 'crm-customer-1' } },
          body: { phone: `+${CUSTOMER}`, remark: 'from the CRM' },
        }),
      )
    expect(answers.map((a) => a.response.status)).toEqual([201, 201])
    expect(answers[1]?.response.headers.get('idempotent-replayed')).toBe('true')
    const [first, again] = answers.map((a) => a.data)
    expect(again?.id).toBe(first?.id)
    expect(first).toMatchObject({
      phone: CUSTOMER,
      remark: 'from the CRM',
      accountId: account,
      invalid: false,
    })
    expect(first?.sessionId).toBeGreaterThan(0)
    id = first?.id ?? 0
    customerId = id
    // the same phone without a key answers the customer there is
    const plain = await client.POST('/customers', { body: { phone: CUSTOMER, accountId: account } })
    expect(plain.response.status).toBe(201)
    expect(plain.data?.id).toBe(id)
    const listed = await client.GET('/customers', { params: { query: { keyword: CUSTOMER } } })
    expect(listed.data?.data.map((c) => c.id)).toEqual([id])
  })

  it('get a new remark and exactly the labels given', async () => {
    const both = await client.PATCH('/customers/{id}', {
      params: { path: { id } },
      body: { remark: 'gold', labelIds: [vip, lead] },
    })
    expect(both.response.status, JSON.stringify(both.error)).toBe(200)
    expect(both.data?.remark).toBe('gold')
    expect(both.data?.labels.map((l) => l.id).sort()).toEqual([vip, lead].sort())
    const one = await client.PATCH('/customers/{id}', {
      params: { path: { id } },
      body: { labelIds: [lead] },
    })
    expect(one.data?.labels.map((l) => l.id)).toEqual([lead])
    expect(one.data?.remark).toBe('gold')
    const read = await client.GET('/customers/{id}', { params: { path: { id } } })
    expect(read.data).toMatchObject({ id, remark: 'gold', labels: [{ id: lead, name: 'lead' }] })
  })

  it('refuse an unknown label whole, leaving the customer as it was', async () => {
    const r = await client.PATCH('/customers/{id}', {
      params: { path: { id } },
      body: { remark: 'changed', labelIds: [vip, 999_999] },
    })
    expect(r.response.status).toBe(404)
    expect(r.response.headers.get('content-type')).toContain('application/problem+json')
    const read = await client.GET('/customers/{id}', { params: { path: { id } } })
    expect(read.data).toMatchObject({ remark: 'gold', labels: [{ id: lead }] })
  })

  it('are listed by label, by number, page by page', async () => {
    // WhatsApp's number checks are paced on the network's clock
    const other = await whileSettling(ctx, client.POST('/customers', { body: { phone: OTHER } }))
    expect(other.response.status).toBe(201)
    const otherId = other.data?.id ?? 0
    await client.PATCH('/customers/{id}', { params: { path: { id: otherId } }, body: { labelIds: [vip] } })
    const byLead = await client.GET('/customers', { params: { query: { labelId: lead } } })
    expect(byLead.data?.data.map((c) => c.id)).toEqual([id])
    const byVip = await client.GET('/customers', { params: { query: { labelId: vip } } })
    expect(byVip.data?.data.map((c) => c.id)).toEqual([otherId])
    const first = await client.GET('/customers', { params: { query: { accountId: account, limit: 1 } } })
    expect(first.data?.data.map((c) => c.id)).toEqual([otherId])
    const cursor = first.data?.nextCursor ?? undefined
    expect(cursor).toBeTruthy()
    const second = await client.GET('/customers', {
      params: { query: { accountId: account, limit: 1, cursor } },
    })
    expect(second.data?.data.map((c) => c.id)).toEqual([id])
    expect(second.data?.nextCursor).toBeNull()
  })

  it('are marked invalid', async () => {
    const r = await client.POST('/customers/{id}/invalid', { params: { path: { id } } })
    expect(r.response.status).toBe(200)
    expect(r.data?.invalid).toBe(true)
    expect((await client.GET('/customers/{id}', { params: { path: { id } } })).data?.invalid).toBe(true)
  })

  it('another tenant’s customer, or none, is not found', async () => {
    const r = await client.GET('/customers/{id}', { params: { path: { id: 999_999 } } })
    expect(r.response.status).toBe(404)
    const invalid = await client.POST('/customers/{id}/invalid', { params: { path: { id: 999_999 } } })
    expect(invalid.response.status).toBe(404)
  })
})

describe('materials', () => {
  it('lists the public library and the key owner’s own, by type and keyword, page by page', async () => {
    const text = await materialOf(1, 'Welcome text', { type: 'text', text: 'Welcome!' })
    welcome = text
    const place = await materialOf(1, 'Shop address', {
      type: 'location',
      latitude: 51.5,
      longitude: -0.12,
      name: 'Shop',
    })
    const own = await materialOf(2, 'My greeting', { type: 'text', text: 'Hi, it is me' })
    const all = await client.GET('/materials', {})
    expect(all.response.status, JSON.stringify(all.error)).toBe(200)
    expect(all.data?.data.map((m) => m.id)).toEqual([own, place, text])
    const pub = await client.GET('/materials', { params: { query: { library: 'public' } } })
    expect(pub.data?.data.map((m) => m.id)).toEqual([place, text])
    const texts = await client.GET('/materials', { params: { query: { type: 'text' } } })
    expect(texts.data?.data.map((m) => m.id)).toEqual([own, text])
    const named = await client.GET('/materials', { params: { query: { keyword: 'greet' } } })
    expect(named.data?.data.map((m) => m.id)).toEqual([own])
    const first = await client.GET('/materials', { params: { query: { limit: 2 } } })
    expect(first.data?.data.map((m) => m.id)).toEqual([own, place])
    const cursor = first.data?.nextCursor ?? undefined
    const rest = await client.GET('/materials', { params: { query: { limit: 2, cursor } } })
    expect(rest.data?.data.map((m) => m.id)).toEqual([text])
    expect(rest.data?.nextCursor).toBeNull()
  })
})

describe('mass sends', () => {
  let taskId: number

  it('are created to phones, once for an Idempotency-Key, and run through the engine', async () => {
    const drive = new MassDriver(ctx)
    const body = {
      name: 'API promo',
      audience: { type: 'strangers' as const, phones: STRANGERS },
      accountIds: [account],
      sentences: [{ type: 'text' as const, text: 'Hello {phone}' }],
      sentenceInterval: { min: 0, max: 0 },
      // one recipient, then an hour's rest: the task stays running while the test acts on it
      customerInterval: { min: 3_600, max: 3_600 },
      sendCount: { min: 1, max: 1 },
    }
    const made = await client.POST('/mass-sends', {
      params: { header: { 'Idempotency-Key': 'promo-1' } },
      body,
    })
    expect(made.response.status, JSON.stringify(made.error)).toBe(201)
    expect(made.data).toMatchObject({ name: 'API promo', audience: 'strangers', kind: 'personal' })
    expect(made.data?.counters.total).toBe(2)
    taskId = made.data?.id ?? 0
    const again = await client.POST('/mass-sends', {
      params: { header: { 'Idempotency-Key': 'promo-1' } },
      body,
    })
    expect(again.data?.id).toBe(taskId)
    await drive.until(async () => (await drive.status(taskId)) === 'executing')
    await drive.until(async () => ctx.sim.network.messagesBetween(SHOP, STRANGERS[0] as string).length > 0)
    const read = await client.GET('/mass-sends/{id}', { params: { path: { id: taskId } } })
    expect(read.data).toMatchObject({ id: taskId, status: 'executing', can: { pause: true, resume: false } })
    expect(read.data?.counters).toMatchObject({ total: 2 })
    expect(read.data?.counters.messagesSent).toBeGreaterThanOrEqual(1)
  })

  it('are paused, resumed and cancelled, each only in its status', async () => {
    const path = { params: { path: { id: taskId } } }
    const resumeRunning = await client.POST('/mass-sends/{id}/resume', path)
    expect(resumeRunning.response.status).toBe(422)
    expect(resumeRunning.error).toMatchObject({ status: 422 })
    const paused = await client.POST('/mass-sends/{id}/pause', path)
    expect(paused.data?.status).toBe('paused')
    const resumed = await client.POST('/mass-sends/{id}/resume', path)
    expect(resumed.data?.status).toBe('executing')
    const cancelled = await client.POST('/mass-sends/{id}/cancel', path)
    expect(cancelled.data?.status).toBe('terminated')
    expect(cancelled.data?.counters).toMatchObject({ total: 2, remaining: 0 })
    expect(cancelled.data?.counters.cancelled).toBeGreaterThanOrEqual(1)
    expect((await client.POST('/mass-sends/{id}/cancel', path)).response.status).toBe(422)
  })

  it('refuse phones without the numbers to send from, naming the field', async () => {
    const r = await client.POST('/mass-sends', {
      body: {
        name: 'No numbers',
        audience: { type: 'strangers', phones: STRANGERS },
        sentences: [{ type: 'text', text: 'Hello' }],
      },
      headers: { language: 'en' },
    })
    expect(r.response.status).toBe(400)
    expect(r.error?.errors?.map((e) => e.path)).toEqual(['body.accountIds'])
  })

  it('to labelled customers are created with the default pacing', async () => {
    const r = await client.POST('/mass-sends', {
      body: {
        name: 'VIP news',
        audience: { type: 'customers', includeLabelIds: [vip] },
        sentences: [
          { type: 'text', text: 'News for {nickname}' },
          { type: 'material', materialId: welcome },
        ],
      },
    })
    expect(r.response.status, JSON.stringify(r.error)).toBe(201)
    expect(r.data).toMatchObject({
      audience: 'customers',
      customerFilter: { includeLabelIds: [vip] },
      sentenceInterval: MASS_SEND_PACING_DEFAULT.sentenceInterval,
      customerInterval: MASS_SEND_PACING_DEFAULT.customerInterval,
      sendCount: MASS_SEND_PACING_DEFAULT.sendCount,
      sentenceCount: 2,
    })
    await client.POST('/mass-sends/{id}/cancel', { params: { path: { id: r.data?.id ?? 0 } } })
  })
})

describe('another tenant’s ids', () => {
  it('are not found, or not usable, and change nothing', async () => {
    const rival = await ctx.tenant('resources-rival')
    const rivalBoss = await ctx.as(rival, Role.customerMaster, 'rs-rival-boss')
    const rivalAccount = await ctx.linkAccount(rival, '8613900000081')
    const as = { token: rivalBoss.token }
    const rivalLabel = ok<{ id: number }>(
      'rival label',
      await ctx.call('POST', '/damai/customer/label', { ...as, body: { name: 'rival' } }),
    ).id
    const rivalMaterial = ok<{ id: number }>(
      'rival material',
      await ctx.call('POST', '/damai/customer/material', {
        ...as,
        body: { ownerType: 1, name: 'Rival text', content: { type: 'text', text: 'rival' } },
      }),
    ).id
    const path = { params: { path: { id: customerId } } }
    const before = (await client.GET('/customers/{id}', path)).data
    const labelled = await client.PATCH('/customers/{id}', {
      ...path,
      body: { remark: 'rival', labelIds: [rivalLabel] },
    })
    expect(labelled.response.status).toBe(404)
    expect((await client.GET('/customers/{id}', path)).data).toEqual(before)
    const listed = await client.GET('/customers', { params: { query: { labelId: rivalLabel } } })
    expect(listed.data?.data).toEqual([])
    const onRival = await client.POST('/customers', { body: { phone: OTHER, accountId: rivalAccount } })
    expect(onRival.response.status).toBe(404)
    const base = { name: 'Rival ids', sentences: [{ type: 'text' as const, text: 'x' }] }
    const byLabel = await client.POST('/mass-sends', {
      body: { ...base, audience: { type: 'customers', includeLabelIds: [rivalLabel] } },
    })
    expect(byLabel.response.status).toBe(404)
    const fromRival = await client.POST('/mass-sends', {
      body: { ...base, audience: { type: 'strangers', phones: STRANGERS }, accountIds: [rivalAccount] },
    })
    expect(fromRival.response.status).toBe(422)
    const rivalSentence = await client.POST('/mass-sends', {
      body: {
        ...base,
        audience: { type: 'strangers', phones: STRANGERS },
        accountIds: [account],
        sentences: [{ type: 'material', materialId: rivalMaterial }],
      },
    })
    // the console's rule: a material that cannot be sent, whatever the reason, is unusable
    expect(rivalSentence.response.status).toBe(422)
  })
})

describe('scopes', () => {
  it('a key without the scope is refused with 403', async () => {
    const created = await readOnly.POST('/customers', { body: { phone: OTHER } })
    expect(created.response.status).toBe(403)
    expect(created.error?.detail).toContain('"customers"')
    const patched = await readOnly.PATCH('/customers/{id}', {
      params: { path: { id: 1 } },
      body: { remark: 'x' },
    })
    expect(patched.response.status).toBe(403)
    const send = await readOnly.POST('/mass-sends', {
      body: {
        name: 'x',
        audience: { type: 'strangers', phones: STRANGERS },
        accountIds: [account],
        sentences: [{ type: 'text', text: 'x' }],
      },
    })
    expect(send.response.status).toBe(403)
    expect(send.error?.detail).toContain('"mass_send"')
    expect((await readOnly.GET('/mass-sends/{id}', { params: { path: { id: 1 } } })).response.status).toBe(
      403,
    )
    // the read scope is enough to read customers and materials
    expect((await readOnly.GET('/customers', {})).response.status).toBe(200)
    expect((await readOnly.GET('/materials', {})).response.status).toBe(200)
  })
})
