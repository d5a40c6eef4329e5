import {
  ErrorCode,
  type HistorySearchPage,
  MerchantPath as M,
  type MerchantAccountView,
  type MerchantCodeView,
  type MerchantPublicInfo,
  Role,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let otherBoss: string

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
})
afterAll(() => ctx.close())

async function issue(body: {
  name: string
  quota: number
  expiresAt: number | null
}): Promise<MerchantCodeView> {
  const r = await ctx.call('POST', M.create, { token: boss, body })
  expect(r.code).toBe(0)
  return r.data as MerchantCodeView
}

const info = (c: string) => ctx.call('GET', M.publicInfo, { query: { c } })
const link = (c: string, phone: string) => ctx.call('POST', M.publicLink, { query: { c }, body: { phone } })

/** A supplier links `phone` through the public page: the code is typed on the simulated phone. */
async function supplierLinks(c: string, phone: string): Promise<number> {
  const r = await link(c, phone)
  expect(r.code).toBe(0)
  const { accountId, code } = r.data as { accountId: number; code: string }
  expect(code).toMatch(/^[A-Z1-9]{8}$/)
  ctx.sim.network.enterPairingCode(phone, code)
  await ctx.sim.settle()
  return accountId
}

describe('a supplier links a number from the public page', () => {
  let share: MerchantCodeView
  let accountId: number
  const phone = '8613800007001'

  beforeAll(async () => {
    await ctx.ports(tenant, 3)
    share = await issue({ name: 'Supplier A', quota: 2, expiresAt: null })
  })

  it('shows what the code allows without a sign-in, and nothing of the tenant', async () => {
    const r = await info(share.code)
    expect(r.code).toBe(0)
    expect(r.data).toEqual({ name: 'Supplier A', quota: 2, linked: 0, expiresAt: null, accounts: [] })
  })

  it('answers a pairing code; typed on the phone, the number comes online in the tenant', async () => {
    accountId = await supplierLinks(share.code, '+86 138-0000-7001')
    const status = await ctx.call('GET', M.publicStatus, {
      query: { c: share.code, accountId: String(accountId) },
    })
    expect(status.data).toMatchObject({ accountId, accountStatus: 'online' })
    const row = await ctx.db
      .selectFrom('ws_accounts')
      .select(['tenant_id', 'phone', 'status', 'linked'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ tenant_id: tenant, phone, status: 'online', linked: 1 })

    const pub = (await info(share.code)).data as MerchantPublicInfo
    expect(pub.linked).toBe(1)
    expect(pub.accounts).toEqual([{ accountId, phone, status: 'online' }])
    const list = await ctx.call('GET', M.accounts, { token: boss, query: { id: String(share.id) } })
    expect((list.data as { list: MerchantAccountView[] }).list).toMatchObject([
      { accountId, phone, status: 'online', deleted: false },
    ])
  })

  it("shows the number's chats on the share page and to the supervisor", async () => {
    ctx.sim.network.customerSend('447700900701', phone, { kind: 'text', text: 'do you ship to Leeds?' })
    await ctx.sim.settle(100)
    const pub = await ctx.call('POST', M.publicChatHistory, { query: { c: share.code }, body: {} })
    expect(pub.code).toBe(0)
    const page = pub.data as HistorySearchPage
    expect(page.list.map((h) => h.body)).toContain('do you ship to Leeds?')
    expect(page.list[0]).toMatchObject({ account: { id: accountId }, agent: null, sentBy: null })

    const mine = await ctx.call('POST', M.chatHistory, {
      token: boss,
      body: { id: share.id, keyword: 'Leeds' },
    })
    expect((mine.data as HistorySearchPage).list.map((h) => h.body)).toEqual(['do you ship to Leeds?'])
  })

  it('keeps another tenant out, and a number not linked through the code', async () => {
    expect(
      (await ctx.call('GET', M.accounts, { token: otherBoss, query: { id: String(share.id) } })).code,
    ).toBe(404)
    expect((await ctx.call('POST', M.chatHistory, { token: otherBoss, body: { id: share.id } })).code).toBe(
      404,
    )
    expect((await ctx.call('PUT', M.revoke, { token: otherBoss, body: { id: share.id } })).code).toBe(404)
    const stranger = await ctx.linkAccount(tenant, '8613800007099')
    expect(
      (await ctx.call('GET', M.publicStatus, { query: { c: share.code, accountId: String(stranger) } })).code,
    ).toBe(404)
    expect(
      (
        await ctx.call('POST', M.publicChatHistory, {
          query: { c: share.code },
          body: { accountId: stranger },
        })
      ).code,
    ).toBe(404)
  })

  it('refuses a quota below the numbers linked', async () => {
    const r = await ctx.call('PUT', M.update, {
      token: boss,
      body: { id: share.id, name: 'Supplier A', quota: 0, expiresAt: null },
    })
    expect(r.code).toBe(400)
    await ctx.call('PUT', M.update, {
      token: boss,
      body: { id: share.id, name: 'Supplier A', quota: 1, expiresAt: null },
    })
    const listed = await ctx.call('POST', M.page, { token: boss, body: {} })
    expect((listed.data as { list: MerchantCodeView[] }).list[0]).toMatchObject({ quota: 1, linked: 1 })
  })
})

