import {
  type AdminUserView,
  BillingPath as B,
  type BusinessProfile,
  DAY_MS,
  ErrorCode,
  type OperationsConfig,
  type OrderStatistics,
  PlatformPath as P,
  type Page,
  type RecordView,
  Role,
  type SystemSettingsView,
  type SystemStatusView,
  type TenantView,
  type UserCreated,
  type ValidDateRange,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff, tokenOf } from '../../test/platform.js'

let ctx: TestContext
let s: Staff

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  s = await makeStaff(ctx)
})
afterAll(() => ctx.close())

const tenants = (token: string, body: Record<string, unknown> = {}) =>
  okData<Page<TenantView>>(
    ctx.call('POST', P.tenantQuery, { token, body: { pageNo: 1, pageSize: 100, ...body } }),
  )
const profile = (token: string) =>
  okData<{ specialChannelData: { tenantSpecialChannel: boolean }; businessProfile: BusinessProfile | null }>(
    ctx.call('GET', '/damai/system/user/profile/get', { token }),
  )

describe('supervisors and their tenants', () => {
  it('a supervisor is made with the tenant, its VIP range kept and read back', async () => {
    const t = await makeTenant(ctx, s.biz.token, { days: 10 })
    const range = await okData<ValidDateRange>(
      ctx.call('GET', P.userValidDateRange.replace(':id', String(t.masterId)), { token: s.biz.token }),
    )
    expect(range.validEndDate! - range.validStartDate!).toBeGreaterThanOrEqual(10 * DAY_MS - 1_000)
    const row = (await tenants(s.biz.token, { keyword: t.account })).list[0]
    expect(row?.enterpriseAccount).toBe(t.account)
    expect(row?.vipActive).toBe(true)
    // the VIP runs to 23:59:59 of its end day: ten days from now and the rest of that day
    expect(row?.vipDaysLeft).toBe(11)
    expect(row?.sellerId).toBe(s.biz.id)
  })

  it('refuses a taken enterprise account and a VIP that ends before it starts; nothing is made', async () => {
    const t = await makeTenant(ctx, s.ops.token)
    const now = Date.now()
    const again = await ctx.call('POST', P.userCreate, {
      token: s.ops.token,
      body: {
        roleId: Role.customerMaster,
        username: 'another-boss',
        password: 'Boss2468',
        enterpriseAccount: t.account,
        validStartDate: now,
        validEndDate: now + DAY_MS,
      },
    })
    expect(again.code).toBe(ErrorCode.enterpriseAccountTaken)
    const backwards = await ctx.call('POST', P.userCreate, {
      token: s.ops.token,
      body: {
        roleId: Role.customerMaster,
        username: 'late-boss',
        password: 'Boss2468',
        enterpriseAccount: `late${now}`,
        validStartDate: now,
        validEndDate: now - DAY_MS,
      },
    })
    expect(backwards.code).toBe(ErrorCode.vipRangeInvalid)
    expect((await tenants(s.admin, { keyword: `late${now}` })).total).toBe(0)
  })

  it('moving the VIP end into the past ends the VIP; the range is refused when reversed', async () => {
    const t = await makeTenant(ctx, s.biz.token)
    const past = Date.now() - 2 * DAY_MS
    const bad = await ctx.call('PUT', P.userUpdateDetails, {
      token: s.biz.token,
      body: { id: t.masterId, validStartDate: past, validEndDate: past - DAY_MS },
    })
    expect(bad.code).toBe(ErrorCode.vipRangeInvalid)
    await okData(
      ctx.call('PUT', P.userUpdateDetails, {
        token: s.biz.token,
        body: { id: t.masterId, validStartDate: past - DAY_MS, validEndDate: past },
      }),
    )
    const row = (await tenants(s.biz.token, { keyword: t.account })).list[0]
    expect(row?.vipActive).toBe(false)
    expect((await tenants(s.biz.token, { keyword: t.account, vip: 'expired' })).total).toBe(1)
  })

  it("risk control and the special channel reach the tenant's own people", async () => {
    const t = await makeTenant(ctx, s.biz.token)
    const risk = () =>
      okData<number>(ctx.call('GET', '/damai/admin/user/getTenantRiskStatus', { token: t.masterToken }))
    expect(await risk()).toBe(0)
    await okData(
      ctx.call('PUT', P.userUpdateRiskStatus, {
        token: s.biz.token,
        body: { id: t.masterId, riskStatus: 1 },
      }),
    )
    expect(await risk()).toBe(1)
    await okData(
      ctx.call('PUT', P.userUpdateSpecialChannel, {
        token: s.ops.token,
        body: { id: t.masterId, specialChannel: 1 },
      }),
    )
    expect((await profile(t.masterToken)).specialChannelData.tenantSpecialChannel).toBe(true)
    expect((await tenants(s.ops.token, { riskStatus: 1, specialChannel: 1, keyword: t.account })).total).toBe(
      1,
    )
  })

  it("a seller cannot change another seller's tenant: not found, and nothing changes", async () => {
    const t = await makeTenant(ctx, s.biz.token)
    for (const token of [s.biz2.token, s.ops2.token]) {
      const r = await ctx.call('PUT', P.userUpdateRiskStatus, {
        token,
        body: { id: t.masterId, riskStatus: 1 },
      })
      expect(r.code).not.toBe(0)
    }
    expect((await tenants(s.admin, { keyword: t.account })).list[0]?.riskStatus).toBe(0)
  })

  it('each role sees its own tenants: business its sales, operations theirs and their team’s, admin all', async () => {
    const a = await makeTenant(ctx, s.biz.token)
    const b = await makeTenant(ctx, s.biz2.token)
    const seen = async (token: string) => new Set((await tenants(token)).list.map((t) => t.tenantId))
    const biz = await seen(s.biz.token)
    expect(biz.has(a.tenantId) && !biz.has(b.tenantId)).toBe(true)
    const ops = await seen(s.ops.token)
    expect(ops.has(a.tenantId) && !ops.has(b.tenantId)).toBe(true)
    const admin = await seen(s.admin)
    expect(admin.has(a.tenantId) && admin.has(b.tenantId)).toBe(true)
    const masters = await okData<Page<AdminUserView>>(
      ctx.call('POST', P.userQuery, { token: s.biz2.token, body: { pageNo: 1, pageSize: 100, roleId: 4 } }),
    )
    expect(masters.list.map((m) => m.tenant?.tenantId)).not.toContain(a.tenantId)
  })
})

