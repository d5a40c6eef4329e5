import { ErrorCode, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'

let ctx: TestContext
let tenant: number
let boss: string
let otherBoss: string
let a: number
let b: number
let theirs: number
const DAY = 86_400_000
const D0 = Date.UTC(2026, 0, 10)
const url = '/damai/customer/wsAccount/acquisitionStatistics'

async function fans(accountId: number, times: number[]) {
  const acc = await ctx.db
    .selectFrom('ws_accounts')
    .select('tenant_id')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  for (const [i, t] of times.entries()) {
    await ctx.db
      .insertInto('fans')
      .values({
        tenant_id: acc.tenant_id,
        account_id: accountId,
        jid: `44770${accountId}${i}${t}@s.whatsapp.net`,
        phone: null,
        lid: null,
        source: 'passive_add',
        created_at: t,
        updated_at: t,
      })
      .execute()
  }
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  const other = await ctx.tenant('rival')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  otherBoss = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
  a = await ctx.linkAccount(tenant, '8613800000001')
  b = await ctx.linkAccount(tenant, '8613800000002')
  theirs = await ctx.linkAccount(other, '8613800000009')
  await fans(a, [D0 + 1_000, D0 + 2_000, D0 + DAY + 5, D0 + 3 * DAY - 1])
  await fans(b, [D0 + DAY + 7 * 3_600_000])
  await fans(theirs, [D0 + 1])
})
afterAll(() => ctx.close())

describe('acquisition statistics', () => {
  it('answers 401, 403 and 400', async () => {
    expect((await ctx.call('POST', url, { body: { from: D0, to: D0 + DAY } })).code).toBe(401)
    const agent = (await ctx.as(tenant, Role.customerUser, 'agent')).token
    expect((await ctx.call('POST', url, { token: agent, body: { from: D0, to: D0 + DAY } })).code).toBe(403)
    expect((await ctx.call('POST', url, { token: boss, body: { from: 'x' } })).code).toBe(400)
  })

  it('refuses an empty or too long range', async () => {
    expect((await ctx.call('POST', url, { token: boss, body: { from: D0, to: D0 } })).code).toBe(
      ErrorCode.dateRangeInvalid,
    )
    expect((await ctx.call('POST', url, { token: boss, body: { from: D0, to: D0 + 93 * DAY } })).code).toBe(
      ErrorCode.dateRangeInvalid,
    )
  })

  it("answers not found when asked for another tenant's account", async () => {
    expect(
      (
        await ctx.call('POST', url, {
          token: boss,
          body: { from: D0, to: D0 + DAY, accountIds: [a, theirs] },
        })
      ).code,
    ).toBe(404)
  })

  it('counts new fans per account per day (UTC by default)', async () => {
    const r = await ctx.call('POST', url, { token: boss, body: { from: D0, to: D0 + 3 * DAY } })
    expect(r.data).toEqual({
      days: [D0, D0 + DAY, D0 + 2 * DAY],
      rows: [
        { accountId: a, phone: '8613800000001', counts: [2, 1, 1], total: 4 },
        { accountId: b, phone: '8613800000002', counts: [0, 1, 0], total: 1 },
      ],
      links: [],
      agents: [],
    })
  })

  it("cuts days at the viewer's midnight", async () => {
    // UTC+8: D0 00:00 UTC is 08:00 local, so the first local day starts 8 hours before D0
    const r = await ctx.call('POST', url, {
      token: boss,
      body: { from: D0, to: D0 + DAY, accountIds: [b], utcOffsetMinutes: 480 },
    })
    expect(r.data).toEqual({
      days: [D0 - 8 * 3_600_000, D0 + 16 * 3_600_000],
      rows: [{ accountId: b, phone: '8613800000002', counts: [0, 0], total: 0 }],
      links: [],
      agents: [],
    })
    const later = await ctx.call('POST', url, {
      token: boss,
      body: { from: D0 + DAY, to: D0 + 2 * DAY, accountIds: [b], utcOffsetMinutes: 480 },
    })
    expect((later.data as { rows: { counts: number[] }[] }).rows[0].counts).toEqual([1, 0])
  })
})

describe('share codes', () => {
  const share = '/damai/customer/wsAccount/acquisitionShare'
  const pub = '/damai/public/acquisitionStatistics'

  it("cannot share another tenant's account", async () => {
    expect((await ctx.call('POST', share, { token: boss, body: { accountIds: [theirs] } })).code).toBe(404)
  })

  it('shares chosen accounts read-only without sign-in, until revoked', async () => {
    const r = await ctx.call('POST', share, { token: boss, body: { accountIds: [a] } })
    const { id, code } = r.data as { id: number; code: string }
    const seen = await ctx.call('GET', pub, {
      query: { c: code, from: String(D0), to: String(D0 + 3 * DAY) },
    })
    expect(seen.data).toEqual({
      days: [D0, D0 + DAY, D0 + 2 * DAY],
      rows: [{ accountId: a, phone: '8613800000001', counts: [2, 1, 1], total: 4 }],
      links: [],
      agents: [],
    })
    expect((await ctx.call('GET', `${share}/list`, { token: boss })).data).toMatchObject({
      list: [{ id, code, accountIds: [a], revokedAt: null }],
    })
    expect((await ctx.call('GET', `${share}/list`, { token: otherBoss })).data).toEqual({ list: [] })
    expect((await ctx.call('DELETE', share, { token: otherBoss, query: { id: String(id) } })).code).toBe(404)

    expect((await ctx.call('DELETE', share, { token: boss, query: { id: String(id) } })).code).toBe(0)
    const gone = await ctx.call('GET', pub, { query: { c: code }, headers: { language: 'en' } })
    expect(gone).toMatchObject({
      code: ErrorCode.shareCodeInvalid,
      msg: 'This share link is invalid or has expired',
    })
  })

  it('refuses an unknown or expired code', async () => {
    expect((await ctx.call('GET', pub, { query: { c: 'nonexistent-code' } })).code).toBe(
      ErrorCode.shareCodeInvalid,
    )
    const r = await ctx.call('POST', share, { token: boss, body: { expiresAt: Date.now() - 1 } })
    expect((await ctx.call('GET', pub, { query: { c: (r.data as { code: string }).code } })).code).toBe(
      ErrorCode.shareCodeInvalid,
    )
  })

  it('shares every account of the tenant when none are chosen, never another tenant', async () => {
    const r = await ctx.call('POST', share, { token: boss, body: {} })
    const seen = await ctx.call('GET', pub, {
      query: { c: (r.data as { code: string }).code, from: String(D0), to: String(D0 + DAY) },
    })
    expect((seen.data as { rows: { accountId: number }[] }).rows.map((x) => x.accountId)).toEqual([a, b])
  })
})
