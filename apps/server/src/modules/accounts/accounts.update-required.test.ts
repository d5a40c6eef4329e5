import { PlatformPath, Role, type SystemStatusView } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminToken, createTestContext, type TestContext } from '../../test/harness.js'
import { sample } from '../../test/metrics.js'

const SHOP = '8613800000007'

describe('a number WhatsApp refuses until the client is updated', () => {
  let ctx: TestContext
  let tenant: number
  let boss: string
  let accountId: number
  beforeAll(async () => {
    ctx = await createTestContext()
    tenant = await ctx.tenant('upd')
    boss = (await ctx.as(tenant, Role.customerMaster, 'upd-boss')).token
    accountId = await ctx.linkAccount(tenant, SHOP)
    ctx.sim.network.requireUpdate(SHOP)
    await ctx.sim.settle()
    await ctx.risk.warnings.idle()
  })
  afterAll(() => ctx.close())

  it('shows as abnormal, "WhatsApp requires an update", and stays linked', async () => {
    const row = await ctx.db
      .selectFrom('ws_accounts')
      .select(['status', 'abnormal_reason', 'linked'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'abnormal', abnormal_reason: 'update_required', linked: 1 })
  })

  it('warns the tenant once', async () => {
    const r = await ctx.call('POST', '/damai/customer/risk/warning/page', {
      token: boss,
      body: { current: 1, pageSize: 100 },
    })
    const list = (r.data as { list: { kind: string; level: number; accountId: number }[] }).list
    expect(list.filter((w) => w.kind === 'update_required')).toEqual([
      expect.objectContaining({ kind: 'update_required', level: 3, accountId }),
    ])
  })

  it("counts the refusals on /metrics and the admin's status panel counts the number", async () => {
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' })
    // the retry at once with the newest version, then the refusal that made it wait
    expect(sample(metrics.body, 'wsdesk_wa_version_rejections_total')).toBe(2)
    const st = await ctx.call('GET', PlatformPath.systemStatus, { token: await adminToken(ctx) })
    expect((st.data as SystemStatusView).whatsapp).toEqual({
      version: null,
      source: null,
      fetchedAt: null,
      updateRequired: 1,
    })
  })

  it('comes back online by itself once an accepted version is out', async () => {
    ctx.sim.network.publishUpdate(SHOP)
    await ctx.sim.settle()
    const row = await ctx.db
      .selectFrom('ws_accounts')
      .select(['status', 'abnormal_reason'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'online', abnormal_reason: null })
  })
})