describe('trial tenants and the operations settings', () => {
  it('refuses a price list out of range with the rule, and keeps the old one', async () => {
    const before = await okData<OperationsConfig>(ctx.call('GET', P.configGet, { token: s.ops.token }))
    const bad = await ctx.call('PUT', P.configUpdate, {
      token: s.ops.token,
      body: { ...before, reminderDays: 91 },
    })
    expect(bad.code).toBe(ErrorCode.badRequest)
    expect(await okData(ctx.call('GET', P.configGet, { token: s.ops.token }))).toEqual(before)
  })

  it('a trial tenant gets the quota and length its operations user set, and is flagged test', async () => {
    const config: OperationsConfig = {
      portPricePerDay: 500,
      seatPricePerDay: 300,
      trialPorts: 2,
      trialSeats: 3,
      trialDays: 5,
      reminderDays: 4,
    }
    await okData(ctx.call('PUT', P.configUpdate, { token: s.ops.token, body: config }))
    expect(await okData(ctx.call('GET', P.configGet, { token: s.ops.token }))).toEqual(config)
    const account = `trial${Date.now().toString(36)}`
    const made = await okData<UserCreated>(
      ctx.call('POST', P.userAddTestUser, {
        token: s.biz.token,
        body: { username: 'tryboss', password: 'Boss2468', enterpriseAccount: account },
      }),
    )
    const row = (await tenants(s.biz.token, { keyword: account })).list[0]
    expect(row?.test).toBe(1)
    expect(row?.vipDaysLeft).toBe(6)
    expect(row?.ports.bought).toBe(2)
    expect(row?.seats.bought).toBe(3)
    const masterToken = await tokenOf(ctx, made.id)
    const ports = await okData<Page<RecordView>>(
      ctx.call('POST', B.myPortQuery, { token: masterToken, body: { pageNo: 1, pageSize: 10 } }),
    )
    expect(ports.list.map((p) => p.daysLeft)).toEqual([5, 5])
  })

  it("the business-edition profile reaches the supervisors its operations user's team sells to", async () => {
    const t = await makeTenant(ctx, s.biz.token)
    const other = await makeTenant(ctx, s.biz2.token)
    const body: BusinessProfile = {
      productName: 'Acme Desk',
      logo: 'https://cdn.example.com/logo.png',
      pageTitle: 'Acme',
      supportContact: '+44 20 0000 0000',
    }
    const bad = await ctx.call('PUT', P.businessSetUpdate, {
      token: s.ops.token,
      body: { ...body, logo: 'javascript:alert(1)' },
    })
    expect(bad.code).toBe(ErrorCode.badRequest)
    await okData(ctx.call('PUT', P.businessSetUpdate, { token: s.ops.token, body }))
    expect((await profile(t.masterToken)).businessProfile).toMatchObject({ productName: 'Acme Desk' })
    expect((await profile(other.masterToken)).businessProfile?.productName ?? '').not.toBe('Acme Desk')
  })
})

