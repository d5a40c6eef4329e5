import { DiversionPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
const phones = ['8613800000001', '8613800000002', '8613800000003', '8613800000004', '8613800000005']
let ids: number[]

beforeAll(async () => {
  ctx = await createTestContext({ DIVERSION_VISITS_PER_MINUTE: '100000' })
  tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  ids = []
  for (const p of phones) ids.push(await ctx.linkAccount(tenant, p))
})
afterAll(() => ctx.close())

async function link(accounts: { accountId: number; dailyCap?: number }[], greeting = 'Hi there') {
  const r = await ctx.call('POST', P.create, { token: boss, body: { name: 'ads', greeting, accounts } })
  if (r.code !== 0) throw new Error(r.msg)
  return r.data as { id: number; code: string }
}

const setStatus = (id: number, status: string) =>
  ctx.db.updateTable('ws_accounts').set({ status }).where('id', '=', id).execute()

/** One visit as a browser makes it: the redirect's target. */
async function visit(code: string, lang = 'en-GB,en;q=0.9') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/s?c=${encodeURIComponent(code)}`,
    headers: { 'accept-language': lang },
  })
  expect(res.statusCode).toBe(302)
  return String(res.headers.location)
}
const phoneOf = (location: string) => /^https:\/\/wa\.me\/(\d+)\?text=/.exec(location)?.[1] ?? location

describe('a visit to /s?c=', () => {
  it('sends the visitor to wa.me with the greeting and a visit reference', async () => {
    const l = await link([{ accountId: ids[0] }], 'Hello, I saw your ad')
    const to = await visit(l.code)
    const url = new URL(to)
    expect(url.origin + url.pathname).toBe(`https://wa.me/${phones[0]}`)
    expect(url.searchParams.get('text')).toMatch(/^Hello, I saw your ad #[A-HJ-NP-Z2-9]{6}$/)
    const rows = await ctx.db.selectFrom('diversion_visits').selectAll().where('link_id', '=', l.id).execute()
    expect(rows).toHaveLength(1)
    expect(url.searchParams.get('text')).toContain(`#${rows[0].ref}`)
  })

  it('spreads a thousand visits evenly over the online accounts, skipping offline, banned and capped ones', async () => {
    const l = await link([
      { accountId: ids[0] },
      { accountId: ids[1] },
      { accountId: ids[2] },
      { accountId: ids[3], dailyCap: 10 },
      { accountId: ids[4] },
    ])
    await setStatus(ids[1], 'offline')
    await setStatus(ids[4], 'banned')
    const counts = new Map<string, number>()
    // ten visitors at a time
    for (let i = 0; i < 100; i++) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => visit(l.code)))
      for (const p of batch.map(phoneOf)) counts.set(p, (counts.get(p) ?? 0) + 1)
    }
    // the capped account takes its 10, the two others share the rest
    expect(counts.get(phones[3])).toBe(10)
    expect(counts.has(phones[1])).toBe(false)
    expect(counts.has(phones[4])).toBe(false)
    const a = counts.get(phones[0]) ?? 0
    const c = counts.get(phones[2]) ?? 0
    expect(a + c).toBe(990)
    // each visit's turn is one atomic count: the two share the rest within a few visits
    expect(Math.abs(a - c)).toBeLessThanOrEqual(4)

    const stats = await ctx.call('GET', P.stats, { token: boss, query: { id: String(l.id) } })
    expect(stats.data).toMatchObject({ visits: 1000, redirected: 1000, newFans: 0 })
    const perAccount = (stats.data as { accounts: { accountId: number; visits: number; today: number }[] })
      .accounts
    expect(perAccount.find((x) => x.accountId === ids[3])).toMatchObject({ visits: 10, today: 10 })
    await setStatus(ids[1], 'online')
    await setStatus(ids[4], 'online')
  }, 180_000)

  it('never passes a cap under concurrent visits', async () => {
    const l = await link([
      { accountId: ids[0], dailyCap: 5 },
      { accountId: ids[1], dailyCap: 7 },
    ])
    const all = await Promise.all(
      Array.from({ length: 40 }, () => ctx.app.inject({ method: 'GET', url: `/s?c=${l.code}` })),
    )
    const targets = all.map((r) => String(r.headers.location))
    const sent = targets.filter((t) => t.startsWith('https://wa.me/'))
    expect(sent.filter((t) => phoneOf(t) === phones[0])).toHaveLength(5)
    expect(sent.filter((t) => phoneOf(t) === phones[1])).toHaveLength(7)
    expect(targets.filter((t) => t.startsWith('/s?'))).toHaveLength(28)
    const rows = await ctx.db
      .selectFrom('diversion_visits')
      .select('account_id')
      .where('link_id', '=', l.id)
      .execute()
    expect(rows).toHaveLength(12)
  })

  it('shows why when every account is banned or offline, the link is disabled, or the code is unknown', async () => {
    const l = await link([{ accountId: ids[3] }, { accountId: ids[4] }])
    await setStatus(ids[3], 'banned')
    await setStatus(ids[4], 'offline')
    expect(await visit(l.code)).toBe(`/s?c=${l.code}&why=no_account&lang=en`)
    expect(await visit(l.code, 'zh-CN,zh;q=0.9')).toBe(`/s?c=${l.code}&why=no_account&lang=zh`)
    await setStatus(ids[3], 'online')
    expect(phoneOf(await visit(l.code))).toBe(phones[3])

    await ctx.call('PUT', P.enable, { token: boss, body: { id: l.id, enabled: false } })
    expect(await visit(l.code)).toBe(`/s?c=${l.code}&why=disabled&lang=en`)
    expect(await visit('no-such-code')).toBe('/s?c=no-such-code&why=unknown&lang=en')
    await setStatus(ids[4], 'online')
  })

  it('answers the reason in the visitor’s language where no web page is built', async () => {
    const r = await ctx.call('GET', '/s', { query: { c: 'x', why: 'disabled' }, headers: { language: 'en' } })
    expect(r).toMatchObject({ code: 3134, msg: 'This link is disabled' })
    const j = await ctx.call('GET', P.publicVisit, { query: { c: 'nope' }, headers: { language: 'zh' } })
    expect(j).toMatchObject({ code: 3133, msg: '链接不存在' })
    const l = await link([{ accountId: ids[2] }])
    const ok = await ctx.call('GET', P.publicVisit, { query: { c: l.code } })
    expect((ok.data as { url: string }).url).toMatch(new RegExp(`^https://wa.me/${phones[2]}\\?text=`))
  })
})

describe('the visit rate limit', () => {
  it('answers 429 to one address past the limit per minute', async () => {
    const limited = await createTestContext({ DIVERSION_VISITS_PER_MINUTE: '3' })
    try {
      const codes = []
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'GET', url: '/s?c=abc' })
        codes.push(res.statusCode === 302 ? 302 : (res.json() as { code: number }).code)
      }
      // business outcomes answer HTTP 200 with their code in the envelope
      expect(codes).toEqual([302, 302, 302, 429])
    } finally {
      await limited.close()
    }
  })
})
