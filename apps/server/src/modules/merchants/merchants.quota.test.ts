import { ErrorCode, MerchantPath as M, type MerchantCodeView, type MerchantPublicInfo, Role } from '@app/core'
import { CompiledQuery, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialectOf } from '../../db/dialect.js'
import { openSystemScope } from '../../db/system-scope.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { MerchantsRepository } from './merchants.repository.js'

/** Tests look rows up across tenants. */
const system = openSystemScope('modules/merchants/merchants.quota.test')

let ctx: TestContext
let tenant: number
let boss: string

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
})
afterAll(() => ctx.close())

async function issue(name: string, quota: number): Promise<MerchantCodeView> {
  const r = await ctx.call('POST', M.create, { token: boss, body: { name, quota, expiresAt: null } })
  expect(r.code).toBe(0)
  return r.data as MerchantCodeView
}

const link = (c: string, phone: string) => ctx.call('POST', M.publicLink, { query: { c }, body: { phone } })
const info = async (c: string) =>
  (await ctx.call('GET', M.publicInfo, { query: { c } })).data as MerchantPublicInfo

async function slots(codeId: number) {
  const code = await ctx.db
    .selectFrom('merchant_codes')
    .select('taken')
    .where('tenant_id', '=', tenant)
    .where('id', '=', codeId)
    .executeTakeFirstOrThrow()
  const links = await ctx.db
    .selectFrom('merchant_links')
    .select('phone')
    .where('tenant_id', '=', tenant)
    .where('code_id', '=', codeId)
    .execute()
  return { taken: Number(code.taken), phones: links.map((l) => l.phone) }
}

describe('the last slot of a code', () => {
  it('goes to one of two numbers linked at the same moment', async () => {
    await ctx.ports(tenant, 4)
    const share = await issue('Race', 1)
    const results = await Promise.all([link(share.code, '8613800008001'), link(share.code, '8613800008002')])
    const codes = results.map((r) => r.code).sort()
    expect(codes).toEqual([0, ErrorCode.merchantQuotaFull].sort())
    const { taken, phones } = await slots(share.id)
    expect(taken).toBe(1)
    expect(phones).toHaveLength(1)
    expect((await info(share.code)).linked).toBe(1)
  })

  it('lets as many numbers through as there are slots, however many ask at once', async () => {
    await ctx.ports(tenant, 6)
    const share = await issue('Crowd', 3)
    const phones = Array.from({ length: 6 }, (_, i) => `86138000081${i}0`)
    const results = await Promise.all(phones.map((p) => link(share.code, p)))
    expect(results.filter((r) => r.code === 0)).toHaveLength(3)
    expect(results.filter((r) => r.code === ErrorCode.merchantQuotaFull)).toHaveLength(3)
    const s = await slots(share.id)
    expect(s.taken).toBe(3)
    expect(s.phones).toHaveLength(3)
  })
})

describe('a slot is given back', () => {
  it('when the login cannot start', async () => {
    const share = await issue('Taken number', 1)
    // a number live in the tenant already cannot be linked again
    await ctx.linkAccount(tenant, '8613800008201')
    const refused = await link(share.code, '8613800008201')
    expect(refused.code).toBe(ErrorCode.phoneAlreadyLinked)
    expect(await slots(share.id)).toEqual({ taken: 0, phones: [] })
    expect((await link(share.code, '8613800008202')).code).toBe(0)
    expect(await slots(share.id)).toEqual({ taken: 1, phones: ['8613800008202'] })
  })

  it('when the number is not linked in time, and kept once it is', async () => {
    await ctx.ports(tenant, 2)
    const share = await issue('Slow', 1)
    const r = await link(share.code, '8613800008301')
    expect(r.code).toBe(0)
    expect((await link(share.code, '8613800008302')).code).toBe(ErrorCode.merchantQuotaFull)
    // the hold of the first linking runs out
    await ctx.db
      .updateTable('merchant_links')
      .set({ pending_until: Date.now() - 1 })
      .where('tenant_id', '=', tenant)
      .where('code_id', '=', share.id)
      .execute()
    expect((await info(share.code)).linked).toBe(0)
    expect(await slots(share.id)).toEqual({ taken: 0, phones: [] })

    const again = await link(share.code, '8613800008302')
    expect(again.code).toBe(0)
    const { accountId, code } = again.data as { accountId: number; code: string }
    ctx.sim.network.enterPairingCode('8613800008302', code)
    await ctx.sim.settle()
    const status = await ctx.call('GET', M.publicStatus, {
      query: { c: share.code, accountId: String(accountId) },
    })
    expect(status.data).toMatchObject({ accountId, accountStatus: 'online' })
    const pending = await ctx.db
      .selectFrom('merchant_links')
      .select('pending_until')
      .where('tenant_id', '=', tenant)
      .where('code_id', '=', share.id)
      .executeTakeFirstOrThrow()
    expect(pending.pending_until).toBeNull()
    expect((await info(share.code)).linked).toBe(1)
    expect((await link(share.code, '8613800008303')).code).toBe(ErrorCode.merchantQuotaFull)
  })
})

describe("the linking page's poll", () => {
  it('reads the code, the link and the account in one statement found by indexes', async (t) => {
    if (dialectOf(ctx.db as unknown as Kysely<unknown>) !== 'sqlite') t.skip()
    const q = new MerchantsRepository(ctx.db).systemLinkStatusQuery(system, 'abc', 1).compile()
    const plan = await ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    )
    const details = plan.rows.map((r) => r.detail)
    // merchant_codes by its unique code, merchant_links by (code_id, account_id), ws_accounts by id
    expect(details).toHaveLength(3)
    for (const d of details) expect(d).toMatch(/^SEARCH \S+ USING (COVERING )?(INDEX|INTEGER PRIMARY KEY)/)
  })
})