describe('the admin’s system settings and status', () => {
  it('keeps the translation key on the server: it is never shown, only whether it is set', async () => {
    const body = {
      siteName: 'WS Desk',
      defaultLanguage: 'en',
      translateUrl: 'https://translate.example.com',
      translateApiKey: 'secret-key-123',
      mapTileUrl: '',
      optOutWords: ['STOP', '退订'],
    }
    expect((await ctx.call('PUT', P.systemSettingUpdate, { token: s.ops.token, body })).code).toBe(403)
    await okData(ctx.call('PUT', P.systemSettingUpdate, { token: s.admin, body }))
    const got = await ctx.call('GET', P.systemSettingGet, { token: s.admin })
    expect(JSON.stringify(got.data)).not.toContain('secret-key-123')
    expect(got.data as SystemSettingsView).toMatchObject({
      translateApiKeySet: true,
      optOutWords: ['STOP', '退订'],
    })
    // leaving the key out keeps it
    const { translateApiKey: _, ...withoutKey } = body
    await okData(ctx.call('PUT', P.systemSettingUpdate, { token: s.admin, body: withoutKey }))
    expect(
      (await okData<SystemSettingsView>(ctx.call('GET', P.systemSettingGet, { token: s.admin })))
        .translateApiKeySet,
    ).toBe(true)
  })

  it('status tells the version, database, tenants and the outbox', async () => {
    const st = await okData<SystemStatusView>(ctx.call('GET', P.systemStatus, { token: s.admin }))
    expect(st.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(['sqlite', 'postgres']).toContain(st.database.kind)
    expect(st.tenants).toBeGreaterThan(1)
    expect(st.outbox.pending).toBeGreaterThanOrEqual(0)
  })
})

describe('order statistics', () => {
  it('counts new, renewed and refunded amounts by kind and seller, and a seller’s view is their own', async () => {
    const t = await makeTenant(ctx, s.biz.token)
    const from = Date.now() - DAY_MS
    const to = Date.now() + DAY_MS
    const stats = (token: string) =>
      okData<OrderStatistics>(
        ctx.call('POST', B.orderStatistics, { token, body: { from, to, utcOffsetMinutes: 0 } }),
      )
    const before = await stats(s.ops.token)
    const made = await okData<{ records: RecordView[] }>(
      ctx.call('POST', B.portCreate, {
        token: s.biz.token,
        body: { tenantId: t.tenantId, quantity: 2, days: 30, amount: 6000, remark: '' },
      }),
    )
    const ids = made.records.map((r) => r.id)
    await okData(
      ctx.call('PUT', B.portRenewal, {
        token: s.biz.token,
        body: { ids, days: 10, amount: 2000, remark: '' },
      }),
    )
    await okData(
      ctx.call('PUT', B.portRefund, {
        token: s.biz.token,
        body: { ids: [ids[0]], amount: 1000, remark: '' },
      }),
    )
    const after = await stats(s.ops.token)
    expect(after.totals.newAmount - before.totals.newAmount).toBe(6000)
    expect(after.totals.newQuantity - before.totals.newQuantity).toBe(2)
    expect(after.totals.renewalAmount - before.totals.renewalAmount).toBe(2000)
    expect(after.totals.refundAmount - before.totals.refundAmount).toBe(1000)
    expect(after.totals.netAmount - before.totals.netAmount).toBe(7000)
    expect(after.byKind.find((k) => k.kind === 'port')?.newAmount).toBeGreaterThanOrEqual(6000)
    expect(after.bySeller.some((l) => l.sellerId === s.biz.id)).toBe(true)
    // a business user is not among the statistics' roles; another operations user sees none of it
    expect(
      (
        await ctx.call('POST', B.orderStatistics, {
          token: s.biz.token,
          body: { from, to, utcOffsetMinutes: 0 },
        })
      ).code,
    ).toBe(403)
    expect((await stats(s.ops2.token)).bySeller.some((l) => l.sellerId === s.biz.id)).toBe(false)
  })
})