describe('codes that cannot link', () => {
  it('refuses a number past the quota', async () => {
    await ctx.ports(tenant, 2)
    const share = await issue({ name: 'One only', quota: 1, expiresAt: null })
    await supplierLinks(share.code, '8613800007101')
    const r = await link(share.code, '8613800007102')
    expect(r.code).toBe(ErrorCode.merchantQuotaFull)
    expect(r.msg).toBe('该链接可接入的号码已满')
    const en = await ctx.call('POST', M.publicLink, {
      query: { c: share.code },
      body: { phone: '8613800007102' },
      headers: { language: 'en' },
    })
    expect(en.msg).toBe('This link has reached its quota of numbers')
    const lowered = await ctx.call('PUT', M.update, {
      token: boss,
      body: { id: share.id, name: 'One only', quota: 1, expiresAt: null },
    })
    expect(lowered.code).toBe(0)
  })

  it('refuses an expired code on every public call', async () => {
    const share = await issue({ name: 'Old', quota: 5, expiresAt: Date.now() - 1_000 })
    expect((await info(share.code)).code).toBe(ErrorCode.merchantCodeExpired)
    expect((await link(share.code, '8613800007201')).code).toBe(ErrorCode.merchantCodeExpired)
    expect((await ctx.call('POST', M.publicChatHistory, { query: { c: share.code }, body: {} })).code).toBe(
      ErrorCode.merchantCodeExpired,
    )
    const listed = await ctx.call('POST', M.page, { token: boss, body: { name: 'Old' } })
    expect((listed.data as { list: MerchantCodeView[] }).list).toMatchObject([{ state: 'expired' }])
  })

  it('refuses a revoked code, and an unknown one', async () => {
    const share = await issue({ name: 'Gone', quota: 5, expiresAt: null })
    expect((await info(share.code)).code).toBe(0)
    expect((await ctx.call('PUT', M.revoke, { token: boss, body: { id: share.id } })).code).toBe(0)
    expect((await info(share.code)).code).toBe(ErrorCode.merchantCodeRevoked)
    expect((await link(share.code, '8613800007301')).code).toBe(ErrorCode.merchantCodeRevoked)
    expect((await info('no-such-code')).code).toBe(ErrorCode.merchantCodeInvalid)
  })

  it('is for the supervisor only', async () => {
    const agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
    expect((await ctx.call('POST', M.page, { token: agent, body: {} })).code).toBe(403)
    expect((await ctx.call('POST', M.page, { body: {} })).code).toBe(401)
  })
})

describe('the history behind a code pages by keyset', () => {
  it('walks every message once, newest first, across the pages', async () => {
    await ctx.ports(tenant, 1)
    const share = await issue({ name: 'Pager', quota: 1, expiresAt: null })
    const phone = '8613800007401'
    await supplierLinks(share.code, phone)
    const sent: string[] = []
    for (let i = 0; i < 7; i++) {
      const text = `order ${i}`
      sent.push(text)
      ctx.sim.network.customerSend(`44770090${i}401`, phone, { kind: 'text', text })
      await ctx.sim.settle(1_000)
    }
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const r = await ctx.call('POST', M.publicChatHistory, {
        query: { c: share.code },
        body: { pageSize: 3, ...(cursor ? { cursor } : {}) },
      })
      const page = r.data as HistorySearchPage
      expect(page.list.length).toBeLessThanOrEqual(3)
      seen.push(...page.list.map((h) => h.body))
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...sent].reverse())
  })
})
